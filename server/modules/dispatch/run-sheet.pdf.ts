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
  /** The stop's status in the reader's words (pending stops show none). */
  status_text: string;
}

/** The sheet's words in its reader's language (run-sheet.service.ts reads them: server/modules/staff/locales). */
export interface SheetTexts {
  /** The language's tag (the PDF's /Lang, numbers) and whether it reads right to left (the columns then run from the right). */
  tag: string;
  rtl: boolean;
  title: string;
  head: string;
  summary: string;
  /** "Page {{n}} of {{total}}": the numbers are put in per page. */
  page: string;
  afterStart: string;
  cols: { window: string; address: string; contents: string; code: string; signature: string };
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
  texts: SheetTexts;
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
  { key: "seq", width: 9 * MM },
  { key: "window", width: 24 * MM },
  { key: "address", width: 78 * MM },
  { key: "contents", width: 40 * MM },
  { key: "code", width: 62 * MM },
  { key: "signature", width: 0 },
] as const;

/** "06:19" in the site's time zone: a printed sheet reads the same for everyone, so 24 h. */
const clockIn = (timeZone: string) => {
  const f = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone });
  return (d: Date) => f.format(d);
};
/** "+1:05": minutes after the start. */
const afterStart = (min: number) => `+${Math.floor(min / 60)}:${String(min % 60).padStart(2, "0")}`;

const STRONG = /[A-Za-z\u00C0-\u024F\u0370-\u04FF\u0590-\u08FF\u0E00-\u0E7F\u3040-\u30FF\u4E00-\u9FFF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;
/** Whether a text reads right to left (its first strong letter is Hebrew or Arabic). */
const rightToLeft = (s: string) => /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u.test(s.match(STRONG)?.[0] ?? "");

/**
 * The run sheet for a courier who prefers paper: the run's stops in order (A4 landscape), each with
 * its window, recipient and address, contents, tracking code with its Code 128 barcode, and an empty
 * signature box; the header repeats on every page. Its words are the reader's language; in Arabic and
 * Persian the columns run from the right and each text is set flush right. Drawn in the PDF threads
 * (invoice/pdf-thread.ts).
 */
export function runSheetPdf(run: SheetRun): Promise<Buffer> {
  const tx = run.texts;
  // Black on white for office printers: not the A4 documents' colours.
  const { doc, done } = pdfDocument({ Title: tx.title, Author: run.company }, { size: [W, H], margin: 0, autoFirstPage: false, lang: tx.tag });
  /** A box at x (measured from the reading side: the right in right-to-left) as the page's own x. */
  const at = (x: number, width: number) => (tx.rtl ? W - x - width : x);
  const text = (s: string, x: number, y: number, width: number, size: number, o: { bold?: boolean; color?: string; height?: number } = {}) => {
    if (!s) return;
    doc.fontSize(size).fillColor(o.color ?? INK);
    const shown = useFontFor(doc, s, o.bold);
    // A right-to-left text, and any text on a right-to-left sheet, is set flush right in its box.
    const align = rightToLeft(s) || tx.rtl ? "right" : "left";
    doc.text(shown, at(x, width), y, { width, height: o.height ?? size * 1.3, ellipsis: true, lineGap: 0, align });
  };
  const lastW = W - 2 * M - COLS.reduce((a, c) => a + c.width, 0);
  const widths = COLS.map((c) => c.width || lastW);
  const xs = widths.map((_, i) => M + widths.slice(0, i).reduce((a, b) => a + b, 0));
  const perPage = Math.floor((H - M - 30 * MM) / ROW);
  const pages = Math.max(1, Math.ceil(run.stops.length / perPage));
  const hhmm = clockIn(run.timeZone);
  const num = new Intl.NumberFormat(tx.tag);
  const titles = ["#", tx.cols.window, tx.cols.address, tx.cols.contents, tx.cols.code, tx.cols.signature].map((s) => s.toLocaleUpperCase(tx.tag));

  for (let p = 0; p < pages; p++) {
    doc.addPage();
    text(run.company, M, M, 120 * MM, 14, { bold: true });
    text(tx.head, M, M + 18, 160 * MM, 10);
    text(tx.summary, M, M + 32, 200 * MM, 9, { color: MUTED });
    const page = tx.page.replace("{{n}}", num.format(p + 1)).replace("{{total}}", num.format(pages));
    text(page, W - 2 * M - 40 * MM + M, M, 40 * MM, 9, { color: MUTED });
    let y = M + 20 * MM;
    titles.forEach((title, i) => text(title, xs[i] + 2, y, widths[i] - 4, 7, { bold: true, color: MUTED }));
    y += 11;
    doc
      .moveTo(M, y)
      .lineTo(W - M, y)
      .lineWidth(1)
      .strokeColor(INK)
      .stroke();
    for (const s of run.stops.slice(p * perPage, (p + 1) * perPage)) {
      const top = y + 4;
      text(num.format(s.seq), xs[0] + 2, top, widths[0] - 4, 12, { bold: true });
      if (s.window) text(`${hhmm(s.window.from)}–${hhmm(s.window.to)}`, xs[1] + 2, top, widths[1] - 4, 10, { bold: true });
      else if (s.after_min != null) {
        text(afterStart(s.after_min), xs[1] + 2, top, widths[1] - 4, 10, { bold: true });
        text(tx.afterStart, xs[1] + 2, top + 13, widths[1] - 4, 7, { color: MUTED });
      }
      if (s.status !== "pending") text(s.status_text.toLocaleUpperCase(tx.tag), xs[1] + 2, top + 24, widths[1] - 4, 7, { color: MUTED });
      text(s.recipient_name ?? "", xs[2] + 2, top, widths[2] - 4, 10, { bold: true });
      text(s.address, xs[2] + 2, top + 14, widths[2] - 4, 9, { height: ROW - 22 });
      text(s.contents ?? "", xs[3] + 2, top, widths[3] - 4, 9, { height: ROW - 10 });
      if (s.tracking_code) {
        text(s.tracking_code, xs[4] + 2, top, widths[4] - 4, 9, { bold: true });
        drawBarcode(doc, s.tracking_code, at(xs[4] + 2, widths[4] - 4), top + 13, widths[4] - 4, ROW - 22);
      }
      doc
        .rect(at(xs[5] + 4, widths[5] - 8), top, widths[5] - 8, ROW - 10)
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
