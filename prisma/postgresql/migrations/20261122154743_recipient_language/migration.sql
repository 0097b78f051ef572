-- AlterTable
ALTER TABLE "Parcel" ADD COLUMN     "recipient_language" TEXT;

