import { db, provider } from "../../db/index.js";
import { invalidate, onInvalidate, trusted } from "../../core/bus.js";

/**
 * The version of the site's content (pages, reviews, settings): every write of those calls
 * contentChanged, so the start-up graph's cache (server/modules/graph) can tell when it is stale,
 * also across processes: other processes hear of it at once (server/core/bus.ts); while that
 * channel is down they read the version column (ContentVersion, PostgreSQL only) instead.
 */
let localVersion = 0;
onInvalidate("content", () => localVersion++);

export async function contentChanged(): Promise<void> {
  if (provider() === "postgresql") {
    await db().contentVersion.upsert({ where: { id: 1 }, create: { id: 1, version: 1 }, update: { version: { increment: 1 } } });
  }
  await invalidate("content", "all");
}

/** The version as this process knows it, while the cross-process channel is up (else undefined: read it). */
export const localContentVersion = (): string | undefined => (trusted() ? `local:${localVersion}` : undefined);

/** The version to check a cached graph against (the two sources never compare equal). */
export async function contentVersion(): Promise<string> {
  const local = localContentVersion();
  if (local) return local;
  const row = await db().contentVersion.findUnique({ where: { id: 1 } });
  return `db:${row?.version ?? 0}`;
}
