-- AlterTable
ALTER TABLE "Activity" ADD COLUMN "created_by_id" INTEGER;
ALTER TABLE "Activity" ADD COLUMN "created_by_kind" TEXT;
ALTER TABLE "Activity" ADD COLUMN "created_by_name" TEXT;

-- CreateTable
CREATE TABLE "Invitation" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "admin_id" INTEGER NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" DATETIME NOT NULL,
    "used_at" DATETIME,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Invitation_admin_id_fkey" FOREIGN KEY ("admin_id") REFERENCES "Admin" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "RecoveryCode" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "admin_id" INTEGER NOT NULL,
    "code_hash" TEXT NOT NULL,
    "used_at" DATETIME,
    CONSTRAINT "RecoveryCode_admin_id_fkey" FOREIGN KEY ("admin_id") REFERENCES "Admin" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ApiKey" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "key_hash" TEXT NOT NULL,
    "scopes" TEXT NOT NULL,
    "rate_limit" INTEGER NOT NULL DEFAULT 600,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" DATETIME,
    "revoked_at" DATETIME
);

-- CreateTable
CREATE TABLE "ApiKeyUsage" (
    "key_id" INTEGER NOT NULL,
    "day" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("key_id", "day"),
    CONSTRAINT "ApiKeyUsage_key_id_fkey" FOREIGN KEY ("key_id") REFERENCES "ApiKey" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AuditEntry" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actor_kind" TEXT NOT NULL,
    "actor_id" INTEGER,
    "actor_name" TEXT NOT NULL,
    "operation" TEXT NOT NULL,
    "object_type" TEXT NOT NULL,
    "object_id" TEXT,
    "changes" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "TeamPolicy" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT DEFAULT 1,
    "require_totp" BOOLEAN NOT NULL DEFAULT false
);

-- AlterTable (in place: a rebuild of "Admin" would drop the table its sessions point to)
ALTER TABLE "Admin" ADD COLUMN "role" TEXT NOT NULL DEFAULT 'owner';
ALTER TABLE "Admin" ADD COLUMN "disabled" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Admin" ADD COLUMN "last_sign_in_at" DATETIME;
ALTER TABLE "Admin" ADD COLUMN "totp_secret" TEXT;
ALTER TABLE "Admin" ADD COLUMN "totp_enabled" BOOLEAN NOT NULL DEFAULT false;

-- CreateIndex
CREATE UNIQUE INDEX "Invitation_token_hash_key" ON "Invitation"("token_hash");

-- CreateIndex
CREATE INDEX "Invitation_admin_id_idx" ON "Invitation"("admin_id");

-- CreateIndex
CREATE INDEX "RecoveryCode_admin_id_idx" ON "RecoveryCode"("admin_id");

-- CreateIndex
CREATE UNIQUE INDEX "ApiKey_key_hash_key" ON "ApiKey"("key_hash");

-- CreateIndex
CREATE INDEX "AuditEntry_at_idx" ON "AuditEntry"("at");

-- CreateIndex
CREATE INDEX "AuditEntry_actor_kind_actor_id_idx" ON "AuditEntry"("actor_kind", "actor_id");

-- CreateIndex
CREATE INDEX "AuditEntry_object_type_object_id_idx" ON "AuditEntry"("object_type", "object_id");

