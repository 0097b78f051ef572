-- AlterTable
ALTER TABLE "Parcel" ADD COLUMN     "cod_currency" TEXT;

