-- AlterTable
ALTER TABLE "Settings" ADD COLUMN     "language" TEXT NOT NULL DEFAULT 'en';

