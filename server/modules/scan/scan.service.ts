import { badInput, isUniqueViolation } from "../../core/errors.js";
import { isStorableText } from "../../core/validation.js";
import { db, provider } from "../../db/index.js";
import { withDerivedTime } from "../activity/activity.rules.js";
import { addEntry, afterEntries, parcelStates, type AddedEntry, type ParcelState } from "../activity/activity.service.js";
import { FAILURE_REASONS, type StatusCode } from "../parcel/status.codes.js";
import { defaultScanTitle, SCAN_ERRORS, scanRefusal, type ScanErrorCode } from "./scan.events.js";
import type { ScanParcelsInput } from "./scan.input.js";

/**
 * Who may scan. Both doors guard with it and the service trusts them: today an admin session;
 * the courier role and API keys with the `history:write` scope are added here when they exist.
 */
export const SCAN_ACCESS = { admin: true, roles: ["admin"], scopes: ["history:write"] } as const;

const CODE = /^[A-Za-z0-9-]{1,64}$/;
/** PostgreSQL takes several small transactions at once (the pool holds 10); SQLite writes one at a time. */
const PARALLEL_WRITES = 4;

type Entry = AddedEntry["activity"];
export interface ScanOutcome {
  code: string;
  recipient_name: string | null;
  activity: Entry | null;
  error: { code: ScanErrorCode; message: string } | null;
}

const fail = (code: string, recipient_name: string | null, error: ScanErrorCode): ScanOutcome =>
  ({ code, recipient_name, activity: null, error: { code: error, message: SCAN_ERRORS[error] } });

/** The rules across fields (the input class checks each field). */
function checkInput(input: ScanParcelsInput) {
  const errors: string[] = [];
  if (input.scan_ids) {
    if (input.scan_ids.length !== input.codes.length) errors.push(`scan_ids must hold one id per code (${input.codes.length})`);
    if (input.scan_ids.some((s) => !isStorableText(s) || !s.trim())) errors.push("scan_ids contains an id that is blank or has characters that are not allowed");
  }
  if ((input.latitude == null) !== (input.longitude == null)) {
    errors.push(input.latitude == null ? "latitude is required with longitude" : "longitude is required with latitude");
  }
  const reason = input.status_reason?.trim();
  if (input.status_code === "delivery_failed" && reason && !(FAILURE_REASONS as readonly string[]).includes(reason)) {
    errors.push(`status_reason must be one of ${FAILURE_REASONS.join(", ")} for delivery_failed`);
  }
  if (errors.length) throw badInput(errors);
}

const text = (v: string | null | undefined) => (typeof v === "string" && v.trim() ? v.trim() : null);

/**
 * One event for many parcels: each code gets its history entry through the same path as a single
 * entry (status, icon and colour, the parcel's status and place, webhooks, notifications, caches),
 * or its own error. Reads are batched (the parcels, their newest entries, the scan ids seen before);
 * each entry is its own small transaction, so one code's failure never undoes another's entry.
 * A scan_id already on the parcel (an earlier try of this request, or a concurrent one) adds
 * nothing and answers the first entry.
 */
export async function scanParcels(input: ScanParcelsInput): Promise<ScanOutcome[]> {
  checkInput(input);
  const status = input.status_code as StatusCode;
  const reason = text(input.status_reason);
  const place = text(input.place);
  const at = input.scanned_at ? new Date(input.scanned_at) : new Date();
  const title = text(input.title) ?? defaultScanTitle(status, reason);
  const description = [place, text(input.description)].filter(Boolean).join(" · ");
  const codes = input.codes.map((c) => (typeof c === "string" ? c.trim() : ""));
  const scanIds = input.scan_ids?.map((s) => s.trim()) ?? null;

  const wellFormed = [...new Set(codes.filter((c) => CODE.test(c)))];
  const states = new Map<string, ParcelState>((wellFormed.length ? await parcelStates({ codes: wellFormed }) : []).map((s) => [s.tracking_code, s]));
  const seen = new Map<string, Entry>(); // `${parcel_id}\n${scan_id}` -> the first entry
  if (scanIds && states.size) {
    const pairs = codes.flatMap((c, i) => (states.has(c) ? [[states.get(c)!.id, scanIds[i]] as const] : []));
    // In slices: SQLite takes at most 999 parameters a query. The unique (parcel_id, scan_id) index serves it.
    for (let i = 0; i < pairs.length; i += 250) {
      const slice = pairs.slice(i, i + 250);
      const earlier = await db().activity.findMany({
        where: { parcel_id: { in: [...new Set(slice.map((p) => p[0]))] }, scan_id: { in: [...new Set(slice.map((p) => p[1]))] } },
      });
      for (const e of earlier) seen.set(`${e.parcel_id}\n${e.scan_id}`, withDerivedTime(e));
    }
  }

  const outcomes: ScanOutcome[] = new Array(codes.length);
  const addedAt: (AddedEntry | undefined)[] = new Array(codes.length);
  const one = async (i: number, state: ParcelState) => {
    const code = codes[i];
    const scanId = scanIds?.[i] ?? null;
    const key = `${state.id}\n${scanId}`;
    const first = scanId ? seen.get(key) : undefined;
    if (first) return (outcomes[i] = { code, recipient_name: state.recipient_name, activity: first, error: null });
    const refusal = scanRefusal(state.status_code, status);
    if (refusal) return (outcomes[i] = fail(code, state.recipient_name, refusal));
    try {
      const entry = await addEntry(
        state,
        { title, description, status_code: status, status_reason: reason, created_at: at, scan_id: scanId },
        { current_location: place, latitude: input.latitude, longitude: input.longitude },
      );
      addedAt[i] = entry;
      if (scanId) seen.set(key, entry.activity);
      outcomes[i] = { code, recipient_name: state.recipient_name, activity: entry.activity, error: null };
    } catch (e) {
      if (!scanId || !isUniqueViolation(e)) throw e;
      // A concurrent request with the same scan won the race: answer its entry.
      const row = await db().activity.findUnique({ where: { parcel_id_scan_id: { parcel_id: state.id, scan_id: scanId } } });
      if (!row) throw e;
      const winner = withDerivedTime(row);
      seen.set(key, winner);
      outcomes[i] = { code, recipient_name: state.recipient_name, activity: winner, error: null };
    }
  };

  // A parcel's scans in the order given; different parcels side by side where the database writes in parallel.
  const byParcel = new Map<ParcelState, number[]>();
  for (const [i, code] of codes.entries()) {
    const state = CODE.test(code) ? states.get(code) : undefined;
    if (!CODE.test(code)) outcomes[i] = fail(code, null, "INVALID_CODE");
    else if (!state) outcomes[i] = fail(code, null, "UNKNOWN_CODE");
    else byParcel.set(state, [...(byParcel.get(state) ?? []), i]);
  }
  const groups = [...byParcel];
  const workers = provider() === "postgresql" ? PARALLEL_WRITES : 1;
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(workers, groups.length) }, async () => {
      while (next < groups.length) {
        const [state, positions] = groups[next++];
        for (const i of positions) await one(i, state);
      }
    }),
  );
  const added = addedAt.filter((a): a is AddedEntry => !!a);
  await afterEntries(added);
  return outcomes;
}
