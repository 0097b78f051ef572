import { shipperDocument, type DocCompany, type DocShipper } from "../shipper/shipper.pdf.js";

export interface StatementDoc {
  number: string;
  from: string;
  to: string;
  status: string;
  paid_reference: string | null;
  currency: string;
  total: number;
  created_at: Date;
  shipper: DocShipper;
  lines: { date: string; tracking_code: string; service: string; amount: number }[];
}
export type StatementCompany = DocCompany;

/**
 * A statement as an A4 PDF (the shipper's documents' set-up, shipper/shipper.pdf.ts): the shipper, the period,
 * one row per booking, the total; in the shipper's language. Drawn in the PDF threads (invoice/pdf-thread.ts).
 */
export async function statementPdf(s: StatementDoc, company: StatementCompany, opts: { compress?: boolean; language?: string | null } = {}): Promise<Buffer> {
  const pdf = shipperDocument({
    language: opts.language,
    titleKey: "pdf.statementTitle",
    docKey: "pdf.statementDoc",
    titleSize: 24,
    number: s.number,
    details: (l) => [
      l.t("pdf.period", { from: l.date(s.from), to: l.date(s.to) }),
      s.status === "paid" ? `${l.t("pdf.paid")}${s.paid_reference ? ` (${s.paid_reference})` : ""}` : l.t("pdf.open"),
    ],
    partyKey: "pdf.billedTo",
    shipper: s.shipper,
    company,
    compress: opts.compress,
  });
  const { l } = pdf;
  pdf.table(
    [
      { key: "pdf.date", w: 80 },
      { key: "pdf.trackingCode", w: 170 },
      { key: "pdf.service", w: null },
      { key: "pdf.amount", w: 100, end: true },
    ],
    s.lines.map((line) => [l.day(line.date), line.tracking_code, line.service, l.money(line.amount, s.currency)]),
  );
  pdf.sums([[l.t("pdf.total", { amount: l.money(s.total, s.currency) })]]);
  return pdf.end();
}
