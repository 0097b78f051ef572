-- DropTable
DROP TABLE "ReportDelivery";

-- The first deliveries' hours are kept as ReportCell's h<TAB><tenths> cells (roll-up version 2: every server
-- rebuilds its roll-ups at start, reading the raw data until the rebuild is complete).
