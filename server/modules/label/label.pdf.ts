import bwipjs from "bwip-js";
import { drawQr } from "../invoice/invoice.pdf.js";
import { pdfDocument } from "../invoice/pdf-document.js";
import { useFontFor } from "../invoice/pdf-fonts.js";
import { formatMoney } from "../../../shared/core/money.js";
import { labelLanguage, type LabelWords } from "./label.words.js";

export interface LabelParcel {
  tracking_code: string;
  recipient_name: string;
  recipient_phone_number: string | null;
  recipient_postcode: string | null;
  destination: string;
  sender_name: string | null;
  pickup_location: string | null;
  /** The sender's structured address (JSON, a booking's): its person's name heads FROM. */
  sender_address?: string | null;
  weight: number | null;
  shipped_via: string | null;
  /** The shipper's own reference of a booking (section 10), when it has one. */
  reference?: string | null;
  /** The public tracking page of this parcel, drawn as a QR code. */
  track_url: string;
  /** The recipient's language (a site code): the label's words are in it (label.service.ts: the company's without one). */
  language?: string | null;
  /** Cash on delivery still to collect at the door (smallest unit and its currency): a black band says COD and the amount. */
  cod?: { amount: number; currency: string } | null;
}

export interface LabelCompany {
  name: string;
  contact_phone: string;
  contact_email: string;
  contact_address: string;
}

export type LabelFormat = "label" | "a4";

const MM = 72 / 25.4;
/** A thermal label: 100 x 150 mm, portrait. */
const LABEL_W = 100 * MM;
const LABEL_H = 150 * MM;
const PAD = 4 * MM;

const INK = "#000000";
const MUTED = "#333333";

/**
 * The bars of a Code 128 symbol as widths in modules, bar first (bwip-js encodes, picking the
 * code sets that keep it shortest); drawn as rectangles, so they stay sharp at any printer's resolution.
 */
function code128(text: string): number[] {
  const [sym] = bwipjs.raw("code128", text, {}) as { sbs: number[] }[];
  return sym.sbs;
}

export function drawBarcode(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number, height: number) {
  const sbs = code128(text);
  const modules = sbs.reduce((a, b) => a + b, 0);
  // Quiet zones of 10 modules on both sides; a module is at most 0.6 mm (wider reads no better).
  const module = Math.min(0.6 * MM, width / (modules + 20));
  let cx = x + (width - modules * module) / 2;
  doc.save().fillColor(INK);
  sbs.forEach((w, i) => {
    if (i % 2 === 0) doc.rect(cx, y, w * module, height);
    cx += w * module;
  });
  doc.fill().restore();
}

const STRONG = /[A-Za-z\u00C0-\u024F\u0370-\u04FF\u0590-\u08FF\u0E00-\u0E7F\u3040-\u30FF\u4E00-\u9FFF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;
/** Whether a line reads right to left (its first strong letter is Hebrew or Arabic): it is then set flush right. */
const rightToLeft = (text: string) => /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u.test(text.match(STRONG)?.[0] ?? "");

/** One line of typed text in a font that has its script, cut with an ellipsis when it is too long. */
function line(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  width: number,
  size: number,
  opts: { bold?: boolean; color?: string; lines?: number } = {},
) {
  if (!text) return y;
  doc.fontSize(size).fillColor(opts.color ?? INK);
  const shown = useFontFor(doc, text, opts.bold);
  // Each script's font has its own line height (Naskh and CJK are taller than Helvetica).
  const max = doc.currentLineHeight(true) * (opts.lines ?? 1);
  doc.text(shown, x, y, { width, height: max, ellipsis: true, lineGap: 0, align: rightToLeft(text) ? "right" : "left" });
  return Math.max(y + doc.currentLineHeight(true), Math.min(doc.y, y + max));
}

/**
 * A small heading ("TO") in the label's language: in a font that has its script, flush right when it reads right to
 * left, letter-spaced only in alphabets (spacing would pull a Thai or Devanagari letter's marks apart).
 */
function caption(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number) {
  const shown = useFontFor(doc, text, true);
  doc.fontSize(6.5).fillColor(MUTED);
  const rtl = rightToLeft(text);
  doc.text(shown, x, y - (rtl ? 1.5 : 0), {
    width,
    characterSpacing: /^[\x20-\x7E\u00C0-\u024F\u0370-\u04FF]*$/.test(text) ? 0.6 : 0,
    lineBreak: false,
    align: rtl ? "right" : "left",
  });
  // A taller script (Naskh, CJK, Thai) pushes what follows down, so nothing touches.
  return y + Math.max(8, doc.currentLineHeight(true) - 0.5);
}

/**
 * Cash on delivery: a black band across the label, "COD" and the amount in large white type (in the recipient's
 * language's number format), what it means under them. Returns the y below the band.
 */
function drawCod(doc: PDFKit.PDFDocument, cod: NonNullable<LabelParcel["cod"]>, words: LabelWords, tag: string, y: number, W: number) {
  const BAND = 32;
  const inner = W - 2 * PAD;
  doc.save().rect(0, y, W, BAND).fill(INK).restore();
  doc
    .font("Helvetica-Bold")
    .fontSize(19)
    .fillColor("#FFFFFF")
    .text("COD", PAD, y + 4, { lineBreak: false, characterSpacing: 1 });
  const amount = formatMoney(cod.amount, cod.currency, tag);
  const shown = useFontFor(doc, amount, true);
  // As large as fits beside "COD" and above the words (a script's font may be taller than Helvetica: Naskh, Thai).
  let size = 19;
  while (size > 9 && (doc.fontSize(size).widthOfString(shown) > inner - 60 || doc.currentLineHeight(true) > 20)) size -= 1;
  const top = y + 3 + (20 - doc.currentLineHeight(true)) / 2;
  doc
    .fontSize(size)
    .fillColor("#FFFFFF")
    .text(shown, PAD + 60, top, { width: inner - 60, align: "right", lineBreak: false });
  const said = useFontFor(doc, words.cod, true);
  doc
    .fontSize(6)
    .fillColor("#FFFFFF")
    .text(said, PAD, y + 23, { width: inner, height: 8, ellipsis: true, lineBreak: false, align: rightToLeft(words.cod) ? "right" : "left" });
  return y + BAND;
}

/** The name of the person in a structured address (JSON), if it has one. */
function personOf(json: string | null | undefined): string | null {
  if (!json) return null;
  try {
    const a = JSON.parse(json) as { name?: unknown };
    return typeof a.name === "string" && a.name.trim() ? a.name.trim() : null;
  } catch {
    return null;
  }
}

/**
 * FROM: the sender's own name, then the pick-up address once. A booking's parcel has the shipper's company as its
 * sender_name and at the head of its pickup_location: the person's name comes from the structured address, and an
 * address line that starts with the name shown is not made to say it twice.
 */
export function fromLines(p: Pick<LabelParcel, "sender_name" | "pickup_location" | "sender_address">): { name: string; address: string } {
  const name = personOf(p.sender_address) ?? p.sender_name?.trim() ?? "";
  let address = p.pickup_location?.trim() ?? "";
  if (name && address.toLowerCase().startsWith(`${name.toLowerCase()}, `)) address = address.slice(name.length + 2);
  return { name, address };
}

const weightText = (w: number | null) => (w == null ? "-" : `${w.toLocaleString("en-US", { maximumFractionDigits: 3 })} kg`);

/** Draws one label with its top left corner at the origin (the caller translates and scales). */
function drawLabel(doc: PDFKit.PDFDocument, p: LabelParcel, company: LabelCompany) {
  const W = LABEL_W;
  const { words, tag } = labelLanguage(p.language);
  const inner = W - 2 * PAD;
  doc
    .lineWidth(1.2)
    .strokeColor(INK)
    .rect(0.6, 0.6, W - 1.2, LABEL_H - 1.2)
    .stroke();

  // The company and how to reach it.
  let y = PAD;
  y = line(doc, company.name, PAD, y, inner, 13, { bold: true });
  const contact = [company.contact_phone, company.contact_email].filter(Boolean).join("  ·  ");
  y = line(doc, contact, PAD, y + 1, inner, 7, { color: MUTED });
  y = line(doc, company.contact_address, PAD, y, inner, 7, { color: MUTED });
  y += 4;
  doc.moveTo(0, y).lineTo(W, y).lineWidth(1).strokeColor(INK).stroke();
  y += 5;

  // From (the sender and the pick-up address).
  const from = fromLines(p);
  y = caption(doc, words.from, PAD, y, inner);
  y = line(doc, from.name, PAD, y, inner, 9, { bold: true });
  y = line(doc, from.address, PAD, y, inner, 8, { lines: 2 });
  y += 4;
  doc.moveTo(0, y).lineTo(W, y).lineWidth(0.5).strokeColor(INK).stroke();
  y += 5;

  // To (the recipient, the delivery address, postcode and phone).
  y = caption(doc, words.to, PAD, y, inner);
  y = line(doc, p.recipient_name, PAD, y, inner, 14, { bold: true });
  y = line(doc, p.destination, PAD, y + 1, inner, 11, { lines: 3 });
  // The postcode once: a structured address (a booking's) already has it in the destination line.
  const postcode = p.recipient_postcode && !p.destination.includes(p.recipient_postcode) ? p.recipient_postcode : null;
  const extra = [postcode, p.recipient_phone_number].filter(Boolean).join("  ·  ");
  y = line(doc, extra, PAD, y + 4, inner, 10);
  y = Math.max(y + 5, 178);
  if (p.cod) y = drawCod(doc, p.cod, words, tag, y, W);

  // Weight and service side by side (a long service name gets two smaller lines).
  const BOX = 40;
  doc.moveTo(0, y).lineTo(W, y).lineWidth(1).strokeColor(INK).stroke();
  const half = W / 2;
  const cell = half - 2 * PAD;
  doc
    .moveTo(half, y)
    .lineTo(half, y + BOX)
    .lineWidth(0.5)
    .stroke();
  caption(doc, words.weight, PAD, y + 5, cell);
  doc
    .font("Helvetica-Bold")
    .fontSize(13)
    .fillColor(INK)
    .text(weightText(p.weight), PAD, y + 14, { width: cell, lineBreak: false });
  caption(doc, words.service, half + PAD, y + 5, cell);
  const service = p.shipped_via || "-";
  useFontFor(doc, service, true);
  const fits = doc.fontSize(13).widthOfString(service) <= cell;
  line(doc, service, half + PAD, y + 14, cell, fits ? 13 : 9.5, { bold: true, lines: fits ? 1 : 2 });
  y += BOX;
  doc.moveTo(0, y).lineTo(W, y).lineWidth(1).stroke();

  // The tracking code in large type, then its barcode.
  y += 6;
  let size = 22;
  doc.font("Helvetica-Bold");
  while (size > 6 && doc.fontSize(size).widthOfString(p.tracking_code) > inner) size -= 0.5;
  doc.fontSize(size).fillColor(INK).text(p.tracking_code, PAD, y, { width: inner, align: "center", lineBreak: false });
  y += size + 4;
  drawBarcode(doc, p.tracking_code, PAD, y, inner, 58);
  y += 58 + 6;
  doc.moveTo(0, y).lineTo(W, y).lineWidth(1).strokeColor(INK).stroke();

  // The public tracking page as a QR code, with its address for people without a camera.
  const qr = Math.min(LABEL_H - PAD - y - 2, 104);
  drawQr(doc, p.track_url, PAD - 4, y + 2, qr);
  const tx = PAD + qr + 2;
  const track = useFontFor(doc, words.track, true);
  doc
    .fontSize(9)
    .fillColor(INK)
    .text(track, tx, y + (qr < 80 ? 8 : 22), { width: W - tx - PAD, align: rightToLeft(words.track) ? "right" : "left" });
  doc
    .font("Helvetica")
    .fontSize(7)
    .fillColor(MUTED)
    .text(p.track_url, tx, doc.y + 2, { width: W - tx - PAD, height: 40, ellipsis: true });
  if (p.reference) {
    // The word and the shipper's reference apart: each in a font that has its script (a Thai font has no Latin letters).
    const after = caption(doc, words.ref, tx, doc.y + 4, W - tx - PAD);
    doc
      .fontSize(9)
      .fillColor(INK)
      .text(useFontFor(doc, p.reference, true), tx, after, { width: W - tx - PAD, height: 12, ellipsis: true, lineBreak: false });
  }
}

/**
 * Shipping labels as one PDF: by default one 100 x 150 mm page per parcel (thermal printers);
 * "a4" puts four on each A4 page, 2 x 2, scaled to fit with cut lines between them.
 */
export function labelsPdf(parcels: LabelParcel[], company: LabelCompany, format: LabelFormat = "label", opts: { compress?: boolean } = {}): Promise<Buffer> {
  const a4 = format === "a4";
  const { doc, done } = pdfDocument(
    { Title: parcels.length === 1 ? `Label ${parcels[0].tracking_code}` : `Labels (${parcels.length})`, Author: company.name },
    { size: a4 ? "A4" : [LABEL_W, LABEL_H], margin: 0, autoFirstPage: false, compress: opts.compress },
  );

  parcels.forEach((p, i) => {
    if (!a4) {
      doc.addPage();
      drawLabel(doc, p, company);
      return;
    }
    const slot = i % 4;
    if (slot === 0) {
      doc.addPage();
      const { width, height } = doc.page;
      doc.save().lineWidth(0.4).strokeColor("#999999").dash(3, { space: 3 });
      doc
        .moveTo(width / 2, 0)
        .lineTo(width / 2, height)
        .moveTo(0, height / 2)
        .lineTo(width, height / 2)
        .stroke();
      doc.undash().restore();
    }
    const cellW = doc.page.width / 2;
    const cellH = doc.page.height / 2;
    const scale = Math.min((cellW - 6 * MM) / LABEL_W, (cellH - 6 * MM) / LABEL_H);
    const x = (slot % 2) * cellW + (cellW - LABEL_W * scale) / 2;
    const y = Math.floor(slot / 2) * cellH + (cellH - LABEL_H * scale) / 2;
    doc.save().translate(x, y).scale(scale);
    drawLabel(doc, p, company);
    doc.restore();
  });
  doc.end();
  return done;
}
