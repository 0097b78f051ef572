-- AlterTable
ALTER TABLE "Shipper" ADD COLUMN "language" TEXT;

