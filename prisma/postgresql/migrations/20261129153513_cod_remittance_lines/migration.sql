-- CreateTable
CREATE TABLE "CodRemittanceLine" (
    "id" SERIAL NOT NULL,
    "remittance_id" INTEGER NOT NULL,
    "collection_id" INTEGER NOT NULL,
    "tracking_code" TEXT NOT NULL,
    "collected_at" TIMESTAMP(3) NOT NULL,
    "method" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,

    CONSTRAINT "CodRemittanceLine_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "CodRemittanceLine_remittance_id_idx" ON "CodRemittanceLine"("remittance_id");

-- CreateIndex
CREATE INDEX "CodRemittanceLine_collection_id_idx" ON "CodRemittanceLine"("collection_id");

