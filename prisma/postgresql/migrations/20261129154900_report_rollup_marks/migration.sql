-- The roll-ups' marks lock what they mark until the write commits (an upsert, not ON CONFLICT DO NOTHING): a recount
-- taking a mark off waits for the write that holds it, or skips it (FOR UPDATE SKIP LOCKED) and takes it next time,
-- so it never reads the rows of a write that commits after it took the write's mark (server/modules/reports/reports.rollups.ts unmark).
CREATE OR REPLACE FUNCTION "report_mark"(k TEXT, i INTEGER) RETURNS void LANGUAGE sql SET search_path FROM CURRENT AS $$
  INSERT INTO "ReportDirty" ("kind", "id") SELECT k, i WHERE i IS NOT NULL ON CONFLICT ("kind", "id") DO UPDATE SET "id" = EXCLUDED."id"
$$;
CREATE OR REPLACE FUNCTION "report_run_mark"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM "report_mark"('r', OLD."id"); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM "report_mark"('r', NEW."id"); END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD."courier_id" <> NEW."courier_id") THEN
    INSERT INTO "ReportDirty" ("kind", "id") SELECT DISTINCT 'p', "parcel_id" FROM "Stop" WHERE "run_id" = OLD."id" AND "parcel_id" IS NOT NULL
      ON CONFLICT ("kind", "id") DO UPDATE SET "id" = EXCLUDED."id";
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NULL;
END $$;
