import { AsyncLocalStorage } from "node:async_hooks";
import { currentCall, type Actor } from "../core/access.js";
import type { Db } from "./index.js";

/**
 * The audit trail, kept where every write passes: a Prisma query extension on the one client.
 * Each create, update, upsert and delete of an audited model records who (the member or API key
 * the door ran the call as, else "system"), the operation, the object and the fields that changed
 * with their values before and after. Secret fields are recorded as changed, never with a value.
 * History entries are stamped with who added them.
 *
 * Entries are queued and written in batches a few milliseconds later (flushAudit; at shutdown too),
 * so a bulk write is not slowed by one more statement per row, and a write inside a transaction never
 * waits on a write outside it. Inside an interactive transaction the "before" values are read
 * outside it (the committed state), and an entry is written even if the transaction later rolls
 * back (an attempted write).
 */
const AUDITED: Record<string, { type: string; secret?: string[] }> = {
  Parcel: { type: "parcel", secret: ["unsubscribe_token"] },
  Activity: { type: "activity" },
  Page: { type: "page" },
  Review: { type: "review" },
  Settings: { type: "settings" },
  Admin: { type: "member", secret: ["password_hash", "totp_secret"] },
  Invoice: { type: "invoice" },
  Webhook: { type: "webhook", secret: ["secret"] },
  ApiKey: { type: "api_key", secret: ["key_hash"] },
  TeamPolicy: { type: "team" },
};
/** Bookkeeping that changes with use, not with anyone's decision. */
const IGNORED = new Set(["updated_at", "version", "last_used_at", "last_sign_in_at", "totp_last_step"]);
const HIDDEN = "(hidden)";
const MANY_ROWS = 500;

type Row = Record<string, unknown>;
export type Changes = Record<string, [unknown, unknown]>;

const plain = (v: unknown): unknown => (v instanceof Date ? v.toISOString() : typeof v === "bigint" ? Number(v) : v ?? null);
const same = (a: unknown, b: unknown) => JSON.stringify(plain(a)) === JSON.stringify(plain(b));

export function diff(model: string, before: Row | null, after: Row | null): Changes {
  const secret = new Set(AUDITED[model]?.secret ?? []);
  const out: Changes = {};
  for (const f of new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])) {
    if (IGNORED.has(f) || f === "id") continue;
    const a = before?.[f];
    const b = after?.[f];
    if ((a == null && b == null) || same(a, b)) continue;
    if (typeof a === "object" && a !== null && !(a instanceof Date)) continue; // relations
    if (typeof b === "object" && b !== null && !(b instanceof Date)) continue;
    out[f] = secret.has(f) ? [a == null ? null : HIDDEN, b == null ? null : HIDDEN] : [plain(a), plain(b)];
  }
  return out;
}

const who = (actor: Actor | null | undefined) =>
  !actor
    ? { actor_kind: "system", actor_id: null, actor_name: "system" }
    : actor.kind === "member"
      ? { actor_kind: "member", actor_id: actor.id, actor_name: actor.email }
      : { actor_kind: "key", actor_id: actor.id, actor_name: actor.name };

const delegate = (base: Db, model: string) => (base as unknown as Record<string, { findUnique(a: unknown): Promise<Row | null>; findMany(a: unknown): Promise<Row[]> }>)[model[0].toLowerCase() + model.slice(1)];

interface Params {
  model?: string;
  operation: string;
  args: Record<string, unknown>;
  query(args: unknown): Promise<unknown>;
}

type Entry = { at: Date; actor_kind: string; actor_id: number | null; actor_name: string; operation: string; object_type: string; object_id: string | null; changes: string };
const queue: Entry[] = [];
let writer: Db | undefined;
let timer: NodeJS.Timeout | undefined;
let flushing: Promise<void> = Promise.resolve();
const BATCH = 500;

/** Writes the queued entries (before the audit log is read, and at shutdown). */
export function flushAudit(): Promise<void> {
  clearTimeout(timer);
  timer = undefined;
  flushing = flushing.then(async () => {
    while (queue.length && writer) {
      const batch = queue.splice(0, BATCH);
      try {
        await writer.auditEntry.createMany({ data: batch });
      } catch (e) {
        console.error(`audit log: ${batch.length} entries not written:`, (e as Error).message);
      }
    }
  });
  return flushing;
}

function record(model: string, operation: string, objectId: unknown, changes: Changes) {
    if (!Object.keys(changes).length) return;
    const call = currentCall();
    queue.push({
      at: new Date(),
      ...who(call?.actor),
      // The door's operation; writes outside any request (the seed, workers) name the model's.
      operation: call?.operation ?? `${AUDITED[model].type}.${operation}`,
      object_type: AUDITED[model].type,
      object_id: objectId == null ? null : String(objectId),
      changes: JSON.stringify(changes),
    } as Entry);
    if (queue.length >= BATCH) void flushAudit();
    else timer ??= setTimeout(() => void flushAudit(), 20).unref();
}

/**
 * For bulk writes whose caller already holds the rows before and after (the CSV import): `fn` runs
 * without the per-row look-ups of the extension, and the caller records each row with
 * recordChanges. Every write is still recorded, at a fraction of the cost.
 */
const callerRecords = new AsyncLocalStorage<true>();
export const recordingByCaller = <T>(fn: () => Promise<T>): Promise<T> => callerRecords.run(true, fn);
export function recordChanges(model: string, operation: string, objectId: unknown, before: Row | null, after: Row | null): void {
  if (AUDITED[model]) record(model, operation, objectId, diff(model, before, after));
}

/** The client with the audit trail: every write of an audited model goes through here. */
export function withAudit(base: Db): Db {
  writer = base;
  const one = async (p: Params) => {
    const model = p.model!;
    if (!AUDITED[model] || callerRecords.getStore()) return p.query(p.args);
    const args = p.args;
    if (model === "Activity" && (p.operation === "create" || p.operation === "upsert")) stamp(args, p.operation);
    const before = p.operation === "create" ? null : await delegate(base, model).findUnique({ where: args.where });
    const result = (await p.query(args)) as Row | null;
    const after = p.operation === "delete" ? null : result;
    await record(model, p.operation, (result ?? before)?.id ?? (args.where as Row | undefined)?.id, diff(model, before, after));
    return result;
  };
  const many = async (p: Params) => {
    const model = p.model!;
    if (!AUDITED[model] || callerRecords.getStore()) return p.query(p.args);
    if (p.operation === "createManyAndReturn") {
      if (model === "Activity") for (const row of ([] as Row[]).concat((p.args.data as Row[]) ?? [])) stamp({ data: row }, "create");
      const rows = (await p.query(p.args)) as Row[];
      for (const row of rows) await record(model, "create", row.id, diff(model, null, row));
      return rows;
    }
    if (p.operation === "createMany") {
      const result = (await p.query(p.args)) as { count: number };
      if (result.count) await record(model, p.operation, null, { rows_created: [null, result.count] });
      return result;
    }
    const before = await delegate(base, model).findMany({ where: p.args.where, take: MANY_ROWS });
    const result = await p.query(p.args);
    const after = p.operation === "deleteMany" ? [] : await delegate(base, model).findMany({ where: { id: { in: before.map((r) => r.id) } } });
    const byId = new Map(after.map((r) => [r.id, r]));
    for (const row of before) await record(model, p.operation, row.id, diff(model, row, byId.get(row.id) ?? null));
    return result;
  };
  return base.$extends({
    query: {
      $allModels: { create: one, update: one, upsert: one, delete: one, createMany: many, createManyAndReturn: many, updateMany: many, deleteMany: many },
    },
  }) as unknown as Db;
}

/** A new history entry carries who added it (the control panel shows it; the public view never). */
function stamp(args: Record<string, unknown>, operation: string) {
  const actor = currentCall()?.actor;
  if (!actor) return;
  const by = { created_by_kind: actor.kind, created_by_id: actor.id, created_by_name: actor.kind === "member" ? actor.email : actor.name };
  const data = (operation === "upsert" ? args.create : args.data) as Row | undefined;
  if (data && data.created_by_name === undefined) Object.assign(data, by);
}
