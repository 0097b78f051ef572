import PDFDocument from "pdfkit";
import { formatMajor, formatMoney } from "../../../shared/core/money.js";
import { pdfBytes } from "../../core/pdf-bytes.js";
import { useFontFor } from "./pdf-fonts.js";

/**
 * The one set-up of the business PDFs (invoice, statement, run sheet, labels): the document (page,
 * margins, language, compression, the promise of its bytes), the A4 letterhead, the colours and money.
 * Drawn in the PDF threads (pdf.worker.ts, label.worker.ts); fonts come from pdf-fonts.ts there too.
 */

/** The colours of the A4 business documents (invoice, statement): text, secondary text, the brand's blue, rules. */
export const INK = "#0f172a";
export const MUTED = "#475569";
export const BRAND = "#1d4ed8";
export const RULE = "#cbd5e1";
/** A table's header band. */
export const BAND = "#f1f5f9";

/** PDFs are written in English, with en-GB's money and dates. */
const LOCALE = "en-GB";

export interface PdfSetUp {
  /** "A4" or [width, height] in points; A4 portrait by default. */
  size?: string | [number, number];
  margin?: number;
  /** false: the caller adds every page (labels, run sheets). */
  autoFirstPage?: boolean;
  /** false keeps the content streams readable (tests). */
  compress?: boolean;
  displayTitle?: boolean;
  /** The document's language tag (the run sheet's is its reader's); English by default. */
  lang?: string;
}

/** A PDF document (in English unless `lang` says otherwise) and the promise of its bytes (all of them once doc.end() is called). */
export function pdfDocument(info: PDFKit.DocumentInfo, o: PdfSetUp = {}) {
  const doc = new PDFDocument({
    size: o.size ?? "A4",
    margin: o.margin ?? 56,
    autoFirstPage: o.autoFirstPage ?? true,
    compress: o.compress ?? true,
    info,
    lang: o.lang ?? "en",
    displayTitle: o.displayTitle,
  });
  return { doc, done: pdfBytes(doc) };
}

/** An A4 document with 56 pt margins (invoice, statement). */
export const a4Document = (info: PDFKit.DocumentInfo, o: { compress?: boolean; displayTitle?: boolean; lang?: string } = {}) => pdfDocument(info, o);

/** The page's text area inside its margins. */
export function textArea(doc: PDFKit.PDFDocument) {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  return { left, width, right: left + width, top: doc.page.margins.top };
}

/**
 * Money in a PDF from an integer of the currency's minor unit: 123456 EUR -> "€1,234.56", 1234 JPY -> "JP¥1,234"
 * (shared/core/money.ts, never a float of the major unit). Without a currency (an invoice's amount has none)
 * the number alone with two decimals: 124550 -> "1,245.50".
 */
export const pdfMoney = (minor: number, currency: string | null): string => formatMoney(minor, currency, LOCALE);

/** An invoice's amount (a number of the major unit, no currency) read as it prints, half up: 1.005 -> "1.01". */
export const pdfMajor = (major: number): string => formatMajor(major, null, LOCALE);

/** A date as the documents write it: 5 March 2026. */
export const pdfDate = (d: Date) => d.toLocaleDateString(LOCALE, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

export interface Letterhead {
  company: string;
  /** The company's contact lines (address, email, phones); empty ones are left out. */
  contacts: string[];
  /** The document's kind in capitals, its size and letter spacing. */
  title: string;
  titleSize: number;
  titleSpacing?: number;
  number: string;
  /** Lines under the number (date, period, status). */
  details: string[];
}

/**
 * Draws the letterhead at the top of the page: the company and its contact details (left), the
 * document's title, number and details (right), and a brand-coloured rule under both. Answers the
 * rule's y. Text that people typed is drawn in a font that has its script (pdf-fonts.ts).
 */
export function drawLetterhead(doc: PDFKit.PDFDocument, h: Letterhead): number {
  const { left, width, right, top } = textArea(doc);
  doc
    .fillColor(INK)
    .fontSize(18)
    .text(useFontFor(doc, h.company, true), left, top, { width: width * 0.55 });
  doc.fontSize(10).fillColor(MUTED);
  for (const line of h.contacts) {
    if (line) doc.text(useFontFor(doc, line), { width: width * 0.55 });
  }
  const leftBottom = doc.y;
  const spacing = h.titleSpacing ? { characterSpacing: h.titleSpacing } : {};
  // The title may be another script (the invoice in its reader's language): a font that has it, and no letter spacing
  // outside Latin capitals (it would break Arabic's joined letters).
  doc.fillColor(BRAND).fontSize(h.titleSize);
  const title = useFontFor(doc, h.title, true);
  doc.text(title, left, top, { width, align: "right", ...(/^[\x20-\x7e]*$/.test(h.title) ? spacing : {}) });
  doc
    .fillColor(INK)
    .fontSize(12)
    .text(useFontFor(doc, h.number, true), { width, align: "right" });
  doc.fontSize(10).fillColor(MUTED);
  for (const line of h.details) doc.text(useFontFor(doc, line), { width, align: "right" });
  const y = Math.max(leftBottom, doc.y) + 16;
  doc.moveTo(left, y).lineTo(right, y).lineWidth(2).strokeColor(BRAND).stroke();
  return y;
}
