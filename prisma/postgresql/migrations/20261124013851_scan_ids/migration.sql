-- AlterTable
ALTER TABLE "Activity" ADD COLUMN     "replaced_status_code" TEXT,
ADD COLUMN     "replaced_status_reason" TEXT,
ADD COLUMN     "scan_id" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Activity_parcel_id_scan_id_key" ON "Activity"("parcel_id", "scan_id");

