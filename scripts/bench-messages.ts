// Messages' heavy work (issue 37, contract section 13): the bench's `messages` section. With SMS on through
// SMS_PROVIDER=twilio pointed at a local peer that answers each send after 2 s (as a slow provider would), 1 000 status
// changes are made in a minute (a history entry with its status every 60 ms, each queueing an SMS), while two other clients look
// parcels up every 20 ms: one a parcel nobody changes, one the parcels being changed (each look-up then reads a parcel
// just written). Then the queue is left to drain for BENCH_MESSAGES_DRAIN seconds (default 30) with the same look-ups.
// Target: every look-up's p99 under 50 ms, in both spells.
import { spawn, type ChildProcess } from "node:child_process";
import { benchCode } from "./bench-fill.js";
import { percentile, probeDuring } from "./bench-heavy.js";

export const LOOKUP_P99_MS = 50;
export const CHANGES = 1000;
export const SPELL_MS = 60_000;
export const PEER_DELAY_MS = 2000;
const SID = "ACbench0000000000000000000000000000";
const TOKEN = "bench-twilio-token";

/** A Twilio-like peer (its own process): each POST .../Messages.json answered 201 with a sid after `delayMs`. */
export function twilioPeer(port: number, delayMs = PEER_DELAY_MS, pin: (program: string, args: string[]) => [string, string[]]): ChildProcess {
  const code = `let n=0;require("node:http").createServer((q,r)=>{q.resume();q.on("end",()=>{const ok=q.method==="POST"&&/\\/Messages\\.json$/.test(q.url);setTimeout(()=>{const b=JSON.stringify(ok?{sid:"SM"+String(++n).padStart(32,"0"),status:"queued"}:{code:20404,message:"not found"});r.writeHead(ok?201:404,{"content-type":"application/json","content-length":Buffer.byteLength(b)});r.end(b)},ok?${delayMs}:0)})}).listen(${port},"127.0.0.1")`;
  return spawn(...pin(process.execPath, ["-e", code]), { stdio: "ignore" });
}

/** The server's environment for the section: SMS through Twilio's API at the peer. */
export const smsEnv = (peerPort: number): Record<string, string> => ({
  SMS_PROVIDER: "twilio",
  TWILIO_ACCOUNT_SID: SID,
  TWILIO_AUTH_TOKEN: TOKEN,
  TWILIO_FROM: "+15005550006",
  TWILIO_BASE_URL: `http://127.0.0.1:${peerPort}`,
});

/** Parcels [from, from + count) get a mobile number (E.164), written straight to the database before the server starts. */
export async function givePhones(url: string, from: number, count: number): Promise<void> {
  const ids = Array.from({ length: count }, (_, k) => from + k + 1);
  if (url.startsWith("file:")) {
    const { default: Database } = await import("better-sqlite3");
    const db = new Database(url.slice(5));
    try {
      const u = db.prepare(`UPDATE "Parcel" SET "recipient_phone_number" = ? WHERE "id" = ?`);
      db.transaction(() => ids.forEach((id) => u.run(`+4915${String(id).padStart(9, "0")}`, id)))();
    } finally {
      db.close();
    }
    return;
  }
  const { default: pg } = await import("pg");
  const { pgTarget } = await import("../server/db/migrate.js");
  const { connectionString, schema } = pgTarget(url);
  const c = new pg.Client({ connectionString });
  await c.connect();
  try {
    await c.query(`UPDATE "${schema ?? "public"}"."Parcel" SET "recipient_phone_number" = '+4915' || lpad("id"::text, 9, '0') WHERE "id" = ANY($1::int[])`, [
      ids,
    ]);
  } finally {
    await c.end();
  }
}

export interface MessagesRow {
  spell: string;
  seconds: number;
  changes: number;
  change_p50: number;
  change_p99: number;
  failed_changes: number;
  lookups: number;
  lookup_p50: number;
  lookup_p99: number;
  lookup_max: number;
  failed_lookups: number;
  /** Share of a core the server used in the spell (its CPU time / the spell's time): what the work costs on this host. */
  server_cores: number;
  /** Messages by status at the spell's end (GET /api/messages' totals). */
  messages: Record<string, number>;
  pass: boolean;
}

async function json<T>(res: Response, what: string): Promise<T> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${what}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

async function messageCounts(base: string, cookie: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const status of ["queued", "sent", "failed", "skipped"]) {
    const r = await json<{ data: { total: number } }>(await fetch(`${base}/api/messages?status=${status}&per_page=1`, { headers: { cookie } }), "messages");
    out[status] = r.data.total;
  }
  return out;
}

/**
 * The section against a server started with smsEnv (the parcels [from, from + 1 000) given phone numbers first):
 * SMS on with the channel order sms then e-mail and a budget the spell cannot reach, then the two spells.
 */
export async function messagesSection(base: string, cookie: string, from: number, steadyCode: string, serverCpuMicros: () => number): Promise<MessagesRow[]> {
  const settings = await fetch(`${base}/api/settings`, {
    method: "PATCH",
    headers: { cookie, "content-type": "application/json" },
    body: JSON.stringify({ sms_enabled: true, channel_order: ["sms", "email"], sms_daily_limit: 1_000_000 }),
  });
  await json(settings, "PATCH /api/settings");
  const codes = Array.from({ length: CHANGES }, (_, k) => benchCode(from + k));
  const round = (v: number) => Math.round(v * 10) / 10;
  const spell = async (name: string, job: () => Promise<{ times: number[]; failed: number }>): Promise<MessagesRow> => {
    let k = 0;
    const cpu0 = serverCpuMicros();
    // Two clients: the steady parcel, and the changed parcels in turn (each found just written).
    const inner = await probeDuring(base, steadyCode, async () => probeDuring(base, codes[k++ % codes.length], job, { localAddress: "127.0.0.22" }));
    const lookups = [...inner.lookups, ...inner.result.lookups];
    const { times, failed } = inner.result.result;
    const row = {
      spell: name,
      seconds: round(inner.seconds),
      changes: times.length,
      change_p50: round(percentile(times, 50)),
      change_p99: round(percentile(times, 99)),
      failed_changes: failed,
      lookups: lookups.length,
      lookup_p50: round(percentile(lookups, 50)),
      lookup_p99: round(percentile(lookups, 99)),
      lookup_max: round(Math.max(0, ...lookups)),
      failed_lookups: inner.failed + inner.result.failed,
      server_cores: Math.round(((serverCpuMicros() - cpu0) / 1e6 / inner.seconds) * 100) / 100,
      messages: await messageCounts(base, cookie),
    };
    return { ...row, pass: row.lookup_p99 < LOOKUP_P99_MS && row.failed_lookups === 0 && failed === 0 };
  };
  const changes = await spell(`${CHANGES} status changes in ${SPELL_MS / 1000} s`, async () => {
    const times: number[] = [];
    let failed = 0;
    const t0 = performance.now();
    const sends: Promise<void>[] = [];
    for (let k = 0; k < CHANGES; k++) {
      const due = t0 + (k * SPELL_MS) / CHANGES;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      sends.push(
        (async () => {
          const s = performance.now();
          try {
            // A history entry with its status (a scan answers 429 while the same member's previous scan is written).
            const r = await fetch(`${base}/api/activities`, {
              method: "POST",
              headers: { cookie, "content-type": "application/json" },
              body: JSON.stringify({ parcel_id: from + k + 1, title: "In transit", description: "Sorted at the bench hub.", status_code: "in_transit" }),
            });
            await r.arrayBuffer();
            if (r.status !== 200 && r.status !== 201) failed++;
          } catch {
            // Refused or timed out (a server far behind): counted, not the end of the run.
            failed++;
          }
          times.push(performance.now() - s);
        })(),
      );
    }
    await Promise.all(sends);
    return { times, failed };
  });
  const drainMs = Number(process.env.BENCH_MESSAGES_DRAIN || 30) * 1000;
  const drain = await spell(`the queue draining, ${drainMs / 1000} s after`, async () => {
    await new Promise((r) => setTimeout(r, drainMs));
    return { times: [], failed: 0 };
  });
  return [changes, drain];
}
