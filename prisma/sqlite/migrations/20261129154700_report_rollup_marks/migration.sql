-- The roll-ups' marks again (report_rollups' triggers used INSERT OR IGNORE, which a foreign key's action overrides:
-- a parcel's deletion setting its booking's parcel_id to null failed on a mark already there). Each mark is now
-- inserted only when missing, whatever conflict policy the statement that fired it carries.
DROP TRIGGER IF EXISTS "report_parcel_ins";
CREATE TRIGGER "report_parcel_ins" AFTER INSERT ON "Parcel" BEGIN
  INSERT INTO "ReportDirty" ("kind", "id") SELECT "k", "i" FROM (SELECT 'p' AS "k", NEW."id" AS "i") WHERE "i" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "ReportDirty" x WHERE x."kind" = "k" AND x."id" = "i");
END;
DROP TRIGGER IF EXISTS "report_parcel_upd";
CREATE TRIGGER "report_parcel_upd" AFTER UPDATE OF "id", "created_at", "max_expected_delivery_date" ON "Parcel" BEGIN
  INSERT INTO "ReportDirty" ("kind", "id") SELECT "k", "i" FROM (SELECT 'p' AS "k", OLD."id" AS "i" UNION SELECT 'p' AS "k", NEW."id" AS "i") WHERE "i" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "ReportDirty" x WHERE x."kind" = "k" AND x."id" = "i");
END;
DROP TRIGGER IF EXISTS "report_parcel_del";
CREATE TRIGGER "report_parcel_del" AFTER DELETE ON "Parcel" BEGIN
  INSERT INTO "ReportDirty" ("kind", "id") SELECT "k", "i" FROM (SELECT 'p' AS "k", OLD."id" AS "i") WHERE "i" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "ReportDirty" x WHERE x."kind" = "k" AND x."id" = "i");
END;
DROP TRIGGER IF EXISTS "report_activity_ins";
CREATE TRIGGER "report_activity_ins" AFTER INSERT ON "Activity" WHEN NEW."status_code" IN ('picked_up', 'delivered', 'delivery_failed') BEGIN
  INSERT INTO "ReportDirty" ("kind", "id") SELECT "k", "i" FROM (SELECT 'p' AS "k", NEW."parcel_id" AS "i") WHERE "i" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "ReportDirty" x WHERE x."kind" = "k" AND x."id" = "i");
END;
DROP TRIGGER IF EXISTS "report_activity_upd";
CREATE TRIGGER "report_activity_upd" AFTER UPDATE OF "id", "parcel_id", "status_code", "status_reason", "created_at" ON "Activity"
  WHEN OLD."status_code" IN ('picked_up', 'delivered', 'delivery_failed') OR NEW."status_code" IN ('picked_up', 'delivered', 'delivery_failed') BEGIN
  INSERT INTO "ReportDirty" ("kind", "id") SELECT "k", "i" FROM (SELECT 'p' AS "k", OLD."parcel_id" AS "i" UNION SELECT 'p' AS "k", NEW."parcel_id" AS "i") WHERE "i" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "ReportDirty" x WHERE x."kind" = "k" AND x."id" = "i");
END;
DROP TRIGGER IF EXISTS "report_activity_del";
CREATE TRIGGER "report_activity_del" AFTER DELETE ON "Activity" WHEN OLD."status_code" IN ('picked_up', 'delivered', 'delivery_failed') BEGIN
  INSERT INTO "ReportDirty" ("kind", "id") SELECT "k", "i" FROM (SELECT 'p' AS "k", OLD."parcel_id" AS "i") WHERE "i" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "ReportDirty" x WHERE x."kind" = "k" AND x."id" = "i");
END;
DROP TRIGGER IF EXISTS "report_booking_ins";
CREATE TRIGGER "report_booking_ins" AFTER INSERT ON "Booking" BEGIN
  INSERT INTO "ReportDirty" ("kind", "id") SELECT "k", "i" FROM (SELECT 'b' AS "k", NEW."id" AS "i" UNION SELECT 'p' AS "k", NEW."parcel_id" AS "i") WHERE "i" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "ReportDirty" x WHERE x."kind" = "k" AND x."id" = "i");
END;
DROP TRIGGER IF EXISTS "report_booking_upd";
CREATE TRIGGER "report_booking_upd" AFTER UPDATE ON "Booking" BEGIN
  INSERT INTO "ReportDirty" ("kind", "id") SELECT "k", "i" FROM (SELECT 'b' AS "k", OLD."id" AS "i" UNION SELECT 'b' AS "k", NEW."id" AS "i" UNION SELECT 'p' AS "k", OLD."parcel_id" AS "i" UNION SELECT 'p' AS "k", NEW."parcel_id" AS "i") WHERE "i" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "ReportDirty" x WHERE x."kind" = "k" AND x."id" = "i");
END;
DROP TRIGGER IF EXISTS "report_booking_del";
CREATE TRIGGER "report_booking_del" AFTER DELETE ON "Booking" BEGIN
  INSERT INTO "ReportDirty" ("kind", "id") SELECT "k", "i" FROM (SELECT 'b' AS "k", OLD."id" AS "i" UNION SELECT 'p' AS "k", OLD."parcel_id" AS "i") WHERE "i" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "ReportDirty" x WHERE x."kind" = "k" AND x."id" = "i");
END;
DROP TRIGGER IF EXISTS "report_run_ins";
CREATE TRIGGER "report_run_ins" AFTER INSERT ON "Run" BEGIN
  INSERT INTO "ReportDirty" ("kind", "id") SELECT "k", "i" FROM (SELECT 'r' AS "k", NEW."id" AS "i") WHERE "i" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "ReportDirty" x WHERE x."kind" = "k" AND x."id" = "i");
END;
DROP TRIGGER IF EXISTS "report_run_upd";
CREATE TRIGGER "report_run_upd" AFTER UPDATE OF "id", "courier_id", "date", "started_at" ON "Run" BEGIN
  INSERT INTO "ReportDirty" ("kind", "id") SELECT "k", "i" FROM (SELECT 'r' AS "k", OLD."id" AS "i" UNION SELECT 'r' AS "k", NEW."id" AS "i") WHERE "i" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "ReportDirty" x WHERE x."kind" = "k" AND x."id" = "i");
  INSERT INTO "ReportDirty" ("kind", "id") SELECT DISTINCT 'p', s."parcel_id" FROM "Stop" s WHERE s."run_id" = NEW."id" AND s."parcel_id" IS NOT NULL AND OLD."courier_id" <> NEW."courier_id"
    AND NOT EXISTS (SELECT 1 FROM "ReportDirty" x WHERE x."kind" = 'p' AND x."id" = s."parcel_id");
END;
DROP TRIGGER IF EXISTS "report_run_del";
CREATE TRIGGER "report_run_del" BEFORE DELETE ON "Run" BEGIN
  INSERT INTO "ReportDirty" ("kind", "id") SELECT "k", "i" FROM (SELECT 'r' AS "k", OLD."id" AS "i") WHERE "i" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "ReportDirty" x WHERE x."kind" = "k" AND x."id" = "i");
  INSERT INTO "ReportDirty" ("kind", "id") SELECT DISTINCT 'p', s."parcel_id" FROM "Stop" s WHERE s."run_id" = OLD."id" AND s."parcel_id" IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM "ReportDirty" x WHERE x."kind" = 'p' AND x."id" = s."parcel_id");
END;
DROP TRIGGER IF EXISTS "report_stop_ins";
CREATE TRIGGER "report_stop_ins" AFTER INSERT ON "Stop" BEGIN
  INSERT INTO "ReportDirty" ("kind", "id") SELECT "k", "i" FROM (SELECT 'r' AS "k", NEW."run_id" AS "i" UNION SELECT 'p' AS "k", NEW."parcel_id" AS "i") WHERE "i" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "ReportDirty" x WHERE x."kind" = "k" AND x."id" = "i");
END;
DROP TRIGGER IF EXISTS "report_stop_upd";
CREATE TRIGGER "report_stop_upd" AFTER UPDATE OF "id", "run_id", "parcel_id", "status", "done_at" ON "Stop" BEGIN
  INSERT INTO "ReportDirty" ("kind", "id") SELECT "k", "i" FROM (SELECT 'r' AS "k", OLD."run_id" AS "i" UNION SELECT 'r' AS "k", NEW."run_id" AS "i" UNION SELECT 'p' AS "k", OLD."parcel_id" AS "i" UNION SELECT 'p' AS "k", NEW."parcel_id" AS "i") WHERE "i" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "ReportDirty" x WHERE x."kind" = "k" AND x."id" = "i");
END;
DROP TRIGGER IF EXISTS "report_stop_del";
CREATE TRIGGER "report_stop_del" AFTER DELETE ON "Stop" BEGIN
  INSERT INTO "ReportDirty" ("kind", "id") SELECT "k", "i" FROM (SELECT 'r' AS "k", OLD."run_id" AS "i" UNION SELECT 'p' AS "k", OLD."parcel_id" AS "i") WHERE "i" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "ReportDirty" x WHERE x."kind" = "k" AND x."id" = "i");
END;
