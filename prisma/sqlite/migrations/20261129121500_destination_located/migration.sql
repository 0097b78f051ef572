-- AlterTable
ALTER TABLE "Parcel" ADD COLUMN "destination_located" TEXT;
