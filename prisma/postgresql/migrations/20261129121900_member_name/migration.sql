-- AlterTable
ALTER TABLE "Admin" ADD COLUMN     "name" TEXT;
