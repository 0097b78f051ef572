-- AlterTable
ALTER TABLE "Admin" ADD COLUMN     "totp_last_step" INTEGER;

