-- The search's trigram index on tracking codes is built on lower("tracking_code"), the expression the
-- list's search compares (server/modules/parcel/parcel.service.ts searchCondition). Built on the column
-- itself, it also served "tracking_code" = ANY(...): pg_trgm answers equality since PostgreSQL 14, and
-- the planner chose it over the unique index for ten or more codes read together that share most of
-- their characters (an import's batch of BULK-00001..BULK-00050: 150-300 ms instead of 0.1 ms).
DROP INDEX IF EXISTS "Parcel_tracking_code_trgm_idx";
CREATE INDEX "Parcel_tracking_code_trgm_idx" ON "Parcel" USING gin (lower("tracking_code") public.gin_trgm_ops);
ANALYZE "Parcel";
