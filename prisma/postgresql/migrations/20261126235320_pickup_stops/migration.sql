-- CreateIndex
CREATE INDEX "Stop_pickup_id_idx" ON "Stop"("pickup_id");

-- CreateIndex
CREATE UNIQUE INDEX "Stop_claim_date_pickup_id_key" ON "Stop"("claim_date", "pickup_id");

-- CreateIndex
CREATE INDEX "Booking_pickup_id_idx" ON "Booking"("pickup_id");

-- AddForeignKey
ALTER TABLE "Stop" ADD CONSTRAINT "Stop_pickup_id_fkey" FOREIGN KEY ("pickup_id") REFERENCES "Pickup"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Booking" ADD CONSTRAINT "Booking_pickup_id_fkey" FOREIGN KEY ("pickup_id") REFERENCES "Pickup"("id") ON DELETE SET NULL ON UPDATE CASCADE;

