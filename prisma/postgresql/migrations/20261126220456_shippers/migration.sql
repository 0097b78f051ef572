-- AlterTable
ALTER TABLE "Parcel" ADD COLUMN     "recipient_address" TEXT,
ADD COLUMN     "sender_address" TEXT;

-- AlterTable
ALTER TABLE "Settings" ADD COLUMN     "currency" TEXT NOT NULL DEFAULT 'EUR',
ADD COLUMN     "pickup_cutoff" TEXT NOT NULL DEFAULT '14:00',
ADD COLUMN     "shipper_signup" TEXT NOT NULL DEFAULT 'open';

-- CreateTable
CREATE TABLE "Shipper" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "company" TEXT,
    "phone" TEXT,
    "email_verified" BOOLEAN NOT NULL DEFAULT false,
    "rate_card_id" TEXT,
    "credit_limit" INTEGER,
    "disabled" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Shipper_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ShipperSession" (
    "id" TEXT NOT NULL,
    "shipper_id" INTEGER NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ShipperSession_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ShipperToken" (
    "id" SERIAL NOT NULL,
    "shipper_id" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "used_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ShipperToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ShipperAddress" (
    "id" SERIAL NOT NULL,
    "shipper_id" INTEGER NOT NULL,
    "address" TEXT NOT NULL,
    "is_default" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ShipperAddress_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ShipperKey" (
    "id" SERIAL NOT NULL,
    "shipper_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "key_hash" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMP(3),
    "revoked_at" TIMESTAMP(3),

    CONSTRAINT "ShipperKey_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Zone" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "countries" TEXT NOT NULL,
    "postcodes" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Zone_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Service" (
    "id" SERIAL NOT NULL,
    "code" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "transit_days_min" INTEGER NOT NULL,
    "transit_days_max" INTEGER NOT NULL,
    "cutoff" TEXT NOT NULL DEFAULT '17:00',
    "volumetric_divisor" INTEGER NOT NULL DEFAULT 5000,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Service_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RateCard" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "lanes" TEXT NOT NULL DEFAULT '[]',
    "surcharges" TEXT NOT NULL DEFAULT '[]',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RateCard_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Booking" (
    "id" SERIAL NOT NULL,
    "shipper_id" INTEGER NOT NULL,
    "parcel_id" INTEGER,
    "tracking_code" TEXT NOT NULL,
    "service" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "breakdown" TEXT NOT NULL,
    "chargeable_weight_kg" DOUBLE PRECISION NOT NULL,
    "reference" TEXT,
    "idempotency_key" TEXT,
    "request_hash" TEXT NOT NULL,
    "pickup_id" INTEGER,
    "statement_id" INTEGER,
    "cancelled_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Booking_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Pickup" (
    "id" SERIAL NOT NULL,
    "shipper_id" INTEGER NOT NULL,
    "date" TEXT NOT NULL,
    "from" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'requested',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Pickup_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Statement" (
    "id" SERIAL NOT NULL,
    "number" TEXT NOT NULL,
    "shipper_id" INTEGER NOT NULL,
    "from" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "total" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "paid_reference" TEXT,
    "paid_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Statement_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StatementLine" (
    "id" SERIAL NOT NULL,
    "statement_id" INTEGER NOT NULL,
    "booking_id" INTEGER NOT NULL,
    "tracking_code" TEXT NOT NULL,
    "date" TEXT NOT NULL,
    "service" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,

    CONSTRAINT "StatementLine_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Shipper_email_key" ON "Shipper"("email");

-- CreateIndex
CREATE INDEX "ShipperSession_shipper_id_idx" ON "ShipperSession"("shipper_id");

-- CreateIndex
CREATE UNIQUE INDEX "ShipperToken_token_hash_key" ON "ShipperToken"("token_hash");

-- CreateIndex
CREATE INDEX "ShipperToken_shipper_id_idx" ON "ShipperToken"("shipper_id");

-- CreateIndex
CREATE INDEX "ShipperAddress_shipper_id_idx" ON "ShipperAddress"("shipper_id");

-- CreateIndex
CREATE UNIQUE INDEX "ShipperKey_key_hash_key" ON "ShipperKey"("key_hash");

-- CreateIndex
CREATE INDEX "ShipperKey_shipper_id_idx" ON "ShipperKey"("shipper_id");

-- CreateIndex
CREATE UNIQUE INDEX "Zone_name_key" ON "Zone"("name");

-- CreateIndex
CREATE UNIQUE INDEX "Service_code_key" ON "Service"("code");

-- CreateIndex
CREATE UNIQUE INDEX "Booking_tracking_code_key" ON "Booking"("tracking_code");

-- CreateIndex
CREATE INDEX "Booking_parcel_id_idx" ON "Booking"("parcel_id");

-- CreateIndex
CREATE INDEX "Booking_shipper_id_created_at_idx" ON "Booking"("shipper_id", "created_at");

-- CreateIndex
CREATE INDEX "Booking_created_at_idx" ON "Booking"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "Booking_shipper_id_idempotency_key_key" ON "Booking"("shipper_id", "idempotency_key");

-- CreateIndex
CREATE INDEX "Pickup_date_idx" ON "Pickup"("date");

-- CreateIndex
CREATE INDEX "Pickup_shipper_id_idx" ON "Pickup"("shipper_id");

-- CreateIndex
CREATE UNIQUE INDEX "Statement_number_key" ON "Statement"("number");

-- CreateIndex
CREATE INDEX "Statement_shipper_id_idx" ON "Statement"("shipper_id");

-- CreateIndex
CREATE UNIQUE INDEX "StatementLine_booking_id_key" ON "StatementLine"("booking_id");

-- CreateIndex
CREATE INDEX "StatementLine_statement_id_idx" ON "StatementLine"("statement_id");

-- AddForeignKey
ALTER TABLE "ShipperSession" ADD CONSTRAINT "ShipperSession_shipper_id_fkey" FOREIGN KEY ("shipper_id") REFERENCES "Shipper"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ShipperToken" ADD CONSTRAINT "ShipperToken_shipper_id_fkey" FOREIGN KEY ("shipper_id") REFERENCES "Shipper"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ShipperAddress" ADD CONSTRAINT "ShipperAddress_shipper_id_fkey" FOREIGN KEY ("shipper_id") REFERENCES "Shipper"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ShipperKey" ADD CONSTRAINT "ShipperKey_shipper_id_fkey" FOREIGN KEY ("shipper_id") REFERENCES "Shipper"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Booking" ADD CONSTRAINT "Booking_parcel_id_fkey" FOREIGN KEY ("parcel_id") REFERENCES "Parcel"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StatementLine" ADD CONSTRAINT "StatementLine_statement_id_fkey" FOREIGN KEY ("statement_id") REFERENCES "Statement"("id") ON DELETE CASCADE ON UPDATE CASCADE;

