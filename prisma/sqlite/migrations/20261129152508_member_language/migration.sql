-- AlterTable
ALTER TABLE "Admin" ADD COLUMN "language" TEXT;

