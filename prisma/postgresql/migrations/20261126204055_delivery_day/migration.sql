-- AlterTable
ALTER TABLE "Settings" ADD COLUMN     "courier_speed_kmh" DOUBLE PRECISION NOT NULL DEFAULT 25,
ADD COLUMN     "depot_latitude" DOUBLE PRECISION,
ADD COLUMN     "depot_longitude" DOUBLE PRECISION,
ADD COLUMN     "notify_stops_before" INTEGER NOT NULL DEFAULT 3,
ADD COLUMN     "stop_minutes" DOUBLE PRECISION NOT NULL DEFAULT 4;

-- CreateTable
CREATE TABLE "Run" (
    "id" SERIAL NOT NULL,
    "courier_id" INTEGER NOT NULL,
    "date" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'planned',
    "start_latitude" DOUBLE PRECISION,
    "start_longitude" DOUBLE PRECISION,
    "distance_m" INTEGER NOT NULL DEFAULT 0,
    "duration_min" INTEGER NOT NULL DEFAULT 0,
    "started_at" TIMESTAMP(3),
    "finished_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Run_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Stop" (
    "id" SERIAL NOT NULL,
    "run_id" INTEGER NOT NULL,
    "seq" INTEGER NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'delivery',
    "parcel_id" INTEGER,
    "pickup_id" INTEGER,
    "claim_date" TEXT,
    "address" TEXT NOT NULL,
    "latitude" DOUBLE PRECISION NOT NULL,
    "longitude" DOUBLE PRECISION NOT NULL,
    "leg_m" INTEGER NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "window_from" TIMESTAMP(3),
    "window_to" TIMESTAMP(3),
    "done_at" TIMESTAMP(3),
    "near_notified" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Stop_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Position" (
    "id" SERIAL NOT NULL,
    "run_id" INTEGER NOT NULL,
    "latitude" DOUBLE PRECISION NOT NULL,
    "longitude" DOUBLE PRECISION NOT NULL,
    "accuracy" DOUBLE PRECISION,
    "at" TIMESTAMP(3) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Position_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Run_date_idx" ON "Run"("date");

-- CreateIndex
CREATE INDEX "Run_courier_id_date_idx" ON "Run"("courier_id", "date");

-- CreateIndex
CREATE INDEX "Stop_run_id_seq_idx" ON "Stop"("run_id", "seq");

-- CreateIndex
CREATE INDEX "Stop_parcel_id_idx" ON "Stop"("parcel_id");

-- CreateIndex
CREATE UNIQUE INDEX "Stop_claim_date_parcel_id_key" ON "Stop"("claim_date", "parcel_id");

-- CreateIndex
CREATE INDEX "Position_run_id_at_idx" ON "Position"("run_id", "at");

-- CreateIndex
CREATE INDEX "Position_created_at_idx" ON "Position"("created_at");

-- AddForeignKey
ALTER TABLE "Stop" ADD CONSTRAINT "Stop_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Stop" ADD CONSTRAINT "Stop_parcel_id_fkey" FOREIGN KEY ("parcel_id") REFERENCES "Parcel"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Position" ADD CONSTRAINT "Position_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

