-- CreateTable
CREATE TABLE "CodBalance" (
    "account" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "balance" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "CodBalance_pkey" PRIMARY KEY ("account","currency")
);


-- Filled from the ledger as it stands: each account's debits less its credits per currency (postEntries keeps it so).
INSERT INTO "CodBalance" ("account", "currency", "balance")
SELECT "account", "currency", sum("amount") FROM (
  SELECT "debit" AS "account", "currency", CAST("amount" AS BIGINT) AS "amount" FROM "CodEntry"
  UNION ALL
  SELECT "credit", "currency", -CAST("amount" AS BIGINT) FROM "CodEntry"
) "moves"
GROUP BY "account", "currency";
