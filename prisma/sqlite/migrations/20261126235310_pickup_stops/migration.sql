-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Stop" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "run_id" INTEGER NOT NULL,
    "seq" INTEGER NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'delivery',
    "parcel_id" INTEGER,
    "pickup_id" INTEGER,
    "claim_date" TEXT,
    "address" TEXT NOT NULL,
    "latitude" REAL NOT NULL,
    "longitude" REAL NOT NULL,
    "leg_m" INTEGER NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "window_from" DATETIME,
    "window_to" DATETIME,
    "done_at" DATETIME,
    "near_notified" BOOLEAN NOT NULL DEFAULT false,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "Stop_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "Run" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Stop_parcel_id_fkey" FOREIGN KEY ("parcel_id") REFERENCES "Parcel" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Stop_pickup_id_fkey" FOREIGN KEY ("pickup_id") REFERENCES "Pickup" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Stop" ("address", "claim_date", "created_at", "done_at", "id", "kind", "latitude", "leg_m", "longitude", "near_notified", "parcel_id", "pickup_id", "run_id", "seq", "status", "updated_at", "window_from", "window_to") SELECT "address", "claim_date", "created_at", "done_at", "id", "kind", "latitude", "leg_m", "longitude", "near_notified", "parcel_id", "pickup_id", "run_id", "seq", "status", "updated_at", "window_from", "window_to" FROM "Stop";
DROP TABLE "Stop";
ALTER TABLE "new_Stop" RENAME TO "Stop";
CREATE INDEX "Stop_run_id_seq_idx" ON "Stop"("run_id", "seq");
CREATE INDEX "Stop_parcel_id_idx" ON "Stop"("parcel_id");
CREATE INDEX "Stop_pickup_id_idx" ON "Stop"("pickup_id");
CREATE UNIQUE INDEX "Stop_claim_date_parcel_id_key" ON "Stop"("claim_date", "parcel_id");
CREATE UNIQUE INDEX "Stop_claim_date_pickup_id_key" ON "Stop"("claim_date", "pickup_id");
CREATE TABLE "new_Booking" (
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
    CONSTRAINT "Booking_parcel_id_fkey" FOREIGN KEY ("parcel_id") REFERENCES "Parcel" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Booking_pickup_id_fkey" FOREIGN KEY ("pickup_id") REFERENCES "Pickup" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Booking" ("amount", "breakdown", "cancelled_at", "chargeable_weight_kg", "created_at", "currency", "id", "idempotency_key", "parcel_id", "pickup_id", "reference", "request_hash", "service", "shipper_id", "statement_id", "tracking_code") SELECT "amount", "breakdown", "cancelled_at", "chargeable_weight_kg", "created_at", "currency", "id", "idempotency_key", "parcel_id", "pickup_id", "reference", "request_hash", "service", "shipper_id", "statement_id", "tracking_code" FROM "Booking";
DROP TABLE "Booking";
ALTER TABLE "new_Booking" RENAME TO "Booking";
CREATE UNIQUE INDEX "Booking_tracking_code_key" ON "Booking"("tracking_code");
CREATE INDEX "Booking_parcel_id_idx" ON "Booking"("parcel_id");
CREATE INDEX "Booking_pickup_id_idx" ON "Booking"("pickup_id");
CREATE INDEX "Booking_shipper_id_created_at_idx" ON "Booking"("shipper_id", "created_at");
CREATE INDEX "Booking_created_at_idx" ON "Booking"("created_at");
CREATE UNIQUE INDEX "Booking_shipper_id_idempotency_key_key" ON "Booking"("shipper_id", "idempotency_key");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

