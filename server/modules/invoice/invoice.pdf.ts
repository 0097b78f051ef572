import QRCode from "qrcode";
import { useFontFor } from "./pdf-fonts.js";
import { formatMajor } from "../../../shared/core/money.js";
import { a4Document, BAND, BRAND, drawLetterhead, INK, MUTED, RULE, textArea } from "./pdf-document.js";

export interface InvoiceDoc {
  number: string;
  product: string;
  customer_name: string;
  tracking_code: string;
  amount: number | null;
  created_at: Date;
}

export interface InvoiceCompany {
  name: string;
  contact_email: string;
  contact_phone: string;
  contact_phone_alt: string;
  contact_address: string;
}

/** The invoice's words in its reader's language (invoice.service.ts reads them: server/modules/staff/locales). */
export interface InvoiceWords {
  title: string;
  billedTo: string;
  trackingCode: string;
  product: string;
  amount: string;
  total: string;
  track: string;
  scan: string;
  thanks: string;
}

/** English, as an invoice drawn without a reader's language reads. */
const ENGLISH: InvoiceWords & { tag: string; docTitle: string } = {
  tag: "en-GB",
  docTitle: "",
  title: "Invoice",
  billedTo: "Billed to",
  trackingCode: "Tracking code",
  product: "Product",
  amount: "Amount",
  total: "Total",
  track: "Track this parcel",
  scan: "Scan the code or open:",
  thanks: "Thank you for your business.",
};

export interface InvoicePdfOptions {
  /** The words, the language's tag (dates and amounts) and the document's title; English when absent. */
  texts?: InvoiceWords & { tag: string; docTitle: string };
  /** The public tracking link of the linked parcel, drawn as a QR code. */
  trackUrl?: string | null;
  /** false keeps the content streams readable (tests). */
  compress?: boolean;
}

/** Draws the QR code's dark modules as squares: sharp at any zoom, no image decoding (also used by shipping labels). */
export function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const quiet = 2;
  const cell = size / (modules.size + quiet * 2);
  doc.save().rect(x, y, size, size).fill("#ffffff");
  doc.fillColor("#000000");
  for (let r = 0; r < modules.size; r++) {
    for (let c = 0; c < modules.size; c++) {
      if (modules.get(r, c)) doc.rect(x + (c + quiet) * cell, y + (r + quiet) * cell, cell + 0.05, cell + 0.05);
    }
  }
  doc.fill().restore();
}

/** The invoice as an A4 PDF: company contact details, number and date, the line and total, and the tracking QR code. */
export async function invoicePdf(inv: InvoiceDoc, company: InvoiceCompany, opts: InvoicePdfOptions = {}): Promise<Buffer> {
  const w = opts.texts ?? ENGLISH;
  // English keeps en-GB's dates and amounts, as before; another language its own.
  const tag = w.tag === "en" ? "en-GB" : w.tag;
  const date = (d: Date) => d.toLocaleDateString(tag, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  const major = (n: number) => formatMajor(n, null, tag);
  const { doc, done } = a4Document(
    { Title: w.docTitle || `Invoice ${inv.number}`, Author: company.name, Subject: inv.product },
    { compress: opts.compress, displayTitle: true, lang: w.tag },
  );
  /** A label in a font that has its script; letter-spaced only in Latin capitals (spacing would break Arabic's joins). */
  const label = (s: string, x: number, y: number | undefined, o: PDFKit.Mixins.TextOptions) => {
    const shown = useFontFor(doc, s, true);
    doc.text(shown, x, y, { ...o, characterSpacing: /^[\x20-\x7e]*$/.test(s) ? o.characterSpacing : 0 });
  };
  const { left, width, right } = textArea(doc);

  let y = drawLetterhead(doc, {
    company: company.name,
    contacts: [company.contact_address, company.contact_email, company.contact_phone, company.contact_phone_alt],
    title: w.title.toLocaleUpperCase(tag),
    titleSize: 26,
    titleSpacing: 1,
    number: inv.number,
    details: [date(inv.created_at)],
  });
  y += 18;

  // Billed to and the linked parcel.
  const facts: [string, string][] = [];
  if (inv.customer_name) facts.push([w.billedTo, inv.customer_name]);
  if (inv.tracking_code) facts.push([w.trackingCode, inv.tracking_code]);
  const col = width / 3;
  facts.forEach(([name, value], i) => {
    const x = left + i * col;
    doc.fontSize(8).fillColor(MUTED);
    label(name.toLocaleUpperCase(tag), x, y, { width: col - 12, characterSpacing: 0.8 });
    doc
      .fontSize(11)
      .fillColor(INK)
      .text(useFontFor(doc, value, true), x, doc.y + 3, { width: col - 12 });
  });
  if (facts.length) y += 48;

  // The line and the total.
  const amountW = 120;
  const rowPad = 8;
  doc.rect(left, y, width, 24).fill(BAND);
  doc.fontSize(9).fillColor(MUTED);
  label(w.product.toLocaleUpperCase(tag), left + 10, y + rowPad, { width: width - amountW - 20, characterSpacing: 0.8 });
  label(w.amount.toLocaleUpperCase(tag), right - amountW - 10, y + rowPad, { width: amountW, align: "right", characterSpacing: 0.8 });
  y += 24;
  doc.fontSize(11).fillColor(INK);
  const product = useFontFor(doc, inv.product);
  const productH = doc.heightOfString(product, { width: width - amountW - 20 });
  doc.text(product, left + 10, y + rowPad, { width: width - amountW - 20 });
  const amount = inv.amount != null ? major(inv.amount) : "-";
  doc.text(useFontFor(doc, amount), right - amountW - 10, y + rowPad, { width: amountW, align: "right" });
  y += productH + rowPad * 2;
  doc.moveTo(left, y).lineTo(right, y).lineWidth(0.75).strokeColor(RULE).stroke();
  if (inv.amount != null) {
    doc
      .moveTo(right - 220, y + 1)
      .lineTo(right, y + 1)
      .lineWidth(1.5)
      .strokeColor(INK)
      .stroke();
    doc.fontSize(12).fillColor(INK);
    label(w.total, right - 220, y + 10, { width: 90 });
    const total = major(inv.amount);
    doc.text(useFontFor(doc, total, true), right - amountW - 10, y + 10, { width: amountW, align: "right" });
    y += 34;
  }
  y += 28;

  // The parcel's public tracking page, as a QR code and a link.
  if (opts.trackUrl) {
    const size = 112;
    drawQr(doc, opts.trackUrl, left, y, size);
    const tx = left + size + 18;
    doc.fontSize(11).fillColor(INK);
    label(w.track, tx, y + 24, { width: right - tx });
    doc
      .fontSize(10)
      .fillColor(MUTED)
      .text(useFontFor(doc, w.scan), { width: right - tx });
    doc
      .font("Helvetica")
      .fillColor(BRAND)
      .text(opts.trackUrl, { width: right - tx, link: opts.trackUrl, underline: true });
    y += size + 24;
  }

  doc.fontSize(10).fillColor(MUTED).text(useFontFor(doc, w.thanks), left, y, { width });
  doc.end();
  return done;
}
