-- DropIndex
DROP INDEX "Parcel_status_code_idx";

-- AlterTable
ALTER TABLE "Parcel" ADD COLUMN     "last_event_at" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "Parcel_status_code_last_event_at_idx" ON "Parcel"("status_code", "last_event_at");


-- Hand-written below (Prisma's schema cannot say it; scripts/prisma.mjs check compares models only).

-- last_event_at: the newest history entry's time, or created_at without history, on every write of
-- the history or the parcel's creation time (the stale list reads it through the index above). The
-- functions keep the schema they were created in (tests and deployments may use several).
UPDATE "Parcel" p SET "last_event_at" = COALESCE((SELECT max(a."created_at") FROM "Activity" a WHERE a."parcel_id" = p."id"), p."created_at");
CREATE FUNCTION "parcel_last_event"(parcel integer) RETURNS void LANGUAGE sql SET search_path FROM CURRENT AS $$
  UPDATE "Parcel" p SET "last_event_at" = COALESCE((SELECT max(a."created_at") FROM "Activity" a WHERE a."parcel_id" = p."id"), p."created_at") WHERE p."id" = parcel;
$$;
CREATE FUNCTION "parcel_last_event_trigger"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_TABLE_NAME = 'Parcel' THEN
    PERFORM "parcel_last_event"(NEW."id");
  ELSE
    IF TG_OP <> 'DELETE' THEN PERFORM "parcel_last_event"(NEW."parcel_id"); END IF;
    IF TG_OP <> 'INSERT' THEN PERFORM "parcel_last_event"(OLD."parcel_id"); END IF;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "Parcel_last_event" AFTER INSERT OR UPDATE OF "created_at" ON "Parcel" FOR EACH ROW EXECUTE FUNCTION "parcel_last_event_trigger"();
CREATE TRIGGER "Activity_last_event" AFTER INSERT OR DELETE OR UPDATE OF "created_at", "parcel_id" ON "Activity" FOR EACH ROW EXECUTE FUNCTION "parcel_last_event_trigger"();

-- The list's search (tracking code, recipient, destination containing the text, ILIKE): trigram GIN
-- indexes. The extension lives in public, once per database, whichever schema migrates first; its
-- operator class is named with its schema so every schema's migration finds it.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
CREATE INDEX "Parcel_tracking_code_trgm_idx" ON "Parcel" USING gin ("tracking_code" public.gin_trgm_ops);
CREATE INDEX "Parcel_recipient_name_trgm_idx" ON "Parcel" USING gin ("recipient_name" public.gin_trgm_ops);
CREATE INDEX "Parcel_destination_trgm_idx" ON "Parcel" USING gin ("destination" public.gin_trgm_ops);
-- Statistics for the filled column and the new indexes, so the planner picks them at once.
ANALYZE "Parcel";
