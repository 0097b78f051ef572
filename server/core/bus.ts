import crypto from "node:crypto";
import pg from "pg";

/**
 * Cache invalidation across server processes. Caches subscribe to a topic ("parcel" with
 * tracking codes, "content" for the start-up graph); a write calls `invalidate`, which clears
 * this process at once and, on PostgreSQL, NOTIFYs every other process on the same schema.
 *
 * While this process LISTENs, its caches may trust their entries with no database round trip
 * (`trusted()`). Whenever the listener is not connected (start-up, a dropped connection, a
 * missed heartbeat) `trusted()` is false, callers check versions in the database as before, and
 * every cache is cleared when it connects again, since notifications may have been missed.
 * On SQLite there is one process: nothing to listen to, always trusted.
 */
type Handler = (keys: string[] | "all") => void;

const handlers = new Map<string, Set<Handler>>();
const origin = crypto.randomBytes(6).toString("hex");
let generation = 0;
let shared: Listener | undefined;
// Set once a shared database is opened: from then on nothing is trusted without a live listener.
let multiProcess = false;

export function onInvalidate(topic: string, fn: Handler): void {
  let set = handlers.get(topic);
  if (!set) handlers.set(topic, (set = new Set()));
  set.add(fn);
}

/**
 * Moves on with every invalidation seen here. A read that started under an older generation
 * may be stale and must not fill a cache (another process can commit while it runs).
 */
export function cacheGeneration(): number {
  return generation;
}

/** Whether cached entries can be used as they are (see above). */
export function trusted(): boolean {
  return !multiProcess || shared?.live === true;
}

function apply(topic: string, keys: string[] | "all"): void {
  generation++;
  handlers.get(topic)?.forEach((fn) => fn(keys));
}

function resetAll(): void {
  generation++;
  for (const set of handlers.values()) set.forEach((fn) => fn("all"));
}

/**
 * Forgets `keys` of `topic` here and in every other process. On PostgreSQL it resolves once
 * this process has received its own notification back: the database has then signalled every
 * listener, so the next request to any process sees the change.
 */
export async function invalidate(topic: string, keys: string[] | "all"): Promise<void> {
  apply(topic, keys);
  await shared?.publish(topic, keys);
}

/** Starts listening on PostgreSQL (called by openDb); a failed first attempt is retried in the background. */
export async function startBus(connectionString: string, schema: string): Promise<void> {
  await stopBus();
  multiProcess = true;
  shared = new Listener(connectionString, channelOf(schema));
  await shared.connect();
}

/** One channel per schema; also the listener's application_name, so it can be found in pg_stat_activity. */
export function channelOf(schema: string): string {
  return `courier_cache_${crypto.createHash("sha1").update(schema).digest("hex").slice(0, 20)}`;
}

export async function stopBus(): Promise<void> {
  const l = shared;
  shared = undefined;
  await l?.stop();
}

const HEARTBEAT_MS = 5_000;
const ECHO_TIMEOUT_MS = 3_000;
// A peer not heard from (heartbeat, notification or answer) for this long is no longer waited for.
const PEER_TTL_MS = 2.5 * HEARTBEAT_MS;

/**
 * The LISTEN connection of this process. Every notification names its sender; each listener
 * answers a foreign invalidation with an "ack" once its caches are clear, and a publisher waits
 * for its own echo and for the acks of every peer it has heard from recently (heartbeats are
 * notifications too, so peers learn of each other within one heartbeat, and a new listener
 * announces itself at once). So when a write returns, every live process has forgotten the
 * stale entries: the next request, whichever process it reaches, sees the change.
 */
class Listener {
  live = false;
  private client?: pg.Client;
  private stopped = false;
  private seq = 0;
  private waits = new Map<number, { pending: Set<string>; echoed: boolean; done: () => void }>();
  private peers = new Map<string, number>();
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly connectionString: string,
    private readonly channel: string,
  ) {}

  async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.connectionString, keepAlive: true, application_name: this.channel });
    this.client = client;
    client.on("notification", (m) => this.receive(m.payload ?? ""));
    client.on("error", () => this.fail(client));
    client.on("end", () => this.fail(client));
    try {
      await client.connect();
      await client.query(`LISTEN "${this.channel}"`);
    } catch (e) {
      console.error("cache invalidation listener could not connect:", (e as Error).message);
      this.fail(client);
      return;
    }
    if (this.stopped || this.client !== client) return;
    // Anything may have changed while nobody listened.
    resetAll();
    this.live = true;
    this.timer = setInterval(() => void this.heartbeat(), HEARTBEAT_MS).unref();
    void this.heartbeat();
  }

  /** "origin:seq topic key key ..."; an ack is "origin:0 ack target:seq". */
  private receive(payload: string): void {
    const [from, topic, ...keys] = payload.split(" ");
    const [sender, seq] = from.split(":");
    if (sender === origin) {
      this.settle(Number(seq), "echo");
      return;
    }
    if (topic === "bye") {
      this.peers.delete(sender);
      for (const w of this.waits.values()) if (w.pending.delete(sender)) this.check(w);
      return;
    }
    this.peers.set(sender, Date.now());
    if (topic === "ack") {
      const [target, n] = (keys[0] ?? "").split(":");
      if (target === origin) this.settle(Number(n), sender);
      return;
    }
    if (topic === "ping") return;
    apply(topic, keys[0] === "*" ? "all" : keys);
    const client = this.client;
    if (this.live && client) client.query("SELECT pg_notify($1, $2)", [this.channel, `${origin}:0 ack ${from}`]).catch(() => this.fail(client));
  }

  private settle(seq: number, who: string): void {
    const w = this.waits.get(seq);
    if (!w) return;
    if (who === "echo") w.echoed = true;
    else w.pending.delete(who);
    this.check(w);
  }

  private check(w: { pending: Set<string>; echoed: boolean; done: () => void }): void {
    if (w.echoed && w.pending.size === 0) w.done();
  }

  async publish(topic: string, keys: string[] | "all"): Promise<void> {
    const list = keys === "all" ? ["*"] : keys;
    // Tracking codes are short; chunks keep each payload well under PostgreSQL's 8000 bytes.
    for (let i = 0; i < list.length || i === 0; i += 100) await this.send(topic, list.slice(i, i + 100));
  }

  /** Sends one notification; true once it has come back to this listener (and, but for pings, every peer has answered). */
  private async send(topic: string, keys: string[]): Promise<boolean> {
    const seq = ++this.seq;
    const payload = [`${origin}:${seq}`, topic, ...keys].join(" ");
    const client = this.live ? this.client : undefined;
    if (client) {
      const now = Date.now();
      const pending = new Set<string>();
      if (topic !== "ping") for (const [peer, seen] of this.peers) if (now - seen < PEER_TTL_MS) pending.add(peer);
      let settled!: () => void;
      const back = new Promise<boolean>((resolve) => {
        const t = setTimeout(() => resolve(false), ECHO_TIMEOUT_MS);
        settled = () => {
          clearTimeout(t);
          resolve(true);
        };
      });
      const wait = { pending, echoed: false, done: settled };
      this.waits.set(seq, wait);
      try {
        await client.query("SELECT pg_notify($1, $2)", [this.channel, payload]);
        const ok = await back;
        // A peer that did not answer in time is not waited for again until it is heard from.
        for (const peer of wait.pending) this.peers.delete(peer);
        return ok || (wait.echoed && topic !== "ping");
      } catch {
        this.fail(client);
      } finally {
        this.waits.delete(seq);
      }
    }
    if (topic === "ping") return false;
    // Not listening right now: the other processes must still hear of it.
    const once = new pg.Client({ connectionString: this.connectionString });
    once.on("error", () => {});
    try {
      await once.connect();
      await once.query("SELECT pg_notify($1, $2)", [this.channel, payload]);
    } catch (e) {
      // The write itself is done; there is nothing better to do than to say so loudly.
      console.error("cache invalidation could not be sent to other processes:", (e as Error).message);
    } finally {
      await once.end().catch(() => {});
    }
    return false;
  }

  /** A notification to itself: proves the connection still delivers them, and tells the peers this process is here. */
  private async heartbeat(): Promise<void> {
    const client = this.client;
    if (!this.live || !client) return;
    if (!(await this.send("ping", [])) && this.client === client) this.fail(client);
  }

  private fail(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.live = false;
    clearInterval(this.timer);
    resetAll();
    client.removeAllListeners("end");
    client.on("error", () => {});
    client.end().catch(() => {});
    if (!this.stopped) setTimeout(() => void this.connect(), 1_000).unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const c = this.client;
    // Peers stop waiting for this process's answers at once.
    if (c && this.live) await c.query("SELECT pg_notify($1, $2)", [this.channel, `${origin}:0 bye`]).catch(() => {});
    this.live = false;
    clearInterval(this.timer);
    this.client = undefined;
    if (c) {
      c.removeAllListeners("end");
      c.on("error", () => {});
      await c.end().catch(() => {});
    }
  }
}
