-- AlterTable
ALTER TABLE "Parcel" ADD COLUMN "recipient_channels" TEXT;

-- CreateTable
CREATE TABLE "Message" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "parcel_id" INTEGER,
    "tracking_code" TEXT NOT NULL DEFAULT '',
    "event" TEXT NOT NULL,
    "payload" TEXT NOT NULL DEFAULT '{}',
    "language" TEXT,
    "channel" TEXT NOT NULL,
    "channels" TEXT NOT NULL DEFAULT '',
    "to" TEXT NOT NULL DEFAULT '',
    "text" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'queued',
    "reason" TEXT,
    "segments" INTEGER,
    "provider_id" TEXT,
    "tries" INTEGER NOT NULL DEFAULT 0,
    "next_try_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "first_try_at" DATETIME,
    "sent_at" DATETIME,
    "history" TEXT NOT NULL DEFAULT '[]',
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "Message_parcel_id_fkey" FOREIGN KEY ("parcel_id") REFERENCES "Parcel" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "MessageOptOut" (
    "number" TEXT NOT NULL PRIMARY KEY,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Settings" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT DEFAULT 1,
    "company_name" TEXT NOT NULL DEFAULT '',
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
INSERT INTO "new_Settings" ("chat_code", "cod_max", "company_name", "contact_address", "contact_email", "contact_instagram", "contact_phone", "contact_phone_alt", "contact_telegram", "contact_twitter", "courier_cash_limit", "courier_speed_kmh", "created_at", "currency", "delivery_window_minutes", "depot_latitude", "depot_longitude", "id", "mail_driver", "mail_template", "max_amount", "meta_description", "notify_stops_before", "pickup_cutoff", "shipper_signup", "smtp_allow_plain", "stop_minutes", "updated_at") SELECT "chat_code", "cod_max", "company_name", "contact_address", "contact_email", "contact_instagram", "contact_phone", "contact_phone_alt", "contact_telegram", "contact_twitter", "courier_cash_limit", "courier_speed_kmh", "created_at", "currency", "delivery_window_minutes", "depot_latitude", "depot_longitude", "id", "mail_driver", "mail_template", "max_amount", "meta_description", "notify_stops_before", "pickup_cutoff", "shipper_signup", "smtp_allow_plain", "stop_minutes", "updated_at" FROM "Settings";
DROP TABLE "Settings";
ALTER TABLE "new_Settings" RENAME TO "Settings";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "Message_status_next_try_at_idx" ON "Message"("status", "next_try_at");

-- CreateIndex
CREATE INDEX "Message_provider_id_idx" ON "Message"("provider_id");

-- CreateIndex
CREATE INDEX "Message_channel_sent_at_idx" ON "Message"("channel", "sent_at");

-- CreateIndex
CREATE INDEX "Message_tracking_code_id_idx" ON "Message"("tracking_code", "id");

-- CreateIndex
CREATE INDEX "Message_created_at_idx" ON "Message"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "Message_parcel_id_event_key" ON "Message"("parcel_id", "event");

