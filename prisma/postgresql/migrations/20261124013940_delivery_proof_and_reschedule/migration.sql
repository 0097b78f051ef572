-- AlterTable
ALTER TABLE "Parcel" ADD COLUMN     "allow_reschedule" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "delivered_at" TIMESTAMP(3),
ADD COLUMN     "delivery_left_at" TEXT,
ADD COLUMN     "delivery_photo" TEXT,
ADD COLUMN     "delivery_receiver_name" TEXT,
ADD COLUMN     "delivery_recorded_by" TEXT,
ADD COLUMN     "delivery_signature" TEXT,
ADD COLUMN     "reschedule_choice" TEXT,
ADD COLUMN     "reschedule_date" TEXT,
ADD COLUMN     "rescheduled_at" TIMESTAMP(3);

