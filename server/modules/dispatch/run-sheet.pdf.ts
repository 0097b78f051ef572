import { pdfDocument } from "../invoice/pdf-document.js";
import { useFontFor } from "../invoice/pdf-fonts.js";
import { drawBarcode } from "../label/label.pdf.js";

export interface SheetStop {
  seq: number;
  tracking_code: string | null;
  recipient_name: string | null;
  address: string;
  window: { from: Date; to: Date } | null;
  /** A planned run's stop: minutes after the start (its window is set when the run starts). */
  after_min: number | null;
  contents: string | null;
  status: string;
}
export interface SheetRun {
  id: number;
  date: string;
  courier: string;
  status: string;
  distance_km: number;
  duration_min: number;
  company: string;
  /** The site's time zone (TIME_ZONE): the windows' times are read in it. */
  timeZone: string;
  stops: SheetStop[];
}

const MM = 72 / 25.4;
const INK = "#000000";
const MUTED = "#444444";
const RULE = "#999999";
/** A4 landscape. */
const W = 297 * MM;
const H = 210 * MM;
const M = 10 * MM;
const ROW = 58;
const COLS = [
  { key: "seq", title: "#", width: 9 * MM },
  { key: "window", title: "WINDOW", width: 24 * MM },
  { key: "address", title: "RECIPIENT AND ADDRESS", width: 78 * MM },
  { key: "contents", title: "CONTENTS", width: 40 * MM },
  { key: "code", title: "CODE", width: 62 * MM },
  { key: "signature", title: "SIGNATURE", width: 0 },
] as const;

/** "06:19" in the site's time zone: a printed sheet reads the same for everyone, so 24 h. */
const clockIn = (timeZone: string) => {
  const f = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone });
  return (d: Date) => f.format(d);
};
/** "+1:05": minutes after the start. */
const afterStart = (min: number) => `+${Math.floor(min / 60)}:${String(min % 60).padStart(2, "0")}`;

function text(
  doc: PDFKit.PDFDocument,
  s: string,
  x: number,
  y: number,
  width: number,
  size: number,
  o: { bold?: boolean; color?: string; height?: number } = {},
) {
  if (!s) return;
  doc.fontSize(size).fillColor(o.color ?? INK);
  const shown = useFontFor(doc, s, o.bold);
  doc.text(shown, x, y, { width, height: o.height ?? size * 1.3, ellipsis: true, lineGap: 0 });
}

/**
 * The run sheet for a courier who prefers paper: the run's stops in order (A4 landscape), each with
 * its window, recipient and address, contents, tracking code with its Code 128 barcode, and an empty
 * signature box; the header repeats on every page. Drawn in the PDF threads (invoice/pdf-thread.ts).
 */
export function runSheetPdf(run: SheetRun): Promise<Buffer> {
  // Black on white for office printers: not the A4 documents' colours.
  const { doc, done } = pdfDocument({ Title: `Run ${run.id} (${run.date})`, Author: run.company }, { size: [W, H], margin: 0, autoFirstPage: false });
  const lastW = W - 2 * M - COLS.reduce((a, c) => a + c.width, 0);
  const widths = COLS.map((c) => c.width || lastW);
  const xs = widths.map((_, i) => M + widths.slice(0, i).reduce((a, b) => a + b, 0));
  const perPage = Math.floor((H - M - 30 * MM) / ROW);
  const pages = Math.max(1, Math.ceil(run.stops.length / perPage));
  const hhmm = clockIn(run.timeZone);
  const times =
    run.status === "planned"
      ? "Planned: the window column gives each stop's time after the start; the windows are set when the run starts."
      : `Times in ${run.timeZone}.`;

  for (let p = 0; p < pages; p++) {
    doc.addPage();
    text(doc, run.company, M, M, 120 * MM, 14, { bold: true });
    text(doc, `Run ${run.id} · ${run.date} · ${run.courier}`, M, M + 18, 160 * MM, 10);
    text(doc, `${run.stops.length} stops · ${run.distance_km} km · about ${run.duration_min} min · ${run.status}. ${times}`, M, M + 32, 200 * MM, 9, {
      color: MUTED,
    });
    text(doc, `Page ${p + 1} of ${pages}`, W - M - 40 * MM, M, 40 * MM, 9, { color: MUTED });
    let y = M + 20 * MM;
    doc.font("Helvetica-Bold").fontSize(7).fillColor(MUTED);
    COLS.forEach((c, i) => doc.text(c.title, xs[i] + 2, y, { width: widths[i] - 4, lineBreak: false, characterSpacing: 0.5 }));
    y += 11;
    doc
      .moveTo(M, y)
      .lineTo(W - M, y)
      .lineWidth(1)
      .strokeColor(INK)
      .stroke();
    for (const s of run.stops.slice(p * perPage, (p + 1) * perPage)) {
      const top = y + 4;
      text(doc, String(s.seq), xs[0] + 2, top, widths[0] - 4, 12, { bold: true });
      if (s.window) text(doc, `${hhmm(s.window.from)}–${hhmm(s.window.to)}`, xs[1] + 2, top, widths[1] - 4, 10, { bold: true });
      else if (s.after_min != null) {
        text(doc, afterStart(s.after_min), xs[1] + 2, top, widths[1] - 4, 10, { bold: true });
        text(doc, "after the start", xs[1] + 2, top + 13, widths[1] - 4, 7, { color: MUTED });
      }
      if (s.status !== "pending") text(doc, s.status.toUpperCase(), xs[1] + 2, top + 16, widths[1] - 4, 7, { color: MUTED });
      text(doc, s.recipient_name ?? "", xs[2] + 2, top, widths[2] - 4, 10, { bold: true });
      text(doc, s.address, xs[2] + 2, top + 14, widths[2] - 4, 9, { height: ROW - 22 });
      text(doc, s.contents ?? "", xs[3] + 2, top, widths[3] - 4, 9, { height: ROW - 10 });
      if (s.tracking_code) {
        text(doc, s.tracking_code, xs[4] + 2, top, widths[4] - 4, 9, { bold: true });
        drawBarcode(doc, s.tracking_code, xs[4] + 2, top + 13, widths[4] - 4, ROW - 22);
      }
      doc
        .rect(xs[5] + 4, top, widths[5] - 8, ROW - 10)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke();
      y += ROW;
      doc
        .moveTo(M, y)
        .lineTo(W - M, y)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke();
    }
  }
  doc.end();
  return done;
}
