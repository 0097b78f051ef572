// Positions taken on a started run and not yet sent: kept in localStorage per member, so a phone without a
// signal keeps them (in order, each with its own time) and sends them in batches once the network is back.
// Each position names its run: what was taken on one run is never sent as another's.

export interface QueuedPosition {
  run_id: number;
  latitude: number;
  longitude: number;
  /** ISO 8601, when the phone took it. */
  at: string;
  accuracy?: number;
}

type QueueStorage = Pick<Storage, "getItem" | "setItem">;

const KEY = "courier.run.positions.v1:";
/** The server takes at most this many in one request. */
export const BATCH = 500;
/** Kept at most (the oldest go first): about four hours of positions every 5 s. */
export const KEEP = 3000;
/** A new position this close in time and space to the last one kept adds nothing. */
const MIN_GAP_MS = 5000;
const MIN_MOVE_M = 5;

const keyOf = (member: string) => KEY + member.trim().toLowerCase();

export function loadPositions(member: string, storage: QueueStorage = localStorage): QueuedPosition[] {
  try {
    const raw = JSON.parse(storage.getItem(keyOf(member)) ?? "[]") as unknown;
    return Array.isArray(raw) ? (raw as QueuedPosition[]).filter((p) => p && typeof p.run_id === "number" && typeof p.at === "string") : [];
  } catch {
    return [];
  }
}

export function savePositions(member: string, list: QueuedPosition[], storage: QueueStorage = localStorage): void {
  try {
    storage.setItem(keyOf(member), JSON.stringify(list.slice(-KEEP)));
  } catch {
    /* storage full or blocked: the positions stay in memory */
  }
}

/** Metres between two points (great circle). */
export function metres(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The queue with a new position added, unless it repeats the last one of its run (same place, a moment later). */
export function addPosition(list: QueuedPosition[], p: QueuedPosition, last: QueuedPosition | null): QueuedPosition[] {
  if (last && last.run_id === p.run_id && Date.parse(p.at) - Date.parse(last.at) < MIN_GAP_MS && metres(last, p) < MIN_MOVE_M) return list;
  return [...list, p].slice(-KEEP);
}

/** The next batch to send: the oldest positions of the oldest run waiting, at most BATCH. */
export function nextBatch(list: QueuedPosition[]): { runId: number; positions: QueuedPosition[] } | null {
  if (!list.length) return null;
  const runId = list[0].run_id;
  return { runId, positions: list.filter((p) => p.run_id === runId).slice(0, BATCH) };
}

/** The queue without a batch that was sent (or refused for good). */
export const withoutBatch = (list: QueuedPosition[], sent: QueuedPosition[]) => {
  const key = (p: QueuedPosition) => `${p.run_id}|${p.at}|${p.latitude}|${p.longitude}`;
  const gone = new Set(sent.map(key));
  return list.filter((p) => !gone.has(key(p)));
};

/** The request's positions: what the server takes (run_id is the request's, not each position's). */
export const wirePositions = (batch: QueuedPosition[]) =>
  batch.map(({ latitude, longitude, at, accuracy }) => ({ latitude, longitude, at, ...(accuracy != null ? { accuracy } : {}) }));
