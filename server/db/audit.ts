import { currentCall, type Actor, type Call } from "../core/actor.js";
import type { PrismaClient as Db } from "./generated/sqlite/client.js";
import { sqliteTime, type SqliteWriter } from "./sqlite-writer.js";

/**
 * The audit trail, kept where every write passes: a Prisma query extension on the one client.
 * Each create, update, upsert and delete of an audited model records who (the member, API key or
 * shipper the door ran the call as, else "system"), the operation, the object and the fields that changed
 * with their values before and after. Secret fields are recorded as changed, never with a value.
 * History entries are stamped with who added them.
 *
 * Entries are queued and written in batches a few milliseconds later (flushAudit, which the audit
 * log's readers and the shutdown call), so a write never waits on the audit table and a bulk write
 * adds one statement per 500 rows. Inside an interactive transaction the "before" values are read
 * outside it (the committed state; on PostgreSQL on a pool of their own), and an entry is written
 * even if the transaction later rolls back (an attempted write). A write of bookkeeping columns
 * alone (IGNORED) passes straight through.
 *
 * Who: a member or an API key as the door authorized it; an anonymous caller of a public write
 * (the recipient's unsubscribe link or rescheduling, the contact form, the first admin's sign-up,
 * a password reset by PIN) as kind "system" named "visitor"; writes outside any request (the seed,
 * workers, start-up) as kind "system" named "system". A write that narrows what it returns
 * (`select`, `omit`) is run with every column and answered with the narrowed row, so the "after"
 * values are the row's, never a column left out.
 */
const AUDITED: Record<string, { type: string; secret?: string[]; lists?: Record<string, (item: Row) => string> }> = {
  Parcel: { type: "parcel", secret: ["unsubscribe_token", "reschedule_token_hash"] },
  Activity: { type: "activity" },
  Page: { type: "page" },
  Review: { type: "review" },
  Settings: { type: "settings" },
  Admin: { type: "member", secret: ["password_hash", "totp_secret"] },
  Invoice: { type: "invoice" },
  Webhook: { type: "webhook", secret: ["secret"] },
  ApiKey: { type: "api_key", secret: ["key_hash"] },
  TeamPolicy: { type: "team" },
  // The delivery day's runs (their stops' ETAs and the couriers' positions change too often to record).
  Run: { type: "run" },
  // Shippers and what they pay (issue 35): the account (credit limit, rate card, disabled), its keys
  // and address book, the rates, bookings, pickups and statements. A rate card's lanes and
  // surcharges are recorded item by item (a grid holds thousands of prices; an edit changes a few).
  Shipper: { type: "shipper", secret: ["password_hash"] },
  ShipperKey: { type: "shipper_key", secret: ["key_hash"] },
  ShipperAddress: { type: "shipper_address" },
  Zone: { type: "zone" },
  Service: { type: "service" },
  RateCard: {
    type: "rate_card",
    lists: { lanes: (l) => `${String(l.service)} ${String(l.from_zone)}>${String(l.to_zone)}`, surcharges: (s) => String(s.code) },
  },
  Booking: { type: "booking" },
  Pickup: { type: "pickup" },
  Statement: { type: "statement" },
  StatementLine: { type: "statement_line" },
  // Cash on delivery (contract section 12): what is due and its collection, the ledger, cash-ups, remittances.
  CodCollection: { type: "cod_collection" },
  CodEntry: { type: "cod_entry" },
  CodCashup: { type: "cod_cashup" },
  CodRemittance: { type: "cod_remittance" },
  CodRemittanceLine: { type: "cod_remittance_line" },
};
/** The models whose every write is recorded (tests/unit/audited-models.test.ts checks each model is or says why not). */
export const AUDITED_MODELS = Object.keys(AUDITED);
/**
 * What the calls audited one by one are about (`audited: { call }` in server/core/access.ts): they
 * write nothing audited but must be on record (files and mail going out).
 */
export const CALL_OBJECT_TYPES = ["parcel", "mail", "audit", "member", "cod_entry"] as const;
export type CallObjectType = (typeof CALL_OBJECT_TYPES)[number];
/** The object types the audit log names (the filter's choices). */
export const AUDIT_OBJECT_TYPES = [...new Set([...Object.values(AUDITED).map((a) => a.type), ...CALL_OBJECT_TYPES])];

/** Bookkeeping that changes with use, not with anyone's decision. */
const IGNORED = new Set(["updated_at", "version", "last_event_at", "last_used_at", "last_sign_in_at", "totp_last_step"]);
const HIDDEN = "(hidden)";
const MANY_ROWS = 500;

type Row = Record<string, unknown>;
export type Changes = Record<string, [unknown, unknown]>;

const plain = (v: unknown): unknown => (v instanceof Date ? v.toISOString() : typeof v === "bigint" ? Number(v) : (v ?? null));
const same = (a: unknown, b: unknown) => JSON.stringify(plain(a)) === JSON.stringify(plain(b));

/** Changed items of a list kept as JSON text, by key, at most LIST_ITEMS of them (false: not lists). */
const LIST_ITEMS = 50;
export function listChanges(field: string, keyOf: (item: Row) => string, a: unknown, b: unknown, out: Changes): boolean {
  const items = (v: unknown): Map<string, Row> | null => {
    if (v == null) return new Map();
    try {
      const list = JSON.parse(String(v)) as unknown;
      return Array.isArray(list) ? new Map((list as Row[]).map((i) => [keyOf(i), i])) : null;
    } catch {
      return null;
    }
  };
  const [x, y] = [items(a), items(b)];
  if (!x || !y) return false;
  const changed = [...new Set([...x.keys(), ...y.keys()])].filter((k) => !same(x.get(k), y.get(k)));
  for (const k of changed.slice(0, LIST_ITEMS)) out[`${field}[${k}]`] = [x.get(k) ?? null, y.get(k) ?? null];
  if (changed.length > LIST_ITEMS) out[`${field}[...]`] = [null, `${changed.length - LIST_ITEMS} more changed`];
  return true;
}

function diff(model: string, before: Row | null, after: Row | null): Changes {
  const secret = new Set(AUDITED[model]?.secret ?? []);
  const lists = AUDITED[model]?.lists ?? {};
  const out: Changes = {};
  for (const f of new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])) {
    if (IGNORED.has(f) || f === "id") continue;
    const a = before?.[f];
    const b = after?.[f];
    if ((a == null && b == null) || same(a, b)) continue;
    if (lists[f] && listChanges(f, lists[f], a, b, out)) continue;
    if (typeof a === "object" && a !== null && !(a instanceof Date)) continue; // relations
    if (typeof b === "object" && b !== null && !(b instanceof Date)) continue;
    out[f] = secret.has(f) ? [a == null ? null : HIDDEN, b == null ? null : HIDDEN] : [plain(a), plain(b)];
  }
  return out;
}

/** Kind "system", named "visitor": an anonymous caller of a public write; "system": no request at all. */
export const VISITOR = "visitor";

const who = (call: { actor: Actor | null } | undefined) => {
  const actor = call?.actor;
  return !actor
    ? { actor_kind: "system", actor_id: null, actor_name: call ? VISITOR : "system" }
    : actor.kind === "member"
      ? { actor_kind: "member", actor_id: actor.id, actor_name: actor.email }
      : actor.kind === "shipper"
        ? { actor_kind: "shipper", actor_id: actor.id, actor_name: actor.key_id ? `${actor.email} (API key #${actor.key_id})` : actor.email }
        : { actor_kind: "key", actor_id: actor.id, actor_name: actor.name };
};

/**
 * A write's arguments with every column returned (a `select` becomes an `include` of its
 * relations, an `omit` goes), and how to narrow the row back to what the caller asked for.
 */
function widened(args: Record<string, unknown>): { args: Record<string, unknown>; narrow: (row: Row | null) => Row | null } {
  const select = args.select as Record<string, unknown> | undefined;
  const omit = args.omit as Record<string, unknown> | undefined;
  if (!select && !omit) return { args, narrow: (row) => row };
  const out: Record<string, unknown> = { ...args };
  delete out.select;
  delete out.omit;
  if (select) {
    const relations = Object.entries(select).filter(([, v]) => typeof v === "object" && v !== null);
    if (relations.length) out.include = Object.fromEntries(relations);
  }
  const keep = (k: string) => (select ? Boolean(select[k]) : !omit?.[k]);
  return { args: out, narrow: (row) => (row ? Object.fromEntries(Object.entries(row).filter(([k]) => keep(k))) : row) };
}

const delegate = (base: Db, model: string) =>
  (base as unknown as Record<string, { findUnique(a: unknown): Promise<Row | null>; findMany(a: unknown): Promise<Row[]> }>)[
    model[0].toLowerCase() + model.slice(1)
  ];

interface Params {
  model?: string;
  operation: string;
  args: Record<string, unknown>;
  query(args: unknown): Promise<unknown>;
}

type Entry = {
  actor_kind: string;
  actor_id: number | null;
  actor_name: string;
  operation: string;
  object_type: string;
  object_id: string | null;
  changes: string;
  at?: Date;
};
const queue: Entry[] = [];
let writer: Db | undefined;
let sqlite: SqliteWriter | undefined;
const AUDIT_COLUMNS = ["at", "actor_kind", "actor_id", "actor_name", "operation", "object_type", "object_id", "changes"] as const;

/** A batch in one transaction of prepared inserts on SQLite (a compiled createMany costs more than the writes it records). */
function insertBatch(batch: Entry[]): Promise<unknown> {
  if (!sqlite) return writer!.auditEntry.createMany({ data: batch });
  const w = sqlite;
  const insert = w.statement(`INSERT INTO "AuditEntry" (${AUDIT_COLUMNS.map((c) => `"${c}"`).join(", ")}) VALUES (${AUDIT_COLUMNS.map(() => "?").join(", ")})`);
  return w.transaction(() => {
    for (const e of batch) insert.run(sqliteTime(e.at!), e.actor_kind, e.actor_id, e.actor_name, e.operation, e.object_type, e.object_id, e.changes);
  });
}
let timer: NodeJS.Timeout | undefined;
let flushing: Promise<void> = Promise.resolve();

function enqueue(entries: (Entry | null)[]) {
  const at = new Date();
  for (const e of entries) if (e) queue.push({ ...e, at });
  if (queue.length >= MANY_ROWS) void flushAudit();
  else if (queue.length) timer ??= setTimeout(() => void flushAudit(), 20).unref();
}

/**
 * The one entry of a call audited per call (server/core/access.ts runCall, server/rest/route.ts
 * allow): who and which operation as the door ran it, what as the call noted it, each value as
 * [null, value] (the log's shape: a new fact).
 */
export function recordCall(call: Call, type: CallObjectType): void {
  // Unnoted, a member's call about a member is about its own account.
  const own = type === "member" && call.actor?.kind === "member" ? String(call.actor.id) : null;
  const note = call.noted ?? { object_type: type, object_id: own, what: {} };
  const changes = Object.fromEntries(
    Object.entries(note.what)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, [null, plain(v)]]),
  );
  enqueue([{ ...who(call), operation: call.operation, object_type: note.object_type, object_id: note.object_id, changes: JSON.stringify(changes) }]);
}

/** Writes the queued entries: before the audit log is read, and at shutdown. */
export function flushAudit(): Promise<void> {
  clearTimeout(timer);
  timer = undefined;
  flushing = flushing.then(async () => {
    while (queue.length && writer) {
      const batch = queue.splice(0, MANY_ROWS);
      try {
        await insertBatch(batch);
      } catch (e) {
        console.error(`audit log: ${batch.length} entries not written:`, (e as Error).message);
      }
    }
  });
  return flushing;
}

/**
 * An event that writes no audited row (a sign-in, right or wrong; a sign-out), recorded as a write
 * is: under the current call's operation unless named, by `actor` when given (a member signing in
 * acts before any session says so), else by the call's actor or "visitor".
 */
export function recordEvent(e: { actor?: Actor | null; operation?: string; object_type: string; object_id: string | number | null; changes: Changes }): void {
  const call = currentCall();
  enqueue([
    {
      ...who(e.actor === undefined ? call : { actor: e.actor }),
      operation: e.operation ?? call?.operation ?? e.object_type,
      object_type: e.object_type,
      object_id: e.object_id == null ? null : String(e.object_id),
      changes: JSON.stringify(e.changes),
    },
  ]);
}

/** The entry of one write, or null when nothing worth recording changed. */
function entry(model: string, operation: string, objectId: unknown, changes: Changes): Entry | null {
  if (!Object.keys(changes).length) return null;
  const call = currentCall();
  return {
    ...who(call),
    // The door's operation; writes outside any request (the seed, workers) name the model's.
    operation: call?.operation ?? `${AUDITED[model].type}.${operation}`,
    object_type: AUDITED[model].type,
    object_id: objectId == null ? null : String(objectId),
    changes: JSON.stringify(changes),
  };
}

/**
 * Records writes made without Prisma (server/db/sqlite-writer.ts) as the extension records its
 * own: `operation` is Prisma's name for it ("create", "updateMany"), rows before and after.
 */
export function recordWrites(writes: { model: string; operation: string; id: unknown; before: Row | null; after: Row | null }[]): void {
  enqueue(writes.map((w) => entry(w.model, w.operation, w.id, diff(w.model, w.before, w.after))));
}

/**
 * The client with the audit trail: every write of an audited model goes through here. `reader`: a
 * client on a pool of its own for the rows before and after a write (PostgreSQL): a write inside a
 * transaction holds one of the main pool's connections while its read waits, so with every one held
 * that way a read from the same pool would never get one and the transactions would expire.
 */
export function withAudit(base: Db, sqliteWriter?: SqliteWriter, reader: Db = base): Db {
  writer = base;
  sqlite = sqliteWriter;
  const record = async (model: string, operation: string, objectId: unknown, changes: Changes) => enqueue([entry(model, operation, objectId, changes)]);
  /** The entries of a write of many rows (a CSV import writes thousands). */
  const recordAll = async (entries: ReturnType<typeof entry>[]) => enqueue(entries);
  /** A write of bookkeeping alone (a row's updated_at taken as a lock, a key's last use) records nothing and reads nothing before. */
  const bookkeeping = (p: Params) =>
    (p.operation === "update" || p.operation === "updateMany") && Object.keys((p.args.data ?? {}) as Row).every((k) => IGNORED.has(k));
  const one = async (p: Params) => {
    const model = p.model!;
    if (!AUDITED[model] || bookkeeping(p)) return p.query(p.args);
    const { args, narrow } = widened(p.args);
    if (model === "Activity" && (p.operation === "create" || p.operation === "upsert")) stamp(args, p.operation);
    const before = p.operation === "create" ? null : await delegate(reader, model).findUnique({ where: args.where });
    const result = (await p.query(args)) as Row | null;
    const after = p.operation === "delete" ? null : result;
    await record(model, p.operation, (result ?? before)?.id ?? (args.where as Row | undefined)?.id, diff(model, before, after));
    return narrow(result);
  };
  const many = async (p: Params) => {
    const model = p.model!;
    if (!AUDITED[model] || bookkeeping(p)) return p.query(p.args);
    if (p.operation === "createManyAndReturn") {
      const { args, narrow } = widened(p.args);
      if (model === "Activity") for (const row of ([] as Row[]).concat((args.data as Row[]) ?? [])) stamp({ data: row }, "create");
      const rows = (await p.query(args)) as Row[];
      await recordAll(rows.map((row) => entry(model, "create", row.id, diff(model, null, row))));
      return rows.map(narrow);
    }
    // Row ids are unknown here: services write audited rows with createManyAndReturn (the CSV import does).
    if (p.operation === "createMany") {
      const result = (await p.query(p.args)) as { count: number };
      if (result.count) await record(model, p.operation, null, { rows_created: [null, result.count] });
      return result;
    }
    const before = await delegate(reader, model).findMany({ where: p.args.where, take: MANY_ROWS });
    const result = await p.query(p.args);
    const data = (p.args.data ?? {}) as Row;
    // Plain values set as given need no read back (one query less per row of a CSV import); an
    // operation on a recorded field ({ increment }, { set }) does.
    const plainSet = Object.entries(data).every(([k, v]) => IGNORED.has(k) || v === null || typeof v !== "object" || v instanceof Date);
    const after =
      p.operation === "deleteMany"
        ? []
        : plainSet
          ? before.map((r) => ({ ...r, ...Object.fromEntries(Object.entries(data).filter(([k]) => !IGNORED.has(k))) }))
          : await delegate(reader, model).findMany({ where: { id: { in: before.map((r) => r.id) } } });
    const byId = new Map(after.map((r) => [r.id, r]));
    await recordAll(before.map((row) => entry(model, p.operation, row.id, diff(model, row, byId.get(row.id) ?? null))));
    return result;
  };
  return base.$extends({
    query: {
      $allModels: { create: one, update: one, upsert: one, delete: one, createMany: many, createManyAndReturn: many, updateMany: many, deleteMany: many },
    },
  }) as unknown as Db;
}

/** Who adds a history entry now (the control panel shows it; the public view never), or null outside a call. */
export function author(): { created_by_kind: string; created_by_id: number; created_by_name: string } | null {
  const actor = currentCall()?.actor;
  if (!actor) return null;
  return { created_by_kind: actor.kind, created_by_id: actor.id, created_by_name: actor.kind === "key" ? actor.name : actor.email };
}

/** A new history entry carries who added it. */
function stamp(args: Record<string, unknown>, operation: string) {
  const by = author();
  if (!by) return;
  const data = (operation === "upsert" ? args.create : args.data) as Row | undefined;
  if (data && data.created_by_name === undefined) Object.assign(data, by);
}
