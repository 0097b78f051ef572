-- CreateTable
CREATE TABLE "CodRemittanceLine" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "remittance_id" INTEGER NOT NULL,
    "collection_id" INTEGER NOT NULL,
    "tracking_code" TEXT NOT NULL,
    "collected_at" DATETIME NOT NULL,
    "method" TEXT NOT NULL,
    "amount" INTEGER NOT NULL
);

-- CreateIndex
CREATE INDEX "CodRemittanceLine_remittance_id_idx" ON "CodRemittanceLine"("remittance_id");

-- CreateIndex
CREATE INDEX "CodRemittanceLine_collection_id_idx" ON "CodRemittanceLine"("collection_id");

