-- CreateTable
CREATE TABLE "RateCounter" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "count" INTEGER NOT NULL,
    "window_end" DATETIME NOT NULL
);

