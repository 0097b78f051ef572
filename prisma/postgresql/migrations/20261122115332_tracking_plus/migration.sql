-- AlterTable
ALTER TABLE "Parcel" ADD COLUMN     "notify_recipient" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "protect_details" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "recipient_postcode" TEXT,
ADD COLUMN     "recipient_unsubscribed" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "status_code" TEXT,
ADD COLUMN     "status_reason" TEXT,
ADD COLUMN     "unsubscribe_token" TEXT;

-- AlterTable
ALTER TABLE "Activity" ADD COLUMN     "status_code" TEXT,
ADD COLUMN     "status_reason" TEXT;

-- CreateTable
CREATE TABLE "ParcelNotification" (
    "id" SERIAL NOT NULL,
    "parcel_id" INTEGER NOT NULL,
    "status_code" TEXT NOT NULL,
    "mail_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ParcelNotification_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Webhook" (
    "id" SERIAL NOT NULL,
    "url" TEXT NOT NULL,
    "events" TEXT NOT NULL,
    "secret" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Webhook_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookDelivery" (
    "id" SERIAL NOT NULL,
    "webhook_id" INTEGER NOT NULL,
    "event" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "response_status" INTEGER,
    "response_body" TEXT NOT NULL DEFAULT '',
    "error" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WebhookDelivery_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ParcelNotification_parcel_id_status_code_key" ON "ParcelNotification"("parcel_id", "status_code");

-- CreateIndex
CREATE INDEX "WebhookDelivery_status_next_attempt_at_idx" ON "WebhookDelivery"("status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "WebhookDelivery_webhook_id_id_idx" ON "WebhookDelivery"("webhook_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Parcel_unsubscribe_token_key" ON "Parcel"("unsubscribe_token");

-- CreateIndex
CREATE INDEX "Parcel_status_code_idx" ON "Parcel"("status_code");

-- AddForeignKey
ALTER TABLE "ParcelNotification" ADD CONSTRAINT "ParcelNotification_parcel_id_fkey" FOREIGN KEY ("parcel_id") REFERENCES "Parcel"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookDelivery" ADD CONSTRAINT "WebhookDelivery_webhook_id_fkey" FOREIGN KEY ("webhook_id") REFERENCES "Webhook"("id") ON DELETE CASCADE ON UPDATE CASCADE;

