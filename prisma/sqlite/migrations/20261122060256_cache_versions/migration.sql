-- CreateTable
CREATE TABLE "ContentVersion" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT DEFAULT 1,
    "version" INTEGER NOT NULL DEFAULT 0
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Parcel" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tracking_code" TEXT NOT NULL,
    "recipient_name" TEXT NOT NULL,
    "recipient_email" TEXT,
    "recipient_phone_number" TEXT,
    "sender_name" TEXT,
    "sender_email" TEXT,
    "destination" TEXT NOT NULL,
    "current_location" TEXT,
    "pickup_location" TEXT,
    "status" TEXT,
    "weight" REAL,
    "shipped_via" TEXT,
    "parcel_content" TEXT,
    "declared_value" REAL,
    "min_expected_delivery_date" TEXT,
    "max_expected_delivery_date" TEXT,
    "image" TEXT,
    "show_map" TEXT NOT NULL DEFAULT 'no',
    "map_zoom" INTEGER NOT NULL DEFAULT 10,
    "map_current_latitude" REAL,
    "map_current_longitude" REAL,
    "map_pickup_latitude" REAL,
    "map_pickup_longitude" REAL,
    "map_destination_latitude" REAL,
    "map_destination_longitude" REAL,
    "version" INTEGER NOT NULL DEFAULT 0,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL
);
INSERT INTO "new_Parcel" ("created_at", "current_location", "declared_value", "destination", "id", "image", "map_current_latitude", "map_current_longitude", "map_destination_latitude", "map_destination_longitude", "map_pickup_latitude", "map_pickup_longitude", "map_zoom", "max_expected_delivery_date", "min_expected_delivery_date", "parcel_content", "pickup_location", "recipient_email", "recipient_name", "recipient_phone_number", "sender_email", "sender_name", "shipped_via", "show_map", "status", "tracking_code", "updated_at", "weight") SELECT "created_at", "current_location", "declared_value", "destination", "id", "image", "map_current_latitude", "map_current_longitude", "map_destination_latitude", "map_destination_longitude", "map_pickup_latitude", "map_pickup_longitude", "map_zoom", "max_expected_delivery_date", "min_expected_delivery_date", "parcel_content", "pickup_location", "recipient_email", "recipient_name", "recipient_phone_number", "sender_email", "sender_name", "shipped_via", "show_map", "status", "tracking_code", "updated_at", "weight" FROM "Parcel";
DROP TABLE "Parcel";
ALTER TABLE "new_Parcel" RENAME TO "Parcel";
CREATE UNIQUE INDEX "Parcel_tracking_code_key" ON "Parcel"("tracking_code");
CREATE INDEX "Parcel_created_at_idx" ON "Parcel"("created_at");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

