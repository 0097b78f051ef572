import { useFontFor } from "../invoice/pdf-fonts.js";
import { a4Document, BAND, drawLetterhead, INK, MUTED, pdfDate, pdfMoney, textArea } from "../invoice/pdf-document.js";

export interface RemittanceDoc {
  number: string;
  status: string;
  paid_reference: string | null;
  paid_at: Date | null;
  currency: string;
  total_collected: number;
  net: number;
  created_at: Date;
  shipper: { name: string; company: string | null; email: string };
  /** `date`: the day collected, YYYY-MM-DD in the site's time zone (as a statement's lines). */
  lines: { tracking_code: string; date: string; method: string; amount: number }[];
  offsets: { statement_number: string; amount: number }[];
}
export interface RemittanceCompany {
  name: string;
  contact_email: string;
  contact_phone: string;
  contact_address: string;
}

const HELVETICA_ASCENT = 718;
const METHOD: Record<string, string> = { cash: "Cash", card: "Card" };

const statusLine = (r: RemittanceDoc) =>
  r.status === "paid"
    ? `Paid${r.paid_at ? ` ${pdfDate(r.paid_at)}` : ""}${r.paid_reference ? ` (${r.paid_reference})` : ""}`
    : r.status === "cancelled"
      ? "Cancelled"
      : "Open";

/**
 * A cash-on-delivery pay-out (remittance) as an A4 PDF, on the statement's set-up (statement.pdf.ts): the
 * shipper, one row per collection paid out, the statements deducted and the net paid. Drawn in the PDF
 * threads (invoice/pdf-thread.ts).
 */
export async function remittancePdf(r: RemittanceDoc, company: RemittanceCompany, opts: { compress?: boolean } = {}): Promise<Buffer> {
  const { doc, done } = a4Document({ Title: `Remittance ${r.number}`, Author: company.name }, opts);
  const { left, width } = textArea(doc);
  let y = drawLetterhead(doc, {
    company: company.name,
    contacts: [company.contact_address, company.contact_email, company.contact_phone],
    title: "COD REMITTANCE",
    titleSize: 22,
    number: r.number,
    details: [pdfDate(r.created_at), statusLine(r)],
  });
  y += 14;
  doc.font("Helvetica-Bold").fontSize(8).fillColor(MUTED).text("PAID TO", left, y);
  doc
    .fontSize(11)
    .fillColor(INK)
    .text(useFontFor(doc, r.shipper.company || r.shipper.name, true), left, doc.y + 3);
  doc
    .fontSize(10)
    .fillColor(MUTED)
    .text(useFontFor(doc, [r.shipper.company ? r.shipper.name : "", r.shipper.email].filter(Boolean).join(" · ")));
  y = doc.y + 18;

  const cols = [
    { t: "COLLECTED", w: 90 },
    { t: "TRACKING CODE", w: 200 },
    { t: "METHOD", w: width - 90 - 200 - 110 },
    { t: "AMOUNT", w: 110, right: true },
  ];
  const room = (need: number) => {
    if (y + need > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      y = doc.page.margins.top;
    }
  };
  const row = (cells: string[], bold = false) => {
    room(40);
    let x = left;
    cells.forEach((c, i) => {
      doc
        .font(bold ? "Helvetica-Bold" : "Helvetica")
        .fontSize(bold ? 8 : 10)
        .fillColor(bold ? MUTED : INK);
      const shown = bold ? c : useFontFor(doc, c);
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
  for (const l of r.lines) row([l.date, l.tracking_code, METHOD[l.method] ?? l.method, pdfMoney(l.amount, r.currency)]);

  // The sums: collected, each statement deducted, the net paid out.
  const sum = (label: string, amount: string, bold = false) => {
    room(24);
    doc
      .font(bold ? "Helvetica-Bold" : "Helvetica")
      .fontSize(bold ? 12 : 10)
      .fillColor(INK);
    doc.text(label, left, y, { width: width - 130, align: "right", lineBreak: false });
    doc.text(amount, left + width - 126, y, { width: 122, align: "right", lineBreak: false });
    y += bold ? 20 : 16;
  };
  y += 6;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(1)
    .strokeColor(INK)
    .stroke();
  y += 8;
  sum(`Collected (${r.lines.length})`, pdfMoney(r.total_collected, r.currency));
  for (const o of r.offsets) sum(`Less statement ${o.statement_number}`, `-${pdfMoney(o.amount, r.currency)}`);
  sum("Net paid out", pdfMoney(r.net, r.currency), true);
  doc.end();
  return done;
}
