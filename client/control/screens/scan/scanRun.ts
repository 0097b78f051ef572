// A run of scans on this device: the chosen event and every scan, newest first. It lives in
// localStorage, so scans made without a signal wait there (in order, each with its own time and id)
// and survive a reload or a trip to another screen. Each member has a run of their own (the key
// names them): scans waiting from one member are never loaded, so never sent, in another's session.
import { SCAN_EVENTS, type ScanEventId } from "@shared/modules/scan/scan.events";
import type { StatusCode } from "@shared/modules/parcel/status.codes";
import type { CodPayment } from "@shared/modules/cod/cod.rules";

export interface ScanSetup {
  event: ScanEventId;
  status_code: StatusCode;
  status_reason: string | null;
  /** Only for a custom event; otherwise the server titles the entry. */
  title: string | null;
  place: string | null;
  latitude: number | null;
  longitude: number | null;
}

export type LineState = "queued" | "sending" | "ok" | "error" | "undone";

export interface ScanLine {
  scan_id: string;
  code: string;
  /** When it was scanned (ISO): sent as scanned_at when the scan had to wait. */
  scanned_at: string;
  setup: ScanSetup;
  /**
   * A delivery's cash on delivery taken at the door (contract section 12). It waits with the scan and goes with it,
   * under the same scan_id each time: a scan sent twice (a reply lost, a page closed while sending) is answered with
   * the same collection, never a second one.
   */
  cod?: CodPayment | null;
  state: LineState;
  recipient?: string | null;
  activity_id?: number | null;
  /** The server's error code (COD_REFUSED: the payment is asked for). */
  error_code?: string | null;
  status_code?: string | null;
  error?: string | null;
}

export interface ScanRun {
  setup: ScanSetup | null;
  lines: ScanLine[];
}

const KEY = "courier.scan.run.v2:";
/** Runs kept before they were tied to a member: whose they were is unknown, so they are dropped. */
const UNOWNED_KEY = "courier.scan.run.v1";
/** Older finished lines are dropped; waiting ones never are. */
const KEEP = 200;
/** A scan sent later than this after it was made carries its own time (otherwise the server's clock counts). */
export const LATE_MS = 20_000;

type RunStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;
const keyOf = (member: string) => KEY + member.trim().toLowerCase();

/** The run of one member (their e-mail) on this device. */
export function loadRun(member: string, storage: RunStorage = localStorage): ScanRun {
  try {
    storage.removeItem(UNOWNED_KEY);
    const raw = JSON.parse(storage.getItem(keyOf(member)) ?? "null") as ScanRun | null;
    if (raw && Array.isArray(raw.lines)) {
      // A send cut short by closing the page is simply sent again (its scan_id keeps it single).
      return { setup: raw.setup ?? null, lines: raw.lines.map((l) => (l.state === "sending" ? { ...l, state: "queued" } : l)) };
    }
  } catch {
    /* unreadable: start afresh */
  }
  return { setup: null, lines: [] };
}

export function saveRun(member: string, run: ScanRun, storage: RunStorage = localStorage): void {
  const waiting = (l: ScanLine) => l.state === "queued" || l.state === "sending";
  let kept = 0;
  const lines = run.lines.filter((l) => waiting(l) || kept++ < KEEP);
  try {
    storage.setItem(keyOf(member), JSON.stringify({ ...run, lines }));
  } catch {
    /* storage full or blocked: the run stays in memory */
  }
}

export const newScanId = () =>
  typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/** A tracking code from what a scanner read: the code itself, or the tracking link of a label's QR code. */
export function codeFromScan(raw: string): string {
  const text = raw.trim();
  if (/^https?:\/\//i.test(text)) {
    try {
      const code = new URL(text).searchParams.get("code");
      if (code) return code.trim();
    } catch {
      /* not a URL after all */
    }
  }
  return text;
}

/** The oldest scan still waiting to be sent. */
export const nextQueued = (lines: ScanLine[]) => [...lines].reverse().find((l) => l.state === "queued");

/** The newest scan that undo takes back: recorded, or still waiting; none while the newest is on its way. */
export function undoable(lines: ScanLine[]): ScanLine | undefined {
  const l = lines.find((x) => x.state === "ok" || x.state === "queued" || x.state === "sending");
  return l?.state === "sending" ? undefined : l;
}

export function eventOf(id: ScanEventId) {
  return SCAN_EVENTS.find((e) => e.id === id)!;
}

/** The variables of one scan's request. */
export function scanInput(line: ScanLine, now = Date.now()) {
  const s = line.setup;
  const late = now - Date.parse(line.scanned_at) > LATE_MS;
  return {
    codes: [line.code],
    scan_ids: [line.scan_id],
    status_code: s.status_code,
    status_reason: s.status_reason,
    title: s.title,
    place: s.place,
    latitude: s.latitude,
    longitude: s.longitude,
    ...(late ? { scanned_at: line.scanned_at } : {}),
    ...(line.cod && s.status_code === "delivered" ? { cod: line.cod } : {}),
  };
}
