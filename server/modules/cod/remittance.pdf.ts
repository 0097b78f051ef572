import { shipperDocument, type DocCompany, type DocShipper } from "../shipper/shipper.pdf.js";
import type { ShipperLanguage } from "../shipper/shipper.i18n.js";

export interface RemittanceDoc {
  number: string;
  status: string;
  paid_reference: string | null;
  paid_at: Date | null;
  currency: string;
  total_collected: number;
  net: number;
  created_at: Date;
  shipper: DocShipper;
  /** `date`: the day collected, YYYY-MM-DD in the site's time zone (as a statement's lines). */
  lines: { tracking_code: string; date: string; method: string; amount: number }[];
  offsets: { statement_number: string; amount: number }[];
}
export type RemittanceCompany = DocCompany;

const statusLine = (r: RemittanceDoc, l: ShipperLanguage) =>
  r.status === "paid"
    ? `${r.paid_at ? l.t("pdf.paidOn", { date: l.date(r.paid_at) }) : l.t("pdf.paid")}${r.paid_reference ? ` (${r.paid_reference})` : ""}`
    : r.status === "cancelled"
      ? l.t("pdf.cancelled")
      : l.t("pdf.open");

/**
 * A cash-on-delivery pay-out (remittance) as an A4 PDF, on the shipper's documents' set-up (shipper/shipper.pdf.ts):
 * the shipper, one row per collection paid out, the statements deducted and the net paid; in the shipper's
 * language. Drawn in the PDF threads (invoice/pdf-thread.ts).
 */
export async function remittancePdf(
  r: RemittanceDoc,
  company: RemittanceCompany,
  opts: { compress?: boolean; language?: string | null } = {},
): Promise<Buffer> {
  const pdf = shipperDocument({
    language: opts.language,
    titleKey: "pdf.remittanceTitle",
    docKey: "pdf.remittanceDoc",
    titleSize: 22,
    number: r.number,
    details: (l) => [l.date(r.created_at), statusLine(r, l)],
    partyKey: "pdf.paidTo",
    shipper: r.shipper,
    company,
    compress: opts.compress,
  });
  const { l } = pdf;
  const method = (m: string) => (m === "cash" || m === "card" ? l.t(`pdf.${m}`) : m);
  pdf.table(
    [
      { key: "pdf.collectedOn", w: 90 },
      { key: "pdf.trackingCode", w: 200 },
      { key: "pdf.method", w: null },
      { key: "pdf.amount", w: 110, end: true },
    ],
    r.lines.map((line) => [l.day(line.date), line.tracking_code, method(line.method), l.money(line.amount, r.currency)]),
  );
  // The sums: collected, each statement deducted, the net paid out.
  pdf.sums([
    [l.t("pdf.collected", { n: l.number(r.lines.length) }), l.money(r.total_collected, r.currency)],
    ...r.offsets.map((o): [string, string] => [l.t("pdf.lessStatement", { number: o.statement_number }), l.money(-o.amount, r.currency)]),
    [l.t("pdf.net"), l.money(r.net, r.currency)],
  ]);
  return pdf.end();
}
