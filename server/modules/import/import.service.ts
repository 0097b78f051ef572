import { parse } from "csv-parse";
import { AppError, badInput, isRecordMissing, isUniqueViolation } from "../../core/errors.js";
import { callerJob, yieldToOthers } from "../../core/jobs.js";
import { blankToNull, fieldsOf, validated } from "../../core/validation.js";
import { db } from "../../db/index.js";
import { CSV_COLUMNS } from "../parcel/parcel.export.js";
import { CreateParcelInput, PARCEL_NULLABLE, UpdateParcelInput } from "../parcel/parcel.input.js";
import { checkMap, checkWindow } from "../parcel/parcel.service.js";
import { codAmountWrite, refuseDeliveryWithoutCollection } from "../cod/cod.collect.js";
import { getSettings } from "../settings/settings.service.js";
import { parcelWrites, type ParcelWrites } from "../parcel/parcel.writes.js";

/**
 * Bulk import of parcels from CSV: the columns of the export (parcel.export.ts), a header row,
 * UTF-8 with or without a byte-order mark, `,` or `;` between cells. Each row creates the parcel of
 * its tracking_code or updates it when it exists, checked with the same input classes and rules as
 * createParcel / updateParcel. A row is one statement (never half-written); rows are written in
 * batches of WRITE_BATCH, each in one transaction; a batch that fails as a whole (a code taken
 * meanwhile) is written again row by row so that only the failing row fails. A file that cannot be
 * read (not CSV, a bad header) writes nothing. Between batches the event loop answers other
 * requests (a CSV import of 10 000 rows held every look-up of the process for its 20 s).
 */

export type ImportAction = "create" | "update" | "error";
export interface ImportRow {
  /** The row in the file as a spreadsheet numbers it: the header is row 1, the first parcel row 2. */
  row: number;
  tracking_code: string;
  action: ImportAction;
  errors: string[];
}
export interface ImportResult {
  created: number;
  updated: number;
  failed: number;
  rows: ImportRow[];
}

/** Rows checked and written as one batch (one transaction): a few hundred milliseconds at most, then other requests. */
export const WRITE_BATCH = 50;

/** Export columns that describe a parcel but are not set through create or update: read, then ignored. */
// cod_currency is read and checked (it must be the site's: cod_amount is in its smallest unit), cod and cod_due ignored.
const READ_ONLY = new Set(["image", "history_entries", "created_at", "updated_at", "cod_currency", "cod", "cod_due"]);
const WRITABLE = new Set(fieldsOf(CreateParcelInput).filter((f) => !READ_ONLY.has(f)));
const NUMBERS = new Set([
  "cod_amount",
  "weight",
  "declared_value",
  "map_zoom",
  "map_current_latitude",
  "map_current_longitude",
  "map_pickup_latitude",
  "map_pickup_longitude",
  "map_destination_latitude",
  "map_destination_longitude",
]);
const BOOLEANS = new Set(["notify_recipient", "protect_details"]);
/** Fields with a default instead of "not set": an empty cell leaves them as they are (or at their default). */
const DEFAULTED = new Set(["show_map", "map_zoom", "notify_recipient", "protect_details"]);
// An empty cod_amount cell is no amount (on an update: the amount is removed, as an empty optional cell clears its field).
const NULLABLE = new Set<string>([...PARCEL_NULLABLE, "cod_amount"]);
const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

const notCsv = () => new AppError("UNSUPPORTED_MEDIA_TYPE", "file must be a CSV file (UTF-8 text with a header row)");

/** The file's text: UTF-8 (a byte-order mark is dropped); anything else is not a CSV file of ours. */
function textOf(bytes: Buffer): string {
  if (!bytes.length) throw badInput("file is empty: a header row is required");
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw notCsv();
  }
  // NUL and other control characters (but tab, CR, LF) do not occur in text files.
  // eslint-disable-next-line no-control-regex -- control characters are what this pattern looks for
  if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.test(text.slice(0, 4096))) throw notCsv();
  return text;
}

/** `,` or `;`: whichever splits the header into more cells (outside quotes). */
function delimiterOf(text: string): "," | ";" {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === "\n" || ch === "\r")) break;
    else if (!quoted && ch === ",") commas++;
    else if (!quoted && ch === ";") semicolons++;
  }
  return semicolons > commas ? ";" : ",";
}

/** The export prefixes text that a spreadsheet would run as a formula with '; the import takes it off again. */
const unescapeCell = (v: string) => (/^'[=+\-@\t\r]/.test(v) ? v.slice(1) : v);

function cellValue(column: string, raw: string): unknown {
  const v = unescapeCell(raw);
  if (v.trim() === "") {
    if (DEFAULTED.has(column)) return undefined;
    return NULLABLE.has(column) ? null : "";
  }
  if (NUMBERS.has(column)) return NUMERIC.test(v.trim()) ? Number(v.trim()) : v;
  if (BOOLEANS.has(column)) {
    const t = v.trim().toLowerCase();
    return t === "true" || t === "1" ? true : t === "false" || t === "0" ? false : v;
  }
  return v;
}

interface Parsed {
  columns: string[];
  records: { row: number; cells: string[] }[];
}

/** The file's rows, parsed a part at a time with other requests answered in between (a few MB take a while). */
async function rowsOf(bytes: Buffer, delimiter: string): Promise<string[][]> {
  // Blank lines are kept (and skipped below) so that row numbers are those of a spreadsheet.
  const parser = parse({ bom: true, delimiter, relax_column_count: true });
  const rows: string[][] = [];
  let failed: Error | undefined;
  parser.on("readable", () => {
    for (let r: string[] | null; (r = parser.read() as string[] | null) !== null;) rows.push(r);
  });
  parser.on("error", (e) => (failed ??= e));
  const ended = new Promise<void>((resolve) => parser.once("end", resolve).once("error", () => resolve()));
  for (let i = 0; i < bytes.length && !failed; i += PARSE_PART) {
    parser.write(bytes.subarray(i, i + PARSE_PART));
    await yieldToOthers();
  }
  if (!failed) parser.end();
  await ended;
  if (failed) throw failed;
  return rows;
}
const PARSE_PART = 64 * 1024;

async function parseCsv(bytes: Buffer): Promise<Parsed> {
  const text = textOf(bytes);
  let rows: string[][];
  try {
    rows = await rowsOf(bytes, delimiterOf(text.replace(/^\uFEFF/, "")));
  } catch (e) {
    const err = e as { message?: string; lines?: number };
    throw badInput(
      `file could not be read as CSV${err.lines ? ` (line ${err.lines})` : ""}: ${(err.message ?? "").replace(/^Invalid [^:]*: /, "").slice(0, 200)}`,
    );
  }
  if (!rows.length) throw badInput("file is empty: a header row is required");
  const columns = rows[0].map((c) => c.trim().toLowerCase());
  const problems: string[] = [];
  if (!columns.includes("tracking_code")) problems.push("the header row must name a tracking_code column (the columns of the export)");
  const unknown = columns.filter((c) => !WRITABLE.has(c) && !READ_ONLY.has(c));
  if (unknown.length)
    problems.push(
      `unknown column${unknown.length > 1 ? "s" : ""} ${unknown.map((c) => `"${c.slice(0, 40)}"`).join(", ")}: use the columns of the export (${CSV_COLUMNS.join(", ")})`,
    );
  const twice = columns.filter((c, i) => columns.indexOf(c) !== i);
  if (twice.length) problems.push(`column ${[...new Set(twice)].join(", ")} appears more than once in the header row`);
  if (problems.length) throw badInput(problems);
  const records = rows
    .map((cells, i) => ({ row: i + 1, cells }))
    .slice(1)
    .filter((r) => r.cells.some((c) => c.trim() !== ""));
  return { columns, records };
}

type Existing = Awaited<ReturnType<typeof existingOf>>[number];
const existingOf = (codes: string[]) => db().parcel.findMany({ where: { tracking_code: { in: codes } } });

interface Checked {
  result: ImportRow;
  /** Create: the parcel's data; update: the id and the changed fields. */
  create?: Record<string, unknown>;
  update?: { id: number; data: Record<string, unknown>; before: Existing };
}

/**
 * Cash on delivery of a row (contract section 12, as POST and PATCH /api/parcels): cod_amount in the smallest unit of
 * the site's currency, 1 to cod_max, written with its collection in the parcel's own statement; on an update only a
 * different amount is a change (an amount that stays is not written again), refused once the parcel is out for
 * delivery or its money taken. cod_currency, when given, must be the site's currency.
 */
async function codOfRow(
  raw: Record<string, unknown>,
  currencyCell: string | undefined,
  before: Existing | undefined,
  code: string,
): Promise<Record<string, unknown>> {
  const currency = currencyCell?.trim().toUpperCase();
  if (currency) {
    const site = (await getSettings()).currency;
    if (currency !== site) throw badInput(`cod_currency must be ${site} (the site's currency: cod_amount is in its smallest unit)`);
  }
  if (!("cod_amount" in raw)) return {};
  const sent = raw.cod_amount;
  if (before && (sent ?? null) === before.cod_amount) return {};
  return codAmountWrite(sent, before ?? null, code);
}

/** Validates one row with the create or update rules; errors name the column (every message starts with its name). */
async function checkRow(row: number, columns: string[], cells: string[], existing: Map<string, Existing>): Promise<Checked> {
  const raw: Record<string, unknown> = {};
  columns.forEach((c, i) => {
    if (WRITABLE.has(c) && i < cells.length) raw[c] = cellValue(c, cells[i]);
  });
  const currencyAt = columns.indexOf("cod_currency");
  const code = typeof raw.tracking_code === "string" ? raw.tracking_code.trim() : "";
  const result: ImportRow = { row, tracking_code: code, action: "error", errors: [] };
  if (cells.length > columns.length) {
    result.errors.push(`the row has ${cells.length} cells, the header ${columns.length}`);
    return { result };
  }
  const before = code ? existing.get(code) : undefined;
  try {
    if (before) {
      const input = await validated(UpdateParcelInput, { ...raw, id: before.id });
      const { id: _id, cod_amount: _cod, ...fields } = input as unknown as Record<string, unknown>;
      const data = blankToNull(fields, PARCEL_NULLABLE);
      for (const k of Object.keys(data)) if (data[k] === undefined) delete data[k];
      data.tracking_code = code;
      const merged = { ...before, ...data };
      checkMap(merged);
      checkWindow(merged);
      // A row may not mark delivered a parcel whose amount is still to be collected (as an edit may not).
      if (data.status_code === "delivered" && before.status_code !== "delivered" && before.cod_amount !== null)
        await refuseDeliveryWithoutCollection(before.id);
      const cod = await codOfRow(raw, cells[currencyAt], before, code);
      result.action = "update";
      // Only what changes is written (an export imported back writes nothing; rows changing a column alike
      // are one statement), and it is answered as an update either way.
      const changed = Object.fromEntries(Object.entries(data).filter(([k, v]) => (v ?? null) !== ((before as Record<string, unknown>)[k] ?? null)));
      Object.assign(changed, cod);
      return { result, ...(Object.keys(changed).length ? { update: { id: before.id, data: changed, before } } : {}) };
    }
    const input = await validated(CreateParcelInput, raw);
    const { cod_amount: _cod, ...fields } = input as unknown as Record<string, unknown>;
    const data = blankToNull(fields, PARCEL_NULLABLE);
    for (const k of Object.keys(data)) if (data[k] === undefined) delete data[k];
    data.tracking_code = code;
    checkMap(data);
    checkWindow(data);
    Object.assign(data, await codOfRow(raw, cells[currencyAt], undefined, code));
    result.action = "create";
    return { result, create: data };
  } catch (e) {
    if (!(e instanceof AppError) || e.status >= 500) throw e;
    result.errors.push(...e.messages);
    return { result };
  }
}

/** A row whose write carries its cash-on-delivery collection (a nested write: one statement of its own). */
const nested = (c: Checked) => "cod_collection" in (c.create ?? c.update?.data ?? {});

/** Writes the checked rows of one batch in one transaction; on failure, row by row. */
async function writeBatch(w: ParcelWrites, batch: Checked[]): Promise<void> {
  // Rows with a collection to write are one statement each (a batch's createMany and updateMany take no nested write).
  await writeEach(
    w,
    batch.filter((c) => (c.create || c.update) && nested(c)),
  );
  const rows = batch.filter((c) => (c.create || c.update) && !nested(c));
  if (!rows.length) return;
  const updates = rows.filter((c) => c.update);
  try {
    const counts = await w.importBatch(rows);
    updates.forEach((c, i) => {
      if (counts[i] === 1) return;
      c.result.action = "error";
      c.result.errors.push("the parcel was deleted meanwhile; please import the row again");
    });
    return;
  } catch {
    // Retried row by row below, where an error that is not about one row is thrown.
  }
  // Something in the batch failed (most likely a code created or changed by someone else meanwhile): each row alone.
  await writeEach(w, [...rows.filter((r) => r.create), ...updates]);
}

/** Writes rows one by one: a row that fails (a code taken or a parcel deleted meanwhile) fails alone. */
async function writeEach(w: ParcelWrites, rows: Checked[]): Promise<void> {
  for (const c of rows) {
    try {
      await w.importRow(c);
    } catch (e) {
      if (!isUniqueViolation(e) && !isRecordMissing(e)) throw e;
      c.result.action = "error";
      c.result.errors.push(isUniqueViolation(e) ? "tracking_code is already taken" : "the parcel was deleted meanwhile; please import the row again");
    }
  }
}

/**
 * Imports (or with dryRun only checks) the parcels of a CSV file. Every row is answered: what it
 * did or would do, or its errors. The cached public views of every written code are forgotten
 * (in every process) after each batch.
 */
export async function importParcels(bytes: Buffer | null | undefined, opts: { dryRun?: boolean } = {}): Promise<ImportResult> {
  if (!bytes) throw badInput("file is required: a CSV file with the columns of the export");
  // One import (or dry run) at a time per member or key: a second is 429 until this one ends.
  return callerJob("import", () => importRecords(bytes, opts));
}

async function importRecords(bytes: Buffer, opts: { dryRun?: boolean }): Promise<ImportResult> {
  const { columns, records } = await parseCsv(bytes);
  const out: ImportResult = { created: 0, updated: 0, failed: 0, rows: [] };
  const seen = new Map<string, number>();
  for (let i = 0; i < records.length; i += WRITE_BATCH) {
    if (i > 0) await yieldToOthers();
    const slice = records.slice(i, i + WRITE_BATCH);
    const codeIndex = columns.indexOf("tracking_code");
    const codes = [...new Set(slice.map((r) => (r.cells[codeIndex] ?? "").trim()).filter(Boolean))];
    const existing = new Map((await existingOf(codes)).map((p) => [p.tracking_code, p]));
    const batch: Checked[] = [];
    for (const r of slice) {
      const checked = await checkRow(r.row, columns, r.cells, existing);
      const code = checked.result.tracking_code;
      if (code && checked.result.action !== "error") {
        const first = seen.get(code);
        if (first !== undefined) {
          checked.result.action = "error";
          checked.result.errors.push(`tracking_code ${code} is already on row ${first} of this file`);
          delete checked.create;
          delete checked.update;
        } else seen.set(code, r.row);
      }
      batch.push(checked);
    }
    if (!opts.dryRun) {
      await yieldToOthers();
      // The batch's cached views go and its events (parcel.created, a new status's) go out after it (parcel.writes.ts).
      await parcelWrites((w) => writeBatch(w, batch));
    }
    for (const c of batch) {
      out.rows.push(c.result);
      if (c.result.action === "create") out.created++;
      else if (c.result.action === "update") out.updated++;
      else out.failed++;
    }
  }
  return out;
}
