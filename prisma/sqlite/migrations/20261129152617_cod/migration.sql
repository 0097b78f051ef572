-- AlterTable
ALTER TABLE "Parcel" ADD COLUMN "cod_amount" INTEGER;

-- AlterTable
ALTER TABLE "Booking" ADD COLUMN "cod_amount" INTEGER;

-- AlterTable
ALTER TABLE "Statement" ADD COLUMN "remittance_id" INTEGER;

-- CreateTable
CREATE TABLE "CodCollection" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "parcel_id" INTEGER NOT NULL,
    "tracking_code" TEXT NOT NULL,
    "shipper_id" INTEGER,
    "amount" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'expected',
    "method" TEXT,
    "collected_amount" INTEGER,
    "collected_at" DATETIME,
    "collected_by" INTEGER,
    "reference" TEXT,
    "request_hash" TEXT,
    "cashup_id" INTEGER,
    "remittance_id" INTEGER,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "CodCollection_parcel_id_fkey" FOREIGN KEY ("parcel_id") REFERENCES "Parcel" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CodEntry" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "kind" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "debit" TEXT NOT NULL,
    "credit" TEXT NOT NULL,
    "tracking_code" TEXT,
    "parcel_id" INTEGER,
    "collection_id" INTEGER,
    "cashup_id" INTEGER,
    "remittance_id" INTEGER,
    "shipper_id" INTEGER,
    "courier_id" INTEGER,
    "member_id" INTEGER,
    "note" TEXT,
    "reverses" INTEGER
);

-- CreateTable
CREATE TABLE "CodCashup" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "courier_id" INTEGER NOT NULL,
    "expected_amount" INTEGER NOT NULL,
    "counted_amount" INTEGER NOT NULL,
    "difference" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "note" TEXT,
    "member_id" INTEGER NOT NULL,
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "CodRemittance" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "number" TEXT NOT NULL,
    "shipper_id" INTEGER NOT NULL,
    "to" DATETIME NOT NULL,
    "total_collected" INTEGER NOT NULL,
    "offsets" TEXT NOT NULL DEFAULT '[]',
    "net" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "paid_reference" TEXT,
    "paid_at" DATETIME,
    "cancelled_at" DATETIME,
    "member_id" INTEGER NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL
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
    "cod_max" INTEGER NOT NULL DEFAULT 500000,
    "courier_cash_limit" INTEGER NOT NULL DEFAULT 200000,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL
);
INSERT INTO "new_Settings" ("chat_code", "company_name", "contact_address", "contact_email", "contact_instagram", "contact_phone", "contact_phone_alt", "contact_telegram", "contact_twitter", "courier_speed_kmh", "created_at", "currency", "delivery_window_minutes", "depot_latitude", "depot_longitude", "id", "mail_driver", "mail_template", "max_amount", "meta_description", "notify_stops_before", "pickup_cutoff", "shipper_signup", "smtp_allow_plain", "stop_minutes", "updated_at") SELECT "chat_code", "company_name", "contact_address", "contact_email", "contact_instagram", "contact_phone", "contact_phone_alt", "contact_telegram", "contact_twitter", "courier_speed_kmh", "created_at", "currency", "delivery_window_minutes", "depot_latitude", "depot_longitude", "id", "mail_driver", "mail_template", "max_amount", "meta_description", "notify_stops_before", "pickup_cutoff", "shipper_signup", "smtp_allow_plain", "stop_minutes", "updated_at" FROM "Settings";
DROP TABLE "Settings";
ALTER TABLE "new_Settings" RENAME TO "Settings";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "CodCollection_parcel_id_key" ON "CodCollection"("parcel_id");

-- CreateIndex
CREATE INDEX "CodCollection_collected_by_status_idx" ON "CodCollection"("collected_by", "status");

-- CreateIndex
CREATE INDEX "CodCollection_shipper_id_status_idx" ON "CodCollection"("shipper_id", "status");

-- CreateIndex
CREATE INDEX "CodCollection_status_idx" ON "CodCollection"("status");

-- CreateIndex
CREATE INDEX "CodCollection_cashup_id_idx" ON "CodCollection"("cashup_id");

-- CreateIndex
CREATE INDEX "CodCollection_remittance_id_idx" ON "CodCollection"("remittance_id");

-- CreateIndex
CREATE UNIQUE INDEX "CodEntry_reverses_key" ON "CodEntry"("reverses");

-- CreateIndex
CREATE INDEX "CodEntry_at_idx" ON "CodEntry"("at");

-- CreateIndex
CREATE INDEX "CodEntry_tracking_code_at_idx" ON "CodEntry"("tracking_code", "at");

-- CreateIndex
CREATE INDEX "CodEntry_parcel_id_idx" ON "CodEntry"("parcel_id");

-- CreateIndex
CREATE INDEX "CodEntry_shipper_id_at_idx" ON "CodEntry"("shipper_id", "at");

-- CreateIndex
CREATE INDEX "CodEntry_courier_id_at_idx" ON "CodEntry"("courier_id", "at");

-- CreateIndex
CREATE INDEX "CodEntry_debit_currency_amount_idx" ON "CodEntry"("debit", "currency", "amount");

-- CreateIndex
CREATE INDEX "CodEntry_credit_currency_amount_idx" ON "CodEntry"("credit", "currency", "amount");

-- CreateIndex
CREATE INDEX "CodCashup_courier_id_at_idx" ON "CodCashup"("courier_id", "at");

-- CreateIndex
CREATE INDEX "CodCashup_at_idx" ON "CodCashup"("at");

-- CreateIndex
CREATE UNIQUE INDEX "CodRemittance_number_key" ON "CodRemittance"("number");

-- CreateIndex
CREATE INDEX "CodRemittance_shipper_id_created_at_idx" ON "CodRemittance"("shipper_id", "created_at");

-- CreateIndex
CREATE INDEX "CodRemittance_status_idx" ON "CodRemittance"("status");

-- CreateIndex
CREATE INDEX "CodRemittance_created_at_idx" ON "CodRemittance"("created_at");


-- The ledger is append-only by the database itself (contract section 12): an UPDATE or DELETE of an entry
-- is refused whoever sends it; a mistake is undone by a new `reversed` entry. A parcel with ledger entries
-- cannot be deleted either (the service answers 409 first; this holds against any other writer).
CREATE TRIGGER "CodEntry_no_update" BEFORE UPDATE ON "CodEntry" BEGIN
  SELECT RAISE(ABORT, 'cod ledger entries are append-only');
END;
CREATE TRIGGER "CodEntry_no_delete" BEFORE DELETE ON "CodEntry" BEGIN
  SELECT RAISE(ABORT, 'cod ledger entries are append-only');
END;
CREATE TRIGGER "Parcel_cod_entries_kept" BEFORE DELETE ON "Parcel"
WHEN EXISTS (SELECT 1 FROM "CodEntry" WHERE "parcel_id" = OLD."id") BEGIN
  SELECT RAISE(ABORT, 'a parcel with cod ledger entries cannot be deleted');
END;
