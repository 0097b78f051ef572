import PDFDocument from "pdfkit";
import { pdfBytes } from "../../core/pdf-bytes.js";
import { useFontFor } from "./pdf-fonts.js";

/** The colours of the A4 business documents (invoice, statement): text, secondary text, the brand's blue. */
export const INK = "#0f172a";
export const MUTED = "#475569";
export const BRAND = "#1d4ed8";

/** An A4 document with 56 pt margins, in English, and the promise of its bytes. */
export function a4Document(info: PDFKit.DocumentInfo, opts: { compress?: boolean; displayTitle?: boolean } = {}) {
  const doc = new PDFDocument({ size: "A4", margin: 56, compress: opts.compress ?? true, info, lang: "en", displayTitle: opts.displayTitle });
  return { doc, done: pdfBytes(doc) };
}

/** The page's text area inside its margins. */
export function textArea(doc: PDFKit.PDFDocument) {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  return { left, width, right: left + width, top: doc.page.margins.top };
}

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
  doc
    .fillColor(BRAND)
    .font("Helvetica-Bold")
    .fontSize(h.titleSize)
    .text(h.title, left, top, { width, align: "right", ...spacing });
  doc
    .fillColor(INK)
    .fontSize(12)
    .text(useFontFor(doc, h.number, true), { width, align: "right" });
  doc.font("Helvetica").fontSize(10).fillColor(MUTED);
  for (const line of h.details) doc.text(line, { width, align: "right" });
  const y = Math.max(leftBottom, doc.y) + 16;
  doc.moveTo(left, y).lineTo(right, y).lineWidth(2).strokeColor(BRAND).stroke();
  return y;
}
