import crypto from "node:crypto";
import { noteCall } from "../../core/actor.js";
import { badInput, isUniqueViolation } from "../../core/errors.js";
import { db } from "../../db/index.js";
import type { Message } from "../../db/generated/sqlite/client.js";
import { pageOf } from "../common/paging.js";
import type { MessageChannel } from "../../../shared/modules/settings/settings.codes.js";
import type { MessageListArgs, TestMessageInput } from "./message.input.js";
import { toE164 } from "./phone.js";
import type { EventPayload } from "./message.texts.js";
import { messageSettings } from "./message.settings.js";
import { kick } from "./message.sender.js";

/**
 * Messages to recipients (contract section 13). A subscriber queues one row per event and parcel (the
 * unique pair: an event goes once, whoever queues it); the staff read them here. Sending is message.sender.ts, the
 * opt-outs and providers' reports message.callbacks.ts, the settings the queue reads message.settings.ts.
 */

// ---- Queueing ----

export interface QueuedEvent {
  parcel_id: number;
  tracking_code: string;
  /** status:<code>, window:<stop>, near:<stop>. */
  event: string;
  payload: EventPayload;
}

/**
 * Queues events (once each: a pair already queued is left as it is) when SMS or WhatsApp is on, and
 * starts sending them without waiting. Called by the subscribers right after the write committed.
 */
export async function queueEvents(events: QueuedEvent[]): Promise<void> {
  if (!events.length) return;
  const s = await messageSettings();
  if (!s.sms && !s.whatsapp) return;
  const [first, ...rest] = s.order;
  for (let i = 0; i < events.length; i += 500) {
    const batch = events.slice(i, i + 500);
    const known = await db().message.findMany({
      where: { parcel_id: { in: [...new Set(batch.map((e) => e.parcel_id))] }, event: { in: [...new Set(batch.map((e) => e.event))] } },
      select: { parcel_id: true, event: true },
    });
    const seen = new Set(known.map((k) => `${k.parcel_id} ${k.event}`));
    const fresh = batch.filter((e) => {
      const key = `${e.parcel_id} ${e.event}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    // The delivery day's events name the parcel only: its code (the list's filter) is read here.
    const unnamed = fresh.filter((e) => !e.tracking_code).map((e) => e.parcel_id);
    const codes = new Map(
      unnamed.length
        ? (await db().parcel.findMany({ where: { id: { in: unnamed } }, select: { id: true, tracking_code: true } })).map((p) => [p.id, p.tracking_code])
        : [],
    );
    const rows = fresh.map((e) => ({
      parcel_id: e.parcel_id,
      tracking_code: e.tracking_code || codes.get(e.parcel_id) || "",
      event: e.event,
      payload: JSON.stringify(e.payload),
      channel: first,
      channels: rest.join(","),
    }));
    if (!rows.length) continue;
    try {
      await db().message.createMany({ data: rows });
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
      // Another process queued some of them meanwhile: one by one, the rest.
      for (const r of rows)
        await db()
          .message.create({ data: r })
          .catch((err: unknown) => {
            if (!isUniqueViolation(err)) throw err;
          });
    }
  }
  kick();
}

/** POST /api/messages/test: a message to the given number or address, queued and sent like the others. */
export async function queueTestMessage(input: TestMessageInput) {
  const channel = input.channel as MessageChannel;
  let to = input.to.trim();
  if (channel === "email") {
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(to)) throw badInput("to must be an e-mail address for the channel email");
  } else {
    const n = toE164(to);
    if (!n) throw badInput("to must be a phone number in international form (+ and the country code)");
    to = n;
  }
  const row = await db().message.create({
    data: { event: `test:${crypto.randomUUID()}`, payload: JSON.stringify({ kind: "test" }), channel, channels: "", to },
  });
  noteCall({ object_type: "mail", object_id: `message:${row.id}`, what: { channel, to } });
  kick();
  return view(row);
}

// ---- Reading ----

export function view(m: Message) {
  return {
    id: m.id,
    tracking_code: m.tracking_code,
    channel: m.channel,
    to: m.to,
    text: m.text,
    status: m.status,
    reason: m.reason,
    segments: m.segments,
    provider_id: m.provider_id,
    tries: m.tries,
    history: m.history,
    created_at: m.created_at,
    updated_at: m.updated_at,
  };
}

export async function listMessages(args: MessageListArgs) {
  const where = {
    ...(args.tracking_code ? { tracking_code: args.tracking_code.trim().toUpperCase() } : {}),
    ...(args.channel ? { channel: args.channel } : {}),
    ...(args.status ? { status: args.status } : {}),
  };
  const page = await pageOf(
    args,
    () => db().message.count({ where }),
    (skip, take) => db().message.findMany({ where, skip, take, orderBy: { id: "desc" } }),
  );
  return { ...page, data: page.data.map(view) };
}
