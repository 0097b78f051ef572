-- DropTable
PRAGMA foreign_keys=off;
DROP TABLE "ReportDelivery";
PRAGMA foreign_keys=on;

-- The first deliveries' hours are kept as ReportCell's h<TAB><tenths> cells (roll-up version 2: every server
-- rebuilds its roll-ups at start). ReportCell becomes a WITHOUT ROWID table: its rows stored in the order of its key
-- (dim, day, measure), so a report's range of one filter's days is a run of neighbouring pages, not a row looked up
-- on another page for each cell (cold, the histogram's cells of a 62-day summary were thousands of random page
-- reads). Its cells are not copied: the version change rebuilds them, and the state is removed so that nothing reads
-- the empty table as counted meanwhile (the reports read the raw data until the rebuild is complete).
DROP TABLE "ReportCell";
CREATE TABLE "ReportCell" (
    "dim" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "measure" TEXT NOT NULL,
    "n" BIGINT NOT NULL DEFAULT 0,
    "amount" BIGINT NOT NULL DEFAULT 0,

    PRIMARY KEY ("dim", "day", "measure")
) WITHOUT ROWID;
DELETE FROM "ReportState";
