import type { Readable } from "node:stream";
import { csvStream } from "../common/csv.js";
import type { AuditArgs } from "./audit.input.js";
import { auditBatches } from "./audit.service.js";

/**
 * The audit log as CSV, newest first, the filters applied: one row per entry, the changes as JSON
 * text ({ field: [before, after] }), formula-safe cells like the parcel export.
 */
const AUDIT_CSV_COLUMNS = ["id", "at", "actor_kind", "actor_id", "actor_name", "operation", "object_type", "object_id", "changes"] as const;

/** The filtered log as a stream, and the file name it is offered under. Bad filters throw before any byte. */
export function auditCsv(args: AuditArgs): { filename: string; stream: Readable } {
  return { filename: `audit-${new Date().toISOString().slice(0, 10)}.csv`, stream: csvStream(AUDIT_CSV_COLUMNS, auditBatches(args, 1000)) };
}
