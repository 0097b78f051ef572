-- CreateTable
CREATE TABLE "ReportDirty" (
    "kind" TEXT NOT NULL,
    "id" INTEGER NOT NULL,

    CONSTRAINT "ReportDirty_pkey" PRIMARY KEY ("kind","id")
);

-- CreateTable
CREATE TABLE "ReportFact" (
    "kind" TEXT NOT NULL,
    "id" INTEGER NOT NULL,
    "facts" TEXT NOT NULL,

    CONSTRAINT "ReportFact_pkey" PRIMARY KEY ("kind","id")
);

-- CreateTable
CREATE TABLE "ReportCell" (
    "dim" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "measure" TEXT NOT NULL,
    "n" BIGINT NOT NULL DEFAULT 0,
    "amount" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "ReportCell_pkey" PRIMARY KEY ("dim","day","measure")
);

-- CreateTable
CREATE TABLE "ReportDelivery" (
    "parcel_id" INTEGER NOT NULL,
    "day" TEXT NOT NULL,
    "tenths" INTEGER NOT NULL,

    CONSTRAINT "ReportDelivery_pkey" PRIMARY KEY ("parcel_id")
);

-- CreateTable
CREATE TABLE "ReportState" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "fingerprint" TEXT NOT NULL,
    "build" TEXT NOT NULL,
    "ready" BOOLEAN NOT NULL DEFAULT false,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ReportState_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ReportDelivery_day_tenths_idx" ON "ReportDelivery"("day", "tenths");


-- The roll-ups' marks (server/modules/reports/reports.rollups.ts): every write that can change a report's figure
-- marks its parcel (p), its parcel-less booking (b) or its run (r) in the write's own transaction. The functions
-- keep the migration's search_path (the schema of ?schema=), whatever the writing session's is.
CREATE FUNCTION "report_mark"(k TEXT, i INTEGER) RETURNS void LANGUAGE sql SET search_path FROM CURRENT AS $$
  INSERT INTO "ReportDirty" ("kind", "id") SELECT k, i WHERE i IS NOT NULL ON CONFLICT DO NOTHING
$$;
CREATE FUNCTION "report_parcel_mark"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM "report_mark"('p', OLD."id"); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM "report_mark"('p', NEW."id"); END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER "report_parcel_ins" AFTER INSERT OR DELETE ON "Parcel" FOR EACH ROW EXECUTE FUNCTION "report_parcel_mark"();
CREATE TRIGGER "report_parcel_upd" AFTER UPDATE OF "id", "created_at", "max_expected_delivery_date" ON "Parcel" FOR EACH ROW EXECUTE FUNCTION "report_parcel_mark"();
CREATE FUNCTION "report_activity_mark"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."status_code" IN ('picked_up', 'delivered', 'delivery_failed') THEN PERFORM "report_mark"('p', OLD."parcel_id"); END IF;
  IF TG_OP <> 'DELETE' AND NEW."status_code" IN ('picked_up', 'delivered', 'delivery_failed') THEN PERFORM "report_mark"('p', NEW."parcel_id"); END IF;
  IF TG_OP = 'UPDATE' AND (OLD."status_code" IN ('picked_up', 'delivered', 'delivery_failed') OR NEW."status_code" IN ('picked_up', 'delivered', 'delivery_failed')) THEN
    PERFORM "report_mark"('p', OLD."parcel_id");
    PERFORM "report_mark"('p', NEW."parcel_id");
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER "report_activity_ins" AFTER INSERT OR DELETE ON "Activity" FOR EACH ROW EXECUTE FUNCTION "report_activity_mark"();
CREATE TRIGGER "report_activity_upd" AFTER UPDATE OF "id", "parcel_id", "status_code", "status_reason", "created_at" ON "Activity" FOR EACH ROW EXECUTE FUNCTION "report_activity_mark"();
CREATE FUNCTION "report_booking_mark"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM "report_mark"('b', OLD."id"); PERFORM "report_mark"('p', OLD."parcel_id"); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM "report_mark"('b', NEW."id"); PERFORM "report_mark"('p', NEW."parcel_id"); END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER "report_booking_mark" AFTER INSERT OR UPDATE OR DELETE ON "Booking" FOR EACH ROW EXECUTE FUNCTION "report_booking_mark"();
CREATE FUNCTION "report_run_mark"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM "report_mark"('r', OLD."id"); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM "report_mark"('r', NEW."id"); END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD."courier_id" <> NEW."courier_id") THEN
    INSERT INTO "ReportDirty" ("kind", "id") SELECT DISTINCT 'p', "parcel_id" FROM "Stop" WHERE "run_id" = OLD."id" AND "parcel_id" IS NOT NULL ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER "report_run_del" BEFORE DELETE ON "Run" FOR EACH ROW EXECUTE FUNCTION "report_run_mark"();
CREATE TRIGGER "report_run_ins" AFTER INSERT ON "Run" FOR EACH ROW EXECUTE FUNCTION "report_run_mark"();
CREATE TRIGGER "report_run_upd" AFTER UPDATE OF "id", "courier_id", "date", "started_at" ON "Run" FOR EACH ROW EXECUTE FUNCTION "report_run_mark"();
CREATE FUNCTION "report_stop_mark"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM "report_mark"('r', OLD."run_id"); PERFORM "report_mark"('p', OLD."parcel_id"); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM "report_mark"('r', NEW."run_id"); PERFORM "report_mark"('p', NEW."parcel_id"); END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER "report_stop_ins" AFTER INSERT OR DELETE ON "Stop" FOR EACH ROW EXECUTE FUNCTION "report_stop_mark"();
CREATE TRIGGER "report_stop_upd" AFTER UPDATE OF "id", "run_id", "parcel_id", "status", "done_at" ON "Stop" FOR EACH ROW EXECUTE FUNCTION "report_stop_mark"();
