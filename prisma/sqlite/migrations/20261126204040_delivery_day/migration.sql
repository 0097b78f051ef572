-- CreateTable
CREATE TABLE "Run" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "courier_id" INTEGER NOT NULL,
    "date" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'planned',
    "start_latitude" REAL,
    "start_longitude" REAL,
    "distance_m" INTEGER NOT NULL DEFAULT 0,
    "duration_min" INTEGER NOT NULL DEFAULT 0,
    "started_at" DATETIME,
    "finished_at" DATETIME,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Stop" (
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
    CONSTRAINT "Stop_parcel_id_fkey" FOREIGN KEY ("parcel_id") REFERENCES "Parcel" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Position" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "run_id" INTEGER NOT NULL,
    "latitude" REAL NOT NULL,
    "longitude" REAL NOT NULL,
    "accuracy" REAL,
    "at" DATETIME NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Position_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "Run" ("id") ON DELETE CASCADE ON UPDATE CASCADE
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
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL
);
INSERT INTO "new_Settings" ("chat_code", "contact_address", "contact_email", "contact_instagram", "contact_phone", "contact_phone_alt", "contact_telegram", "contact_twitter", "created_at", "id", "mail_driver", "mail_template", "meta_description", "smtp_allow_plain", "updated_at") SELECT "chat_code", "contact_address", "contact_email", "contact_instagram", "contact_phone", "contact_phone_alt", "contact_telegram", "contact_twitter", "created_at", "id", "mail_driver", "mail_template", "meta_description", "smtp_allow_plain", "updated_at" FROM "Settings";
DROP TABLE "Settings";
ALTER TABLE "new_Settings" RENAME TO "Settings";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "Run_date_idx" ON "Run"("date");

-- CreateIndex
CREATE INDEX "Run_courier_id_date_idx" ON "Run"("courier_id", "date");

-- CreateIndex
CREATE INDEX "Stop_run_id_seq_idx" ON "Stop"("run_id", "seq");

-- CreateIndex
CREATE INDEX "Stop_parcel_id_idx" ON "Stop"("parcel_id");

-- CreateIndex
CREATE UNIQUE INDEX "Stop_claim_date_parcel_id_key" ON "Stop"("claim_date", "parcel_id");

-- CreateIndex
CREATE INDEX "Position_run_id_at_idx" ON "Position"("run_id", "at");

-- CreateIndex
CREATE INDEX "Position_created_at_idx" ON "Position"("created_at");

