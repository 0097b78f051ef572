import crypto from "node:crypto";
import { notFound } from "../../core/errors.js";
import { config } from "../../core/config.js";
import { db, direct } from "../../db/index.js";
import { Unsupported } from "../../db/direct.js";
import { pageOf, type PageArgs } from "../common/paging.js";
import type { CreateWebhookInput, UpdateWebhookInput } from "./webhook.input.js";
import { postTo } from "./webhook.address.js";
import { backoffMs, newSecret, retryPolicy, signBody, type WebhookEvent } from "./webhook.rules.js";

type Row = { events: string } & Record<string, unknown>;
const view = <T extends Row>(w: T) => ({ ...w, events: w.events.split(",").filter(Boolean) });

export async function listWebhooks() {
  return (await db().webhook.findMany({ orderBy: { id: "asc" } })).map(view);
}

export async function createWebhook(input: CreateWebhookInput) {
  const w = await db().webhook.create({
    data: { url: input.url.trim(), events: [...new Set(input.events)].join(","), secret: newSecret(), active: input.active ?? true },
  });
  return view(w);
}

export async function updateWebhook(input: UpdateWebhookInput) {
  if (!(await db().webhook.findUnique({ where: { id: input.id }, select: { id: true } }))) throw notFound("Webhook not found");
  const data: Record<string, unknown> = {};
  if (input.url !== undefined) data.url = input.url.trim();
  if (input.events !== undefined) data.events = [...new Set(input.events)].join(",");
  if (input.active !== undefined) data.active = input.active;
  return view(await db().webhook.update({ where: { id: input.id }, data }));
}

export async function deleteWebhook(id: number) {
  if (!(await db().webhook.findUnique({ where: { id }, select: { id: true } }))) throw notFound("Webhook not found");
  await db().webhook.delete({ where: { id } });
}

export async function listDeliveries(webhookId: number, args: PageArgs) {
  if (!(await db().webhook.findUnique({ where: { id: webhookId }, select: { id: true } }))) throw notFound("Webhook not found");
  const where = { webhook_id: webhookId };
  return pageOf(
    args,
    () => db().webhookDelivery.count({ where }),
    (skip, take) => db().webhookDelivery.findMany({ where, skip, take, orderBy: { id: "desc" } }),
  );
}

/** A ping to one hook, to check its URL and signature code. */
export async function pingWebhook(id: number) {
  const w = await db().webhook.findUnique({ where: { id } });
  if (!w) throw notFound("Webhook not found");
  const [d] = await enqueue("ping", { message: "Test delivery from the control panel" }, [w]);
  await deliverDue();
  return db().webhookDelivery.findUniqueOrThrow({ where: { id: d.id } });
}

const inFlight = new Set<Promise<unknown>>();

let hooksRead: ReturnType<typeof readHooks> | undefined;
type Hook = Awaited<ReturnType<typeof readHooksPrisma>>[number];
const readHooksPrisma = () => db().webhook.findMany({ where: { active: true } });
// Read for every history entry (to learn whether anyone listens): a prepared read, not a compiled query.
async function readHooks(): Promise<Hook[]> {
  const d = direct();
  try {
    if (!config().directReads) throw new Unsupported("DIRECT_READS=false");
    return (await d.rows(
      `SELECT "id", "url", "events", "secret", "active", "created_at", "updated_at" FROM ${d.table("Webhook")} WHERE "active"`,
      [],
    )) as Hook[];
  } catch (e) {
    if (e instanceof Unsupported) return readHooksPrisma();
    throw e;
  }
}
/** The active webhooks, read once for all events emitted in the same turn (a batch of 500 scans emits 1000). */
function activeHooks() {
  if (!hooksRead) {
    hooksRead = readHooks();
    setImmediate(() => (hooksRead = undefined));
  }
  return hooksRead;
}

/** Whether an active hook listens to any of these events (so the caller builds their payloads only then). */
export async function listensTo(events: WebhookEvent[]): Promise<boolean> {
  return (await activeHooks()).some((h) => h.events.split(",").some((e) => events.includes(e as WebhookEvent)));
}

/**
 * Records the event for every active hook that subscribed to it and starts delivering. The
 * caller's write is already done: this never fails it (a failure is logged).
 */
export function emitEvent(event: WebhookEvent, data: Record<string, unknown>): void {
  const p = (async () => {
    const hooks = (await activeHooks()).filter((h) => h.events.split(",").includes(event));
    if (!hooks.length) return;
    await enqueue(event, data, hooks);
    await deliverDue();
  })()
    .catch((e) => console.error(`webhook event ${event} could not be queued:`, (e as Error).message))
    .finally(() => inFlight.delete(p));
  inFlight.add(p);
}

/** Waits for events emitted so far to be queued and first attempts made (shutdown, tests). */
export async function settleWebhooks(): Promise<void> {
  while (inFlight.size) await Promise.all([...inFlight]);
}

async function enqueue(event: WebhookEvent | "ping", data: Record<string, unknown>, hooks: { id: number }[]) {
  const created_at = new Date().toISOString();
  return Promise.all(
    hooks.map((h) => {
      const payload = JSON.stringify({ id: `evt_${crypto.randomUUID()}`, event, created_at, data });
      return db().webhookDelivery.create({ data: { webhook_id: h.id, event, payload } });
    }),
  );
}

/**
 * Sends every delivery that is due. A delivery is claimed by moving its next attempt into the
 * future under the attempt count it was read with, so two processes never send the same attempt.
 */
export async function deliverDue(): Promise<number> {
  const policy = retryPolicy();
  const due = await db().webhookDelivery.findMany({
    where: { status: "pending", next_attempt_at: { lte: new Date() } },
    orderBy: { id: "asc" },
    take: 50,
    include: { webhook: true },
  });
  let sent = 0;
  await Promise.all(
    due.map(async (d) => {
      const lease = new Date(Date.now() + policy.timeoutMs + 60_000);
      const claim = await db().webhookDelivery.updateMany({
        where: { id: d.id, status: "pending", attempts: d.attempts },
        data: { attempts: d.attempts + 1, next_attempt_at: lease },
      });
      if (claim.count !== 1) return;
      const attempt = d.attempts + 1;
      const result = await post(d.webhook.url, d.webhook.secret, d.id, d.event, d.payload, policy.timeoutMs);
      const last = attempt >= policy.maxAttempts;
      await db().webhookDelivery.update({
        where: { id: d.id },
        data: {
          status: result.ok ? "delivered" : last ? "failed" : "pending",
          next_attempt_at: result.ok || last ? new Date() : new Date(Date.now() + backoffMs(attempt, policy.baseMs)),
          response_status: result.status,
          response_body: result.body,
          error: result.error,
        },
      });
      if (result.ok) sent++;
    }),
  );
  return sent;
}

async function post(url: string, secret: string, deliveryId: number, event: string, body: string, timeoutMs: number) {
  try {
    const res = await postTo(
      url,
      {
        "Content-Type": "application/json",
        "User-Agent": "Courier-Webhooks/1",
        "X-Courier-Event": event,
        "X-Courier-Delivery": String(deliveryId),
        "X-Courier-Signature": signBody(secret, body),
      },
      body,
      timeoutMs,
    );
    const ok = res.status >= 200 && res.status < 300;
    return { ok, status: res.status, body: res.body, error: ok ? "" : `HTTP ${res.status}` };
  } catch (e) {
    const err = e as Error & { code?: string };
    const reason = err.name === "TimeoutError" ? `no answer within ${timeoutMs} ms` : err.code === "EPRIVATEADDRESS" ? err.message : err.code || err.message;
    return { ok: false, status: null, body: "", error: String(reason).slice(0, 500) };
  }
}

let timer: NodeJS.Timeout | undefined;
/** Retries come due with time: each process looks for due deliveries every WEBHOOK_POLL_MS. */
export function startWebhookWorker(): void {
  if (timer) return;
  const tick = () => {
    deliverDue()
      .catch((e) => console.error("webhook delivery failed:", (e as Error).message))
      .finally(() => {
        if (timer) timer = setTimeout(tick, retryPolicy().pollMs).unref();
      });
  };
  timer = setTimeout(tick, retryPolicy().pollMs).unref();
}

export async function stopWebhookWorker(): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = undefined;
  await settleWebhooks();
}

/**
 * Many events at once (a bulk import): the hooks are read once, the deliveries inserted in batches,
 * and one round of sending starts; the rest goes out with the regular polling. Never fails the caller.
 */
export function emitEvents(list: { event: WebhookEvent; data: Record<string, unknown> }[]): void {
  if (!list.length) return;
  const p = (async () => {
    const hooks = await db().webhook.findMany({ where: { active: true } });
    const created_at = new Date().toISOString();
    const rows = list.flatMap(({ event, data }) =>
      hooks
        .filter((h) => h.events.split(",").includes(event))
        .map((h) => ({ webhook_id: h.id, event, payload: JSON.stringify({ id: `evt_${crypto.randomUUID()}`, event, created_at, data }) })),
    );
    if (!rows.length) return;
    for (let i = 0; i < rows.length; i += 500) await db().webhookDelivery.createMany({ data: rows.slice(i, i + 500) });
    await deliverDue();
  })()
    .catch((e) => console.error(`webhook events (${list.length}) could not be queued:`, (e as Error).message))
    .finally(() => inFlight.delete(p));
  inFlight.add(p);
}
