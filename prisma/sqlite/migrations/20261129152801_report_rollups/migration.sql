-- CreateTable
CREATE TABLE "ReportDirty" (
    "kind" TEXT NOT NULL,
    "id" INTEGER NOT NULL,

    PRIMARY KEY ("kind", "id")
);

-- CreateTable
CREATE TABLE "ReportFact" (
    "kind" TEXT NOT NULL,
    "id" INTEGER NOT NULL,
    "facts" TEXT NOT NULL,

    PRIMARY KEY ("kind", "id")
);

-- CreateTable
CREATE TABLE "ReportCell" (
    "dim" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "measure" TEXT NOT NULL,
    "n" BIGINT NOT NULL DEFAULT 0,
    "amount" BIGINT NOT NULL DEFAULT 0,

    PRIMARY KEY ("dim", "day", "measure")
);

-- CreateTable
CREATE TABLE "ReportDelivery" (
    "parcel_id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "day" TEXT NOT NULL,
    "tenths" INTEGER NOT NULL
);

-- CreateTable
CREATE TABLE "ReportState" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT DEFAULT 1,
    "fingerprint" TEXT NOT NULL,
    "build" TEXT NOT NULL,
    "ready" BOOLEAN NOT NULL DEFAULT false,
    "updated_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "ReportDelivery_day_tenths_idx" ON "ReportDelivery"("day", "tenths");


-- The roll-ups' marks (server/modules/reports/reports.rollups.ts): every write that can change a report's figure
-- marks its parcel (p), its parcel-less booking (b) or its run (r) in the write's own transaction.
CREATE TRIGGER "report_parcel_ins" AFTER INSERT ON "Parcel" BEGIN
  INSERT OR IGNORE INTO "ReportDirty" ("kind", "id") VALUES ('p', NEW."id");
END;
CREATE TRIGGER "report_parcel_upd" AFTER UPDATE OF "id", "created_at", "max_expected_delivery_date" ON "Parcel" BEGIN
  INSERT OR IGNORE INTO "ReportDirty" ("kind", "id") VALUES ('p', OLD."id"), ('p', NEW."id");
END;
CREATE TRIGGER "report_parcel_del" AFTER DELETE ON "Parcel" BEGIN
  INSERT OR IGNORE INTO "ReportDirty" ("kind", "id") VALUES ('p', OLD."id");
END;
CREATE TRIGGER "report_activity_ins" AFTER INSERT ON "Activity" WHEN NEW."status_code" IN ('picked_up', 'delivered', 'delivery_failed') BEGIN
  INSERT OR IGNORE INTO "ReportDirty" ("kind", "id") VALUES ('p', NEW."parcel_id");
END;
CREATE TRIGGER "report_activity_upd" AFTER UPDATE OF "parcel_id", "status_code", "status_reason", "created_at", "id" ON "Activity"
  WHEN OLD."status_code" IN ('picked_up', 'delivered', 'delivery_failed') OR NEW."status_code" IN ('picked_up', 'delivered', 'delivery_failed') BEGIN
  INSERT OR IGNORE INTO "ReportDirty" ("kind", "id") VALUES ('p', OLD."parcel_id"), ('p', NEW."parcel_id");
END;
CREATE TRIGGER "report_activity_del" AFTER DELETE ON "Activity" WHEN OLD."status_code" IN ('picked_up', 'delivered', 'delivery_failed') BEGIN
  INSERT OR IGNORE INTO "ReportDirty" ("kind", "id") VALUES ('p', OLD."parcel_id");
END;
CREATE TRIGGER "report_booking_ins" AFTER INSERT ON "Booking" BEGIN
  INSERT OR IGNORE INTO "ReportDirty" ("kind", "id") SELECT 'b', NEW."id" UNION ALL SELECT 'p', NEW."parcel_id" WHERE NEW."parcel_id" IS NOT NULL;
END;
CREATE TRIGGER "report_booking_upd" AFTER UPDATE ON "Booking" BEGIN
  INSERT OR IGNORE INTO "ReportDirty" ("kind", "id") SELECT 'b', OLD."id" UNION ALL SELECT 'b', NEW."id"
    UNION ALL SELECT 'p', OLD."parcel_id" WHERE OLD."parcel_id" IS NOT NULL UNION ALL SELECT 'p', NEW."parcel_id" WHERE NEW."parcel_id" IS NOT NULL;
END;
CREATE TRIGGER "report_booking_del" AFTER DELETE ON "Booking" BEGIN
  INSERT OR IGNORE INTO "ReportDirty" ("kind", "id") SELECT 'b', OLD."id" UNION ALL SELECT 'p', OLD."parcel_id" WHERE OLD."parcel_id" IS NOT NULL;
END;
CREATE TRIGGER "report_run_ins" AFTER INSERT ON "Run" BEGIN
  INSERT OR IGNORE INTO "ReportDirty" ("kind", "id") VALUES ('r', NEW."id");
END;
CREATE TRIGGER "report_run_upd" AFTER UPDATE OF "id", "courier_id", "date", "started_at" ON "Run" BEGIN
  INSERT OR IGNORE INTO "ReportDirty" ("kind", "id") VALUES ('r', OLD."id"), ('r', NEW."id");
  INSERT OR IGNORE INTO "ReportDirty" ("kind", "id") SELECT 'p', "parcel_id" FROM "Stop" WHERE "run_id" IN (OLD."id", NEW."id") AND "parcel_id" IS NOT NULL AND OLD."courier_id" <> NEW."courier_id";
END;
CREATE TRIGGER "report_run_del" BEFORE DELETE ON "Run" BEGIN
  INSERT OR IGNORE INTO "ReportDirty" ("kind", "id") VALUES ('r', OLD."id");
  INSERT OR IGNORE INTO "ReportDirty" ("kind", "id") SELECT 'p', "parcel_id" FROM "Stop" WHERE "run_id" = OLD."id" AND "parcel_id" IS NOT NULL;
END;
CREATE TRIGGER "report_stop_ins" AFTER INSERT ON "Stop" BEGIN
  INSERT OR IGNORE INTO "ReportDirty" ("kind", "id") SELECT 'r', NEW."run_id" UNION ALL SELECT 'p', NEW."parcel_id" WHERE NEW."parcel_id" IS NOT NULL;
END;
CREATE TRIGGER "report_stop_upd" AFTER UPDATE OF "id", "run_id", "parcel_id", "status", "done_at" ON "Stop" BEGIN
  INSERT OR IGNORE INTO "ReportDirty" ("kind", "id") SELECT 'r', OLD."run_id" UNION ALL SELECT 'r', NEW."run_id"
    UNION ALL SELECT 'p', OLD."parcel_id" WHERE OLD."parcel_id" IS NOT NULL UNION ALL SELECT 'p', NEW."parcel_id" WHERE NEW."parcel_id" IS NOT NULL;
END;
CREATE TRIGGER "report_stop_del" AFTER DELETE ON "Stop" BEGIN
  INSERT OR IGNORE INTO "ReportDirty" ("kind", "id") SELECT 'r', OLD."run_id" UNION ALL SELECT 'p', OLD."parcel_id" WHERE OLD."parcel_id" IS NOT NULL;
END;
