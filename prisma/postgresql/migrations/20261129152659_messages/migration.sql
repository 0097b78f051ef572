-- AlterTable
ALTER TABLE "Parcel" ADD COLUMN     "recipient_channels" TEXT;

-- AlterTable
ALTER TABLE "Settings" ADD COLUMN     "channel_order" TEXT NOT NULL DEFAULT 'whatsapp,sms,email',
ADD COLUMN     "sms_daily_limit" INTEGER NOT NULL DEFAULT 1000,
ADD COLUMN     "sms_enabled" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "whatsapp_enabled" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "whatsapp_template_status" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "whatsapp_template_window" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "whatsapp_verify_token" TEXT NOT NULL DEFAULT '';

-- CreateTable
CREATE TABLE "Message" (
    "id" SERIAL NOT NULL,
    "parcel_id" INTEGER,
    "tracking_code" TEXT NOT NULL DEFAULT '',
    "event" TEXT NOT NULL,
    "payload" TEXT NOT NULL DEFAULT '{}',
    "language" TEXT,
    "channel" TEXT NOT NULL,
    "channels" TEXT NOT NULL DEFAULT '',
    "to" TEXT NOT NULL DEFAULT '',
    "text" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'queued',
    "reason" TEXT,
    "segments" INTEGER,
    "provider_id" TEXT,
    "tries" INTEGER NOT NULL DEFAULT 0,
    "next_try_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "first_try_at" TIMESTAMP(3),
    "sent_at" TIMESTAMP(3),
    "history" TEXT NOT NULL DEFAULT '[]',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Message_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MessageOptOut" (
    "number" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MessageOptOut_pkey" PRIMARY KEY ("number")
);

-- CreateIndex
CREATE INDEX "Message_status_next_try_at_idx" ON "Message"("status", "next_try_at");

-- CreateIndex
CREATE INDEX "Message_provider_id_idx" ON "Message"("provider_id");

-- CreateIndex
CREATE INDEX "Message_channel_sent_at_idx" ON "Message"("channel", "sent_at");

-- CreateIndex
CREATE INDEX "Message_tracking_code_id_idx" ON "Message"("tracking_code", "id");

-- CreateIndex
CREATE INDEX "Message_created_at_idx" ON "Message"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "Message_parcel_id_event_key" ON "Message"("parcel_id", "event");

-- AddForeignKey
ALTER TABLE "Message" ADD CONSTRAINT "Message_parcel_id_fkey" FOREIGN KEY ("parcel_id") REFERENCES "Parcel"("id") ON DELETE CASCADE ON UPDATE CASCADE;

