-- AlterTable
ALTER TABLE "Settings" ADD COLUMN     "smtp_allow_plain" BOOLEAN NOT NULL DEFAULT false;

