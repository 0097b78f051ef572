-- AlterTable (plain ADD COLUMN: no rebuild of the Parcel table, see docs/development.md "Learned on these machines")
ALTER TABLE "Parcel" ADD COLUMN "allow_reschedule" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Parcel" ADD COLUMN "reschedule_choice" TEXT;
ALTER TABLE "Parcel" ADD COLUMN "reschedule_date" TEXT;
ALTER TABLE "Parcel" ADD COLUMN "rescheduled_at" DATETIME;
ALTER TABLE "Parcel" ADD COLUMN "delivery_receiver_name" TEXT;
ALTER TABLE "Parcel" ADD COLUMN "delivery_signature" TEXT;
ALTER TABLE "Parcel" ADD COLUMN "delivery_photo" TEXT;
ALTER TABLE "Parcel" ADD COLUMN "delivery_left_at" TEXT;
ALTER TABLE "Parcel" ADD COLUMN "delivered_at" DATETIME;
ALTER TABLE "Parcel" ADD COLUMN "delivery_recorded_by" TEXT;
