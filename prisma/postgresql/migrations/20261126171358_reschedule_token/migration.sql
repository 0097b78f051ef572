-- AlterTable
ALTER TABLE "Parcel" ADD COLUMN     "reschedule_token_hash" TEXT;

