/**
 * Splits a CSV file's text into its header and records (quoted cells may hold line breaks), so the
 * import screen can send a large file in parts and show progress. Cells are not parsed here: the
 * server reads each part with the same rules as a whole file. Each record keeps its row number as
 * a spreadsheet counts it (the header is row 1; blank rows count), which the server's answer for a
 * part is mapped back to.
 */
export interface CsvRecord {
  row: number;
  text: string;
}

export function splitCsv(text: string): { header: string; records: CsvRecord[] } {
  const src = text.replace(/^\uFEFF/, "");
  const lines: string[] = [];
  let quoted = false;
  let start = 0;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    if (ch === '"') quoted = !quoted;
    else if (ch === "\n" && !quoted) {
      lines.push(src.slice(start, i).replace(/\r$/, ""));
      start = i + 1;
    }
  }
  if (start < src.length) lines.push(src.slice(start).replace(/\r$/, ""));
  const [header = "", ...rest] = lines;
  return { header, records: rest.map((t, i) => ({ row: i + 2, text: t })) };
}

/** Parts of at most `size` records, each a CSV text with the header first. */
export function chunks(header: string, records: CsvRecord[], size: number): { text: string; records: CsvRecord[] }[] {
  const out: { text: string; records: CsvRecord[] }[] = [];
  for (let i = 0; i < records.length; i += size) {
    const part = records.slice(i, i + size);
    out.push({ text: [header, ...part.map((r) => r.text)].join("\n") + "\n", records: part });
  }
  return out;
}
