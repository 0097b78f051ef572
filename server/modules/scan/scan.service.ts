import { badInput, isUniqueViolation } from "../../core/errors.js";
import { callerJob, yieldToOthers } from "../../core/jobs.js";
import { isStorableText } from "../../core/validation.js";
import { db } from "../../db/index.js";
import { withDerivedTime } from "../parcel/history.js";
import { parcelStates, planEntry, type EntryData, type EntryPlan, type ParcelState } from "../activity/activity.service.js";
import { parcelWrites, type AddedEntry, type ParcelWrites } from "../parcel/parcel.writes.js";
import { FAILURE_REASONS, type StatusCode } from "../../../shared/modules/parcel/status.codes.js";
import { SCAN_ERRORS, scanRefusal, type ScanErrorCode } from "../../../shared/modules/scan/scan.events.js";
import type { ScanParcelsInput } from "./scan.input.js";
import { entryLanguages, scanTitle } from "../activity/entry.language.js";
import { afterTaken, CollectionTaken, collectionsOf, collectionView, deliveryCod, type CollectionView, type DeliveryCod } from "../cod/cod.collect.js";

const CODE = /^[A-Za-z0-9-]{1,64}$/;
/** Entries written per transaction: 60 rows of 11 columns stay under SQLite's 999 parameters a statement. */
const WRITE_BATCH = 60;

type Entry = AddedEntry["activity"];
export interface ScanOutcome {
  code: string;
  recipient_name: string | null;
  activity: Entry | null;
  error: { code: ScanErrorCode; message: string } | null;
  /** A delivered scan of a parcel with cash on delivery: its collection. */
  cod?: CollectionView | null;
}

const fail = (code: string, recipient_name: string | null, error: ScanErrorCode): ScanOutcome => ({
  code,
  recipient_name,
  activity: null,
  error: { code: error, message: SCAN_ERRORS[error] },
});

/** The rules across fields (the input class checks each field). */
function checkInput(input: ScanParcelsInput) {
  const errors: string[] = [];
  if (input.scan_ids) {
    if (input.scan_ids.length !== input.codes.length) errors.push(`scan_ids must hold one id per code (${input.codes.length})`);
    if (input.scan_ids.some((s) => !isStorableText(s) || !s.trim()))
      errors.push("scan_ids contains an id that is blank or has characters that are not allowed");
  }
  if ((input.latitude == null) !== (input.longitude == null)) {
    errors.push(input.latitude == null ? "latitude is required with longitude" : "longitude is required with latitude");
  }
  const reason = input.status_reason?.trim();
  if (input.status_code === "delivery_failed" && reason && !(FAILURE_REASONS as readonly string[]).includes(reason)) {
    errors.push(`status_reason must be one of ${FAILURE_REASONS.join(", ")} for delivery_failed`);
  }
  if (input.cod && input.status_code !== "delivered") errors.push("cod is taken with a delivered scan only");
  if (errors.length) throw badInput(errors);
}

const text = (v: string | null | undefined) => (typeof v === "string" && v.trim() ? v.trim() : null);

/**
 * One event for many parcels: each code gets its history entry through the same path as a single
 * entry (status, icon and colour, the parcel's status and place, webhooks, notifications, caches),
 * or its own error. Reads are batched (the parcels, their newest entries, the scan ids seen before);
 * each entry is its own small transaction, so one code's failure never undoes another's entry.
 * A scan_id already on the parcel (an earlier try of this request, or a concurrent one) adds
 * nothing and answers the first entry. Other requests are answered between write batches, and a
 * member or key runs one such batch of scans at a time (429 for a second meanwhile).
 */
export async function scanParcels(input: ScanParcelsInput): Promise<ScanOutcome[]> {
  checkInput(input);
  return callerJob("scans", () => recordScans(input));
}

async function recordScans(input: ScanParcelsInput): Promise<ScanOutcome[]> {
  const status = input.status_code as StatusCode;
  const reason = text(input.status_reason);
  const place = text(input.place);
  const at = input.scanned_at ? new Date(input.scanned_at) : new Date();
  // A title the request gives is written as given; else the event's, in the language of the entry's reader.
  const given = text(input.title);
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

  const language = await entryLanguages(given ? [] : [...states.values()]);
  const titles = new Map<string, string>(); // language code -> the default title
  const titleOf = (state: ParcelState) => {
    if (given) return given;
    const l = language(state);
    let t = titles.get(l.code);
    if (t === undefined) titles.set(l.code, (t = scanTitle(l, status, reason)));
    return t;
  };

  const outcomes: ScanOutcome[] = new Array(codes.length);
  const answer = (i: number, state: ParcelState, activity: Entry) =>
    (outcomes[i] = { code: codes[i], recipient_name: state.recipient_name, activity, error: null });
  const entryData = (i: number, state: ParcelState): EntryData => ({
    title: titleOf(state),
    description,
    status_code: status,
    status_reason: reason,
    created_at: at,
    scan_id: scanIds?.[i] ?? null,
  });
  const placeData = { current_location: place, latitude: input.latitude, longitude: input.longitude };
  // Cash on delivery (contract section 12): a delivered scan collects what is due, in the entry's transaction.
  const delivering = status === "delivered";
  const payment = input.cod ?? null;
  const codFail = (i: number, state: ParcelState, d: Extract<DeliveryCod, { kind: "refused" }>) =>
    (outcomes[i] = {
      code: codes[i],
      recipient_name: state.recipient_name,
      activity: null,
      error: { code: d.status === 409 ? "COD_CONFLICT" : "COD_REFUSED", message: d.messages.join("; ") },
    });
  /** The same collection again: answered with the parcel's delivered entry, nothing written. */
  const replay = async (i: number, state: ParcelState) => {
    const row = await db().activity.findFirst({ where: { parcel_id: state.id, status_code: "delivered" }, orderBy: [{ created_at: "desc" }, { id: "desc" }] });
    if (row) answer(i, state, withDerivedTime(row));
    else outcomes[i] = fail(codes[i], state.recipient_name, "ALREADY_DELIVERED");
  };

  // Rounds: the first scan of each parcel, then the second of those scanned twice, and so on, so a
  // parcel's scans follow one another in the order given and a round has each parcel once.
  const rounds: [number, ParcelState][][] = [];
  const count = new Map<ParcelState, number>();
  for (const [i, code] of codes.entries()) {
    const state = CODE.test(code) ? states.get(code) : undefined;
    if (!CODE.test(code)) outcomes[i] = fail(code, null, "INVALID_CODE");
    else if (!state) outcomes[i] = fail(code, null, "UNKNOWN_CODE");
    else {
      const n = count.get(state) ?? 0;
      count.set(state, n + 1);
      (rounds[n] ??= []).push([i, state]);
    }
  }

  // One unit of parcel writes: the cached views go and the events go out once, after the last batch.
  await parcelWrites(async (w) => {
    for (const round of rounds) await writeRound(w, round);
    await yieldToOthers();
  });
  if (delivering) {
    // Each delivered parcel's collection as it now is (null: nothing due).
    const answered = [...states.values()].filter((s) => outcomes.some((o) => o?.activity && o.code === s.tracking_code));
    const collections = await collectionsOf(answered.map((s) => s.id));
    for (const o of outcomes) if (o.activity) o.cod = collectionView(collections.get(o.activity.parcel_id));
  }
  return outcomes;

  async function writeRound(w: ParcelWrites, round: [number, ParcelState][]) {
    const plans: [number, EntryPlan][] = [];
    const collections = delivering ? await collectionsOf(round.map(([, s]) => s.id)) : new Map();
    for (const [i, state] of round) {
      const first = scanIds ? seen.get(`${state.id}\n${scanIds[i]}`) : undefined;
      const cod: DeliveryCod = delivering && !first ? deliveryCod(collections.get(state.id), payment) : { kind: "none" };
      const refusal = first || cod.kind === "replay" ? null : scanRefusal(state.status_code, status);
      if (first) answer(i, state, first);
      else if (cod.kind === "replay") await replay(i, state);
      // Another payment for a collection already recorded is its conflict (409), before "already delivered".
      else if (cod.kind === "refused" && cod.status === 409) codFail(i, state, cod);
      else if (refusal) outcomes[i] = fail(codes[i], state.recipient_name, refusal);
      else if (cod.kind === "refused") codFail(i, state, cod);
      else {
        const plan = planEntry(state, entryData(i, state), placeData);
        if (cod.kind === "collect") plan.inTransaction = cod.write;
        plans.push([i, plan]);
      }
    }
    for (let k = 0; k < plans.length; k += WRITE_BATCH) {
      await yieldToOthers();
      const batch = plans.slice(k, k + WRITE_BATCH);
      let written: AddedEntry[] | null = null;
      try {
        written = await w.addEntries(batch.map(([, plan]) => plan));
      } catch (e) {
        // A collection taken meanwhile (the same delivery sent twice at once) undoes the batch too: one by one below.
        if (!(e instanceof CollectionTaken) && (!scanIds || !isUniqueViolation(e))) throw e;
      }
      if (written) {
        for (const [j, entry] of written.entries()) record(batch[j][0], batch[j][1].state, entry);
        continue;
      }
      // A concurrent request with some of the same scans wrote first (nothing of this batch was written):
      // one by one, each scan taken by the other request answers its entry.
      for (const [i, { state, inTransaction }] of batch) {
        try {
          const plan = planEntry(state, entryData(i, state), placeData);
          if (inTransaction) plan.inTransaction = inTransaction;
          record(i, state, await w.addEntries([plan]).then((a) => a[0]));
        } catch (e) {
          if (e instanceof CollectionTaken && payment) {
            const after = await afterTaken(state.id, payment);
            if (after.kind === "replay") await replay(i, state);
            else if (after.kind === "refused") codFail(i, state, after);
            continue;
          }
          if (!isUniqueViolation(e)) throw e;
          const row = await db().activity.findUnique({ where: { parcel_id_scan_id: { parcel_id: state.id, scan_id: scanIds![i] } } });
          if (!row) throw e;
          answer(i, state, withDerivedTime(row));
        }
      }
    }
  }

  function record(i: number, state: ParcelState, entry: AddedEntry) {
    if (scanIds) seen.set(`${state.id}\n${scanIds[i]}`, entry.activity);
    answer(i, state, entry.activity);
  }
}
