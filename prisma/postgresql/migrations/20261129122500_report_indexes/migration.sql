-- CreateIndex
CREATE INDEX IF NOT EXISTS "Activity_status_code_created_at_idx" ON "Activity"("status_code", "created_at");

-- CreateIndex
CREATE INDEX IF NOT EXISTS "Activity_parcel_id_status_code_created_at_idx" ON "Activity"("parcel_id", "status_code", "created_at");
