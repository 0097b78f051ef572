import { flushAudit, VISITOR } from "../../db/audit.js";
import { db } from "../../db/index.js";
import { badInput } from "../../core/errors.js";
import { pageOf, type Page } from "../common/paging.js";
import type { AuditArgs } from "./audit.input.js";
import type { AuditActor, AuditEntry } from "./audit.type.js";

type Row = {
  id: number;
  at: Date;
  actor_kind: string;
  actor_id: number | null;
  actor_name: string;
  operation: string;
  object_type: string;
  object_id: string | null;
  changes: string;
};

/** A date alone means its whole day (UTC): `from` its start, `to` its end. */
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
function moment(value: string, field: "from" | "to"): Date {
  const d = new Date(DATE_ONLY.test(value) ? `${value}T00:00:00.000Z` : value);
  if (Number.isNaN(d.getTime())) throw badInput(`${field} must be an ISO 8601 date or date-time`);
  if (field === "to" && DATE_ONLY.test(value)) d.setUTCDate(d.getUTCDate() + 1);
  return d;
}

/** The filters as a query (validated by AuditArgs; the time range checked here). */
function auditWhere(args: AuditArgs) {
  const where: Record<string, unknown> = {};
  const a = args.actor;
  if (a) {
    const m = /^(member|key|shipper):(\d+)$/.exec(a);
    if (m) Object.assign(where, { actor_kind: m[1], actor_id: Number(m[2]) });
    else if (a === "system") where.actor_kind = "system";
    else if (a === VISITOR) Object.assign(where, { actor_kind: "system", actor_name: VISITOR });
    else Object.assign(where, { actor_kind: "member", actor_name: a.toLowerCase() });
  }
  if (args.object_type) where.object_type = args.object_type;
  if (args.object_id) where.object_id = args.object_id;
  const from = args.from ? moment(args.from, "from") : undefined;
  const to = args.to ? moment(args.to, "to") : undefined;
  if (from && to && from > to) throw badInput("from must not be after to");
  if (from || to) where.at = { ...(from ? { gte: from } : {}), ...(to ? (DATE_ONLY.test(args.to!) ? { lt: to } : { lte: to }) : {}) };
  return where;
}

const NEWEST_FIRST = [{ at: "desc" as const }, { id: "desc" as const }];

function parseChanges(text: string): Record<string, [unknown, unknown]> {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, [unknown, unknown]>) : {};
  } catch {
    return {};
  }
}

function entryOf(r: Row): AuditEntry {
  return {
    id: r.id,
    at: r.at,
    actor: { kind: r.actor_kind, id: r.actor_id, name: r.actor_name },
    operation: r.operation,
    object_type: r.object_type,
    object_id: r.object_id,
    changes: parseChanges(r.changes),
  };
}

/** The audit log, newest first, filtered by who, what and when, and paged. */
export async function listAudit(args: AuditArgs): Promise<Page<AuditEntry>> {
  // Entries are written in batches a few milliseconds after their write (server/db/audit.ts).
  await flushAudit();
  const where = auditWhere(args);
  return pageOf(
    args,
    () => db().auditEntry.count({ where }),
    async (skip, take) => (await db().auditEntry.findMany({ where, orderBy: NEWEST_FIRST, skip, take })).map(entryOf),
  );
}

/**
 * The filtered log, newest first, in batches of `size` entries (a cursor on that order), for the CSV
 * export. Bad filters throw here, before anything is read.
 */
export function auditBatches(args: AuditArgs, size: number): AsyncIterable<Row[]> {
  const where = auditWhere(args);
  return (async function* () {
    await flushAudit();
    let cursor: number | undefined;
    for (;;) {
      const batch = await db().auditEntry.findMany({ where, orderBy: NEWEST_FIRST, take: size, ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}) });
      if (batch.length) yield batch;
      if (batch.length < size) return;
      cursor = batch[batch.length - 1].id;
    }
  })();
}

/**
 * The members, API keys and shippers that appear in the log (for the screen's "who" filter), each
 * once by id with the name it acted under last, members first, then keys, then shippers, by name. Removed members and revoked
 * keys stay listed: their entries stay.
 */
export async function listAuditActors(): Promise<AuditActor[]> {
  await flushAudit();
  const groups = await db().auditEntry.groupBy({
    by: ["actor_kind", "actor_id", "actor_name"],
    where: { actor_kind: { in: ["member", "key", "shipper"] }, actor_id: { not: null } },
    _max: { at: true },
  });
  groups.sort((a, b) => (b._max.at?.getTime() ?? 0) - (a._max.at?.getTime() ?? 0));
  const seen = new Map<string, AuditActor>();
  for (const g of groups) {
    const key = `${g.actor_kind}:${g.actor_id}`;
    if (!seen.has(key)) seen.set(key, { kind: g.actor_kind, id: g.actor_id, name: g.actor_name });
  }
  const order = ["member", "key", "shipper"];
  return [...seen.values()].sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name) : order.indexOf(a.kind) - order.indexOf(b.kind)));
}
