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

class Listener {
  live = false;
  private client?: pg.Client;
  private stopped = false;
  private seq = 0;
  private echoes = new Map<number, () => void>();
  private timer?: NodeJS.Timeout;

  constructor(private readonly connectionString: string, private readonly channel: string) {}

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
  }

  /** "origin:seq topic key key ..." */
  private receive(payload: string): void {
    const [from, topic, ...keys] = payload.split(" ");
    const [sender, seq] = from.split(":");
    if (sender === origin) {
      this.echoes.get(Number(seq))?.();
      return;
    }
    if (topic !== "ping") apply(topic, keys[0] === "*" ? "all" : keys);
  }

  async publish(topic: string, keys: string[] | "all"): Promise<void> {
    const list = keys === "all" ? ["*"] : keys;
    // Tracking codes are short; chunks keep each payload well under PostgreSQL's 8000 bytes.
    for (let i = 0; i < list.length || i === 0; i += 100) await this.send(topic, list.slice(i, i + 100));
  }

  /** Sends one notification; true once it has come back to this listener. */
  private async send(topic: string, keys: string[]): Promise<boolean> {
    const seq = ++this.seq;
    const payload = [`${origin}:${seq}`, topic, ...keys].join(" ");
    const client = this.live ? this.client : undefined;
    if (client) {
      let echoed!: () => void;
      const back = new Promise<boolean>((resolve) => {
        const t = setTimeout(() => resolve(false), ECHO_TIMEOUT_MS);
        echoed = () => {
          clearTimeout(t);
          resolve(true);
        };
      });
      this.echoes.set(seq, echoed);
      try {
        await client.query("SELECT pg_notify($1, $2)", [this.channel, payload]);
        return await back;
      } catch {
        this.fail(client);
      } finally {
        this.echoes.delete(seq);
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

  /** A notification to itself: proves the connection still delivers them. */
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
    this.live = false;
    clearInterval(this.timer);
    const c = this.client;
    this.client = undefined;
    if (c) {
      c.removeAllListeners("end");
      c.on("error", () => {});
      await c.end().catch(() => {});
    }
  }
}
