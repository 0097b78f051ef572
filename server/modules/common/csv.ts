import { Readable } from "node:stream";
import { yieldToOthers } from "../../core/jobs.js";

/**
 * CSV files for spreadsheets (the parcel and audit exports): UTF-8 with a byte-order mark, a header
 * row of the columns, CRLF line ends, streamed batch by batch. Text cells that a spreadsheet would
 * run as a formula (=, +, -, @, tab, CR first) are prefixed with ' (CSV injection); numbers and
 * dates are written as they are.
 *
 * The stream reads the next batch only when the client has taken the last one (backpressure), lets
 * other requests be answered between batches, and stops reading when it is destroyed (the client
 * went away: Fastify destroys a streamed answer whose connection closed).
 */
export function csvCell(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (v instanceof Date) return v.toISOString();
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  let s = String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The rows of `batches` under a header of `columns`, as a stream. */
export function csvStream(columns: readonly string[], batches: AsyncIterable<Record<string, unknown>[]>): Readable {
  return Readable.from(
    (async function* () {
      // A byte-order mark, so spreadsheet programs read the file as UTF-8.
      yield `\uFEFF${columns.join(",")}\r\n`;
      for await (const batch of batches) {
        let out = "";
        for (const row of batch) {
          for (let i = 0; i < columns.length; i++) out += (i ? "," : "") + csvCell(row[columns[i]]);
          out += "\r\n";
        }
        yield out;
        await yieldToOthers();
      }
    })(),
  );
}
