-- DropIndex
DROP INDEX "Parcel_status_code_idx";

-- AlterTable
ALTER TABLE "Parcel" ADD COLUMN "last_event_at" DATETIME;

-- CreateIndex
CREATE INDEX "Parcel_status_code_last_event_at_idx" ON "Parcel"("status_code", "last_event_at");


-- Hand-written below (Prisma's schema cannot say it; scripts/prisma.mjs check compares models only).

-- last_event_at: the newest history entry's time, or created_at without history, on every write of
-- the history or the parcel's creation time (the stale list reads it through the index above).
UPDATE "Parcel" SET "last_event_at" = COALESCE((SELECT max("created_at") FROM "Activity" WHERE "parcel_id" = "Parcel"."id"), "created_at");
CREATE TRIGGER "Parcel_last_event_insert" AFTER INSERT ON "Parcel" BEGIN
  UPDATE "Parcel" SET "last_event_at" = COALESCE((SELECT max("created_at") FROM "Activity" WHERE "parcel_id" = NEW."id"), NEW."created_at") WHERE "id" = NEW."id";
END;
CREATE TRIGGER "Parcel_last_event_created" AFTER UPDATE OF "created_at" ON "Parcel" BEGIN
  UPDATE "Parcel" SET "last_event_at" = COALESCE((SELECT max("created_at") FROM "Activity" WHERE "parcel_id" = NEW."id"), NEW."created_at") WHERE "id" = NEW."id";
END;
CREATE TRIGGER "Activity_last_event_insert" AFTER INSERT ON "Activity" BEGIN
  UPDATE "Parcel" SET "last_event_at" = COALESCE((SELECT max("created_at") FROM "Activity" WHERE "parcel_id" = NEW."parcel_id"), "created_at") WHERE "id" = NEW."parcel_id";
END;
CREATE TRIGGER "Activity_last_event_update" AFTER UPDATE OF "created_at", "parcel_id" ON "Activity" BEGIN
  UPDATE "Parcel" SET "last_event_at" = COALESCE((SELECT max("created_at") FROM "Activity" WHERE "parcel_id" = "Parcel"."id"), "created_at") WHERE "id" IN (NEW."parcel_id", OLD."parcel_id");
END;
CREATE TRIGGER "Activity_last_event_delete" AFTER DELETE ON "Activity" BEGIN
  UPDATE "Parcel" SET "last_event_at" = COALESCE((SELECT max("created_at") FROM "Activity" WHERE "parcel_id" = OLD."parcel_id"), "created_at") WHERE "id" = OLD."parcel_id";
END;

-- The list's search (tracking code, recipient, destination containing the text): an FTS5 index of
-- trigrams over the three columns, kept by triggers; `contains` cannot use a B-tree.
CREATE VIRTUAL TABLE "ParcelSearch" USING fts5("tracking_code", "recipient_name", "destination", content='Parcel', content_rowid='id', tokenize='trigram');
INSERT INTO "ParcelSearch"("ParcelSearch") VALUES ('rebuild');
CREATE TRIGGER "Parcel_search_insert" AFTER INSERT ON "Parcel" BEGIN
  INSERT INTO "ParcelSearch"(rowid, "tracking_code", "recipient_name", "destination") VALUES (NEW."id", NEW."tracking_code", NEW."recipient_name", NEW."destination");
END;
CREATE TRIGGER "Parcel_search_delete" AFTER DELETE ON "Parcel" BEGIN
  INSERT INTO "ParcelSearch"("ParcelSearch", rowid, "tracking_code", "recipient_name", "destination") VALUES ('delete', OLD."id", OLD."tracking_code", OLD."recipient_name", OLD."destination");
END;
CREATE TRIGGER "Parcel_search_update" AFTER UPDATE OF "tracking_code", "recipient_name", "destination" ON "Parcel" BEGIN
  INSERT INTO "ParcelSearch"("ParcelSearch", rowid, "tracking_code", "recipient_name", "destination") VALUES ('delete', OLD."id", OLD."tracking_code", OLD."recipient_name", OLD."destination");
  INSERT INTO "ParcelSearch"(rowid, "tracking_code", "recipient_name", "destination") VALUES (NEW."id", NEW."tracking_code", NEW."recipient_name", NEW."destination");
END;
