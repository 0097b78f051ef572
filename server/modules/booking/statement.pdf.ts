import { useFontFor } from "../invoice/pdf-fonts.js";
import { a4Document, BAND, drawLetterhead, INK, MUTED, pdfMoney, textArea } from "../invoice/pdf-document.js";

export interface StatementDoc {
  number: string;
  from: string;
  to: string;
  status: string;
  paid_reference: string | null;
  currency: string;
  total: number;
  created_at: Date;
  shipper: { name: string; company: string | null; email: string };
  lines: { date: string; tracking_code: string; service: string; amount: number }[];
}
export interface StatementCompany {
  name: string;
  contact_email: string;
  contact_phone: string;
  contact_address: string;
}

const HELVETICA_ASCENT = 718;

/**
 * A statement as an A4 PDF (the invoice's set-up, pdf-document.ts): the shipper, the period, one row per
 * booking, the total. Drawn in the PDF threads (invoice/pdf-thread.ts).
 */
export async function statementPdf(s: StatementDoc, company: StatementCompany, opts: { compress?: boolean } = {}): Promise<Buffer> {
  const { doc, done } = a4Document({ Title: `Statement ${s.number}`, Author: company.name }, opts);
  const { left, width, right } = textArea(doc);
  let y = drawLetterhead(doc, {
    company: company.name,
    contacts: [company.contact_address, company.contact_email, company.contact_phone],
    title: "STATEMENT",
    titleSize: 24,
    number: s.number,
    details: [`${s.from} to ${s.to}`, s.status === "paid" ? `Paid${s.paid_reference ? ` (${s.paid_reference})` : ""}` : "Open"],
  });
  y += 14;
  doc.font("Helvetica-Bold").fontSize(8).fillColor(MUTED).text("BILLED TO", left, y);
  doc
    .fontSize(11)
    .fillColor(INK)
    .text(useFontFor(doc, s.shipper.company || s.shipper.name, true), left, doc.y + 3);
  doc
    .fontSize(10)
    .fillColor(MUTED)
    .text(useFontFor(doc, [s.shipper.company ? s.shipper.name : "", s.shipper.email].filter(Boolean).join(" · ")));
  y = doc.y + 18;

  const cols = [
    { t: "DATE", w: 80 },
    { t: "TRACKING CODE", w: 170 },
    { t: "SERVICE", w: width - 80 - 170 - 100 },
    { t: "AMOUNT", w: 100, right: true },
  ];
  const row = (cells: string[], bold = false) => {
    if (y > doc.page.height - doc.page.margins.bottom - 40) {
      doc.addPage();
      y = doc.page.margins.top;
    }
    let x = left;
    cells.forEach((c, i) => {
      doc
        .font(bold ? "Helvetica-Bold" : "Helvetica")
        .fontSize(bold ? 8 : 10)
        .fillColor(bold ? MUTED : INK);
      // A service named in Arabic or Hebrew is drawn in reading order (pdf-fonts.ts visualOrder).
      const shown = bold ? c : useFontFor(doc, c);
      // One baseline for the row: pdfkit puts a text's top at y, and an embedded font's ascent is higher than Helvetica's.
      const baseline = y + (HELVETICA_ASCENT * (bold ? 8 : 10)) / 1000;
      doc.text(shown, x + 4, baseline, {
        width: cols[i].w - 8,
        align: cols[i].right ? "right" : "left",
        lineBreak: false,
        ellipsis: true,
        baseline: "alphabetic",
      });
      x += cols[i].w;
    });
    y += bold ? 18 : 16;
  };
  doc.rect(left, y - 5, width, 20).fill(BAND);
  row(
    cols.map((c) => c.t),
    true,
  );
  for (const l of s.lines) row([l.date, l.tracking_code, l.service, pdfMoney(l.amount, s.currency)]);
  y += 6;
  doc.moveTo(left, y).lineTo(right, y).lineWidth(1).strokeColor(INK).stroke();
  y += 8;
  doc
    .font("Helvetica-Bold")
    .fontSize(12)
    .fillColor(INK)
    .text(`Total ${pdfMoney(s.total, s.currency)}`, left, y, { width, align: "right" });
  doc.end();
  return done;
}
