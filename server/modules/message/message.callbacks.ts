import { isUniqueViolation } from "../../core/errors.js";
import { db } from "../../db/index.js";
import type { HistoryItem, MessageStatus } from "./message.settings.js";

// Opt-outs (STOP, START, Twilio's 21610) and the providers' status reports (contract section 13).

const RANK: Record<string, number> = { queued: 0, sent: 1, delivered: 2, read: 3 };

export async function optOut(number: string): Promise<void> {
  await db()
    .messageOptOut.create({ data: { number } })
    .catch((e: unknown) => {
      if (!isUniqueViolation(e)) throw e;
    });
}
export async function optIn(number: string): Promise<void> {
  await db().messageOptOut.deleteMany({ where: { number } });
}

/**
 * A provider's status report: the message moves forward only (queued < sent < delivered < read; failed
 * from any but read), whatever order the reports arrive in. Returns whether it moved.
 */
export async function recordStatus(providerId: string, status: MessageStatus, reason?: string | null): Promise<boolean> {
  const from = status === "failed" ? ["queued", "sent", "delivered"] : Object.keys(RANK).filter((k) => RANK[k] < (RANK[status] ?? -1));
  if (!from.length) return false;
  const failed = status === "failed" ? (reason || "failed").slice(0, 300) : null;
  // Each report is a step of the message's history (the control panel's provider history). The row moves only from
  // what was read, history included: a report that raced another reads the row again (a few tries at most).
  let moved = false;
  for (let attempt = 0; attempt < 5; attempt++) {
    const rows = await db().message.findMany({
      where: { provider_id: providerId, status: { in: from } },
      select: { id: true, status: true, channel: true, history: true },
    });
    if (!rows.length) return moved;
    let raced = false;
    for (const m of rows) {
      const step: HistoryItem = { at: new Date().toISOString(), channel: m.channel, status, provider_id: providerId, ...(failed ? { reason: failed } : {}) };
      const history = JSON.stringify([...(JSON.parse(m.history) as HistoryItem[]), step]);
      const res = await db().message.updateMany({
        where: { id: m.id, status: m.status, history: m.history },
        data: { status, history, ...(failed ? { reason: failed } : {}) },
      });
      if (res.count) moved = true;
      else raced = true;
    }
    if (!raced) return moved;
  }
  return moved;
}
