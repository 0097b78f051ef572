-- AlterTable
ALTER TABLE "Parcel" ADD COLUMN "recipient_address" TEXT;
ALTER TABLE "Parcel" ADD COLUMN "sender_address" TEXT;

-- CreateTable
CREATE TABLE "Shipper" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "company" TEXT,
    "phone" TEXT,
    "email_verified" BOOLEAN NOT NULL DEFAULT false,
    "rate_card_id" TEXT,
    "credit_limit" INTEGER,
    "disabled" BOOLEAN NOT NULL DEFAULT false,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "ShipperSession" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shipper_id" INTEGER NOT NULL,
    "expires_at" DATETIME NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ShipperSession_shipper_id_fkey" FOREIGN KEY ("shipper_id") REFERENCES "Shipper" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ShipperToken" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "shipper_id" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" DATETIME NOT NULL,
    "used_at" DATETIME,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ShipperToken_shipper_id_fkey" FOREIGN KEY ("shipper_id") REFERENCES "Shipper" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ShipperAddress" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "shipper_id" INTEGER NOT NULL,
    "address" TEXT NOT NULL,
    "is_default" BOOLEAN NOT NULL DEFAULT false,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "ShipperAddress_shipper_id_fkey" FOREIGN KEY ("shipper_id") REFERENCES "Shipper" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ShipperKey" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "shipper_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "key_hash" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" DATETIME,
    "revoked_at" DATETIME,
    CONSTRAINT "ShipperKey_shipper_id_fkey" FOREIGN KEY ("shipper_id") REFERENCES "Shipper" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Zone" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "countries" TEXT NOT NULL,
    "postcodes" TEXT NOT NULL DEFAULT '',
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Service" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "code" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "transit_days_min" INTEGER NOT NULL,
    "transit_days_max" INTEGER NOT NULL,
    "cutoff" TEXT NOT NULL DEFAULT '17:00',
    "volumetric_divisor" INTEGER NOT NULL DEFAULT 5000,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "RateCard" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "lanes" TEXT NOT NULL DEFAULT '[]',
    "surcharges" TEXT NOT NULL DEFAULT '[]',
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Booking" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "shipper_id" INTEGER NOT NULL,
    "parcel_id" INTEGER,
    "tracking_code" TEXT NOT NULL,
    "service" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "breakdown" TEXT NOT NULL,
    "chargeable_weight_kg" REAL NOT NULL,
    "reference" TEXT,
    "idempotency_key" TEXT,
    "request_hash" TEXT NOT NULL,
    "pickup_id" INTEGER,
    "statement_id" INTEGER,
    "cancelled_at" DATETIME,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Booking_parcel_id_fkey" FOREIGN KEY ("parcel_id") REFERENCES "Parcel" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Pickup" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "shipper_id" INTEGER NOT NULL,
    "date" TEXT NOT NULL,
    "from" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'requested',
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "Statement" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "number" TEXT NOT NULL,
    "shipper_id" INTEGER NOT NULL,
    "from" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "total" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "paid_reference" TEXT,
    "paid_at" DATETIME,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "StatementLine" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "statement_id" INTEGER NOT NULL,
    "booking_id" INTEGER NOT NULL,
    "tracking_code" TEXT NOT NULL,
    "date" TEXT NOT NULL,
    "service" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,
    CONSTRAINT "StatementLine_statement_id_fkey" FOREIGN KEY ("statement_id") REFERENCES "Statement" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Settings" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT DEFAULT 1,
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
    "shipper_signup" TEXT NOT NULL DEFAULT 'open',
    "currency" TEXT NOT NULL DEFAULT 'EUR',
    "pickup_cutoff" TEXT NOT NULL DEFAULT '14:00',
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL
);
INSERT INTO "new_Settings" ("chat_code", "contact_address", "contact_email", "contact_instagram", "contact_phone", "contact_phone_alt", "contact_telegram", "contact_twitter", "courier_speed_kmh", "created_at", "depot_latitude", "depot_longitude", "id", "mail_driver", "mail_template", "meta_description", "notify_stops_before", "smtp_allow_plain", "stop_minutes", "updated_at") SELECT "chat_code", "contact_address", "contact_email", "contact_instagram", "contact_phone", "contact_phone_alt", "contact_telegram", "contact_twitter", "courier_speed_kmh", "created_at", "depot_latitude", "depot_longitude", "id", "mail_driver", "mail_template", "meta_description", "notify_stops_before", "smtp_allow_plain", "stop_minutes", "updated_at" FROM "Settings";
DROP TABLE "Settings";
ALTER TABLE "new_Settings" RENAME TO "Settings";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "Shipper_email_key" ON "Shipper"("email");

-- CreateIndex
CREATE INDEX "ShipperSession_shipper_id_idx" ON "ShipperSession"("shipper_id");

-- CreateIndex
CREATE UNIQUE INDEX "ShipperToken_token_hash_key" ON "ShipperToken"("token_hash");

-- CreateIndex
CREATE INDEX "ShipperToken_shipper_id_idx" ON "ShipperToken"("shipper_id");

-- CreateIndex
CREATE INDEX "ShipperAddress_shipper_id_idx" ON "ShipperAddress"("shipper_id");

-- CreateIndex
CREATE UNIQUE INDEX "ShipperKey_key_hash_key" ON "ShipperKey"("key_hash");

-- CreateIndex
CREATE INDEX "ShipperKey_shipper_id_idx" ON "ShipperKey"("shipper_id");

-- CreateIndex
CREATE UNIQUE INDEX "Zone_name_key" ON "Zone"("name");

-- CreateIndex
CREATE UNIQUE INDEX "Service_code_key" ON "Service"("code");

-- CreateIndex
CREATE UNIQUE INDEX "Booking_tracking_code_key" ON "Booking"("tracking_code");

-- CreateIndex
CREATE INDEX "Booking_parcel_id_idx" ON "Booking"("parcel_id");

-- CreateIndex
CREATE INDEX "Booking_shipper_id_created_at_idx" ON "Booking"("shipper_id", "created_at");

-- CreateIndex
CREATE INDEX "Booking_created_at_idx" ON "Booking"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "Booking_shipper_id_idempotency_key_key" ON "Booking"("shipper_id", "idempotency_key");

-- CreateIndex
CREATE INDEX "Pickup_date_idx" ON "Pickup"("date");

-- CreateIndex
CREATE INDEX "Pickup_shipper_id_idx" ON "Pickup"("shipper_id");

-- CreateIndex
CREATE UNIQUE INDEX "Statement_number_key" ON "Statement"("number");

-- CreateIndex
CREATE INDEX "Statement_shipper_id_idx" ON "Statement"("shipper_id");

-- CreateIndex
CREATE UNIQUE INDEX "StatementLine_booking_id_key" ON "StatementLine"("booking_id");

-- CreateIndex
CREATE INDEX "StatementLine_statement_id_idx" ON "StatementLine"("statement_id");

