import { flushAudit } from "../../db/audit.js";
import { Readable } from "node:stream";
import { db } from "../../db/index.js";
import { csvCell } from "../parcel/parcel.export.js";
import type { AuditArgs } from "./audit.input.js";
import { auditWhere, NEWEST_FIRST } from "./audit.service.js";

/**
 * The audit log as CSV, newest first, the filters applied: one row per entry, the changes as JSON
 * text ({ field: [before, after] }). Streamed in batches (a cursor on the newest-first order), with
 * a byte-order mark and formula-safe cells like the parcel export.
 */
export const AUDIT_CSV_COLUMNS = ["id", "at", "actor_kind", "actor_id", "actor_name", "operation", "object_type", "object_id", "changes"] as const;

const BATCH = 1000;

async function* rows(where: ReturnType<typeof auditWhere>): AsyncGenerator<string> {
  await flushAudit();
  yield `\uFEFF${AUDIT_CSV_COLUMNS.join(",")}\r\n`;
  let cursor: number | undefined;
  for (;;) {
    const batch = await db().auditEntry.findMany({ where, orderBy: NEWEST_FIRST, take: BATCH, ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}) });
    if (batch.length === 0) return;
    let out = "";
    for (const e of batch) out += AUDIT_CSV_COLUMNS.map((c) => csvCell(e[c])).join(",") + "\r\n";
    yield out;
    if (batch.length < BATCH) return;
    cursor = batch[batch.length - 1].id;
  }
}

/** The filtered log as a stream, and the file name it is offered under. Bad filters throw before any byte. */
export function auditCsv(args: AuditArgs): { filename: string; stream: Readable } {
  const where = auditWhere(args);
  return { filename: `audit-${new Date().toISOString().slice(0, 10)}.csv`, stream: Readable.from(rows(where)) };
}
