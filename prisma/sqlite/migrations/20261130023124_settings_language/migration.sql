-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Settings" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT DEFAULT 1,
    "company_name" TEXT NOT NULL DEFAULT '',
    "language" TEXT NOT NULL DEFAULT 'en',
    "mail_driver" TEXT NOT NULL DEFAULT 'mail',
    "mail_template" TEXT NOT NULL DEFAULT 'html1',
    "smtp_allow_plain" BOOLEAN NOT NULL DEFAULT false,
    "meta_description" TEXT NOT NULL DEFAULT '',
    "chat_code" TEXT NOT NULL DEFAULT '',
    "contact_email" TEXT NOT NULL DEFAULT '',
    "contact_phone" TEXT NOT NULL DEFAULT '',
    "contact_phone_alt" TEXT NOT NULL DEFAULT '',
    "contact_twitter" TEXT NOT NULL DEFAULT '',
    "contact_telegram" TEXT NOT NULL DEFAULT '',
    "contact_instagram" TEXT NOT NULL DEFAULT '',
    "contact_address" TEXT NOT NULL DEFAULT '',
    "depot_latitude" REAL,
    "depot_longitude" REAL,
    "courier_speed_kmh" REAL NOT NULL DEFAULT 25,
    "stop_minutes" REAL NOT NULL DEFAULT 4,
    "notify_stops_before" INTEGER NOT NULL DEFAULT 3,
    "delivery_window_minutes" INTEGER,
    "shipper_signup" TEXT NOT NULL DEFAULT 'open',
    "currency" TEXT NOT NULL DEFAULT 'EUR',
    "pickup_cutoff" TEXT NOT NULL DEFAULT '14:00',
    "max_amount" INTEGER NOT NULL DEFAULT 100000000,
    "sms_enabled" BOOLEAN NOT NULL DEFAULT false,
    "whatsapp_enabled" BOOLEAN NOT NULL DEFAULT false,
    "channel_order" TEXT NOT NULL DEFAULT 'whatsapp,sms,email',
    "sms_daily_limit" INTEGER NOT NULL DEFAULT 1000,
    "whatsapp_template_status" TEXT NOT NULL DEFAULT '',
    "whatsapp_template_window" TEXT NOT NULL DEFAULT '',
    "whatsapp_verify_token" TEXT NOT NULL DEFAULT '',
    "cod_max" INTEGER NOT NULL DEFAULT 500000,
    "courier_cash_limit" INTEGER NOT NULL DEFAULT 200000,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL
);
INSERT INTO "new_Settings" ("channel_order", "chat_code", "cod_max", "company_name", "contact_address", "contact_email", "contact_instagram", "contact_phone", "contact_phone_alt", "contact_telegram", "contact_twitter", "courier_cash_limit", "courier_speed_kmh", "created_at", "currency", "delivery_window_minutes", "depot_latitude", "depot_longitude", "id", "mail_driver", "mail_template", "max_amount", "meta_description", "notify_stops_before", "pickup_cutoff", "shipper_signup", "sms_daily_limit", "sms_enabled", "smtp_allow_plain", "stop_minutes", "updated_at", "whatsapp_enabled", "whatsapp_template_status", "whatsapp_template_window", "whatsapp_verify_token") SELECT "channel_order", "chat_code", "cod_max", "company_name", "contact_address", "contact_email", "contact_instagram", "contact_phone", "contact_phone_alt", "contact_telegram", "contact_twitter", "courier_cash_limit", "courier_speed_kmh", "created_at", "currency", "delivery_window_minutes", "depot_latitude", "depot_longitude", "id", "mail_driver", "mail_template", "max_amount", "meta_description", "notify_stops_before", "pickup_cutoff", "shipper_signup", "sms_daily_limit", "sms_enabled", "smtp_allow_plain", "stop_minutes", "updated_at", "whatsapp_enabled", "whatsapp_template_status", "whatsapp_template_window", "whatsapp_verify_token" FROM "Settings";
DROP TABLE "Settings";
ALTER TABLE "new_Settings" RENAME TO "Settings";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

