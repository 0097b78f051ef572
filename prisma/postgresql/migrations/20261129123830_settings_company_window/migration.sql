-- AlterTable
ALTER TABLE "Settings" ADD COLUMN     "company_name" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "delivery_window_minutes" INTEGER;

