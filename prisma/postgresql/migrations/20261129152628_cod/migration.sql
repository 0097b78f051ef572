-- AlterTable
ALTER TABLE "Parcel" ADD COLUMN     "cod_amount" INTEGER;

-- AlterTable
ALTER TABLE "Settings" ADD COLUMN     "cod_max" INTEGER NOT NULL DEFAULT 500000,
ADD COLUMN     "courier_cash_limit" INTEGER NOT NULL DEFAULT 200000;

-- AlterTable
ALTER TABLE "Booking" ADD COLUMN     "cod_amount" INTEGER;

-- AlterTable
ALTER TABLE "Statement" ADD COLUMN     "remittance_id" INTEGER;

-- CreateTable
CREATE TABLE "CodCollection" (
    "id" SERIAL NOT NULL,
    "parcel_id" INTEGER NOT NULL,
    "tracking_code" TEXT NOT NULL,
    "shipper_id" INTEGER,
    "amount" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'expected',
    "method" TEXT,
    "collected_amount" INTEGER,
    "collected_at" TIMESTAMP(3),
    "collected_by" INTEGER,
    "reference" TEXT,
    "request_hash" TEXT,
    "cashup_id" INTEGER,
    "remittance_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CodCollection_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CodEntry" (
    "id" SERIAL NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
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
    "reverses" INTEGER,

    CONSTRAINT "CodEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CodCashup" (
    "id" SERIAL NOT NULL,
    "courier_id" INTEGER NOT NULL,
    "expected_amount" INTEGER NOT NULL,
    "counted_amount" INTEGER NOT NULL,
    "difference" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "note" TEXT,
    "member_id" INTEGER NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CodCashup_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CodRemittance" (
    "id" SERIAL NOT NULL,
    "number" TEXT NOT NULL,
    "shipper_id" INTEGER NOT NULL,
    "to" TIMESTAMP(3) NOT NULL,
    "total_collected" INTEGER NOT NULL,
    "offsets" TEXT NOT NULL DEFAULT '[]',
    "net" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "paid_reference" TEXT,
    "paid_at" TIMESTAMP(3),
    "cancelled_at" TIMESTAMP(3),
    "member_id" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CodRemittance_pkey" PRIMARY KEY ("id")
);

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

-- AddForeignKey
ALTER TABLE "CodCollection" ADD CONSTRAINT "CodCollection_parcel_id_fkey" FOREIGN KEY ("parcel_id") REFERENCES "Parcel"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- The ledger is append-only by the database itself (contract section 12): an UPDATE, DELETE or TRUNCATE of
-- entries is refused whoever sends it; a mistake is undone by a new `reversed` entry. A parcel with ledger
-- entries cannot be deleted either (the service answers 409 first; this holds against any other writer).
CREATE FUNCTION "cod_entry_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'cod ledger entries are append-only' USING ERRCODE = 'restrict_violation';
END;
$$;
CREATE TRIGGER "CodEntry_append_only" BEFORE UPDATE OR DELETE ON "CodEntry" FOR EACH ROW EXECUTE FUNCTION "cod_entry_append_only"();
CREATE TRIGGER "CodEntry_no_truncate" BEFORE TRUNCATE ON "CodEntry" FOR EACH STATEMENT EXECUTE FUNCTION "cod_entry_append_only"();
CREATE FUNCTION "parcel_cod_entries_kept"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "CodEntry" WHERE "parcel_id" = OLD."id") THEN
    RAISE EXCEPTION 'a parcel with cod ledger entries cannot be deleted' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN OLD;
END;
$$;
CREATE TRIGGER "Parcel_cod_entries_kept" BEFORE DELETE ON "Parcel" FOR EACH ROW EXECUTE FUNCTION "parcel_cod_entries_kept"();
