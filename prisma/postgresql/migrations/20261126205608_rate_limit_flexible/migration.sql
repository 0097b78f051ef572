-- DropTable
DROP TABLE "RateCounter";

-- CreateTable
CREATE TABLE "RateLimit" (
    "key" TEXT NOT NULL,
    "points" INTEGER NOT NULL DEFAULT 0,
    "expire" BIGINT,

    CONSTRAINT "RateLimit_pkey" PRIMARY KEY ("key")
);


-- Hand-written below (Prisma's schema cannot say it; scripts/prisma.mjs check compares models only).

-- Counters of abuse limits need no crash safety: no write-ahead log for them (a crash empties the table).
ALTER TABLE "RateLimit" SET UNLOGGED;
