import QRCode from "qrcode";
import { useFontFor } from "./pdf-fonts.js";
import { a4Document, BAND, BRAND, drawLetterhead, INK, MUTED, pdfDate, pdfMajor, RULE, textArea } from "./pdf-document.js";

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

export interface InvoicePdfOptions {
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
  const { doc, done } = a4Document(
    { Title: `Invoice ${inv.number}`, Author: company.name, Subject: inv.product },
    { compress: opts.compress, displayTitle: true },
  );
  const { left, width, right } = textArea(doc);

  let y = drawLetterhead(doc, {
    company: company.name,
    contacts: [company.contact_address, company.contact_email, company.contact_phone, company.contact_phone_alt],
    title: "INVOICE",
    titleSize: 26,
    titleSpacing: 1,
    number: inv.number,
    details: [pdfDate(inv.created_at)],
  });
  y += 18;

  // Billed to and the linked parcel.
  const facts: [string, string][] = [];
  if (inv.customer_name) facts.push(["Billed to", inv.customer_name]);
  if (inv.tracking_code) facts.push(["Tracking code", inv.tracking_code]);
  const col = width / 3;
  facts.forEach(([label, value], i) => {
    const x = left + i * col;
    doc
      .font("Helvetica-Bold")
      .fontSize(8)
      .fillColor(MUTED)
      .text(label.toUpperCase(), x, y, { width: col - 12, characterSpacing: 0.8 });
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
  doc.font("Helvetica-Bold").fontSize(9).fillColor(MUTED);
  doc.text("PRODUCT", left + 10, y + rowPad, { width: width - amountW - 20, characterSpacing: 0.8 });
  doc.text("AMOUNT", right - amountW - 10, y + rowPad, { width: amountW, align: "right", characterSpacing: 0.8 });
  y += 24;
  doc.fontSize(11).fillColor(INK);
  const product = useFontFor(doc, inv.product);
  const productH = doc.heightOfString(product, { width: width - amountW - 20 });
  doc.text(product, left + 10, y + rowPad, { width: width - amountW - 20 });
  doc.font("Helvetica").text(inv.amount != null ? pdfMajor(inv.amount) : "-", right - amountW - 10, y + rowPad, { width: amountW, align: "right" });
  y += productH + rowPad * 2;
  doc.moveTo(left, y).lineTo(right, y).lineWidth(0.75).strokeColor(RULE).stroke();
  if (inv.amount != null) {
    doc
      .moveTo(right - 220, y + 1)
      .lineTo(right, y + 1)
      .lineWidth(1.5)
      .strokeColor(INK)
      .stroke();
    doc.font("Helvetica-Bold").fontSize(12).fillColor(INK);
    doc.text("Total", right - 220, y + 10, { width: 90 });
    doc.text(pdfMajor(inv.amount), right - amountW - 10, y + 10, { width: amountW, align: "right" });
    y += 34;
  }
  y += 28;

  // The parcel's public tracking page, as a QR code and a link.
  if (opts.trackUrl) {
    const size = 112;
    drawQr(doc, opts.trackUrl, left, y, size);
    const tx = left + size + 18;
    doc
      .font("Helvetica-Bold")
      .fontSize(11)
      .fillColor(INK)
      .text("Track this parcel", tx, y + 24, { width: right - tx });
    doc
      .font("Helvetica")
      .fontSize(10)
      .fillColor(MUTED)
      .text("Scan the code or open:", { width: right - tx });
    doc.fillColor(BRAND).text(opts.trackUrl, { width: right - tx, link: opts.trackUrl, underline: true });
    y += size + 24;
  }

  doc.font("Helvetica").fontSize(10).fillColor(MUTED).text("Thank you for your business.", left, y, { width });
  doc.end();
  return done;
}
