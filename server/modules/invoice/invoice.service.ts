import crypto from "node:crypto";
import { notFound } from "../../core/errors.js";
import { db } from "../../db/index.js";
import { pageOf, type PageArgs } from "../common/paging.js";
import { getSettings } from "../settings/settings.service.js";
import type { CreateInvoiceInput } from "./invoice.input.js";
import type { InvoiceWords } from "./invoice.pdf.js";
import { drawInThread } from "./pdf-thread.js";
import { staffLanguage } from "../staff/staff.i18n.js";
import { readerLanguage } from "../settings/company-language.js";

const invoiceNumber = (id: number) => `INV-${String(id).padStart(6, "0")}`;

export async function createInvoice(input: CreateInvoiceInput) {
  if (input.tracking_code && !(await db().parcel.findUnique({ where: { tracking_code: input.tracking_code }, select: { id: true } }))) {
    throw notFound("No parcel has that tracking_code");
  }
  return db().$transaction(async (tx) => {
    const row = await tx.invoice.create({
      data: {
        number: `pending-${crypto.randomUUID()}`,
        product: input.product.trim(),
        customer_name: input.customer_name?.trim() ?? "",
        tracking_code: input.tracking_code?.trim() ?? "",
        amount: input.amount ?? null,
      },
    });
    return tx.invoice.update({ where: { id: row.id }, data: { number: invoiceNumber(row.id) } });
  });
}

export async function getInvoice(id: number) {
  const inv = await db().invoice.findUnique({ where: { id } });
  if (!inv) throw notFound("Invoice not found");
  return inv;
}

export const listInvoices = (args: PageArgs) =>
  pageOf(
    args,
    () => db().invoice.count(),
    (skip, take) => db().invoice.findMany({ skip, take, orderBy: { id: "desc" } }),
  );

/**
 * The invoice as a PDF, drawn in a PDF thread; `base` (the site's address) makes the tracking link. Its words, date
 * and amounts are in `language` (the member's who downloads it; the company's without one).
 */
export async function invoicePdfOf(id: number, base: string, opts: { compress?: boolean; language?: string | null } = {}) {
  const [inv, s] = await Promise.all([getInvoice(id), getSettings()]);
  const trackUrl = inv.tracking_code ? `${base}/track.html?code=${encodeURIComponent(inv.tracking_code)}` : null;
  const company = {
    name: s.company_name,
    contact_email: s.contact_email,
    contact_phone: s.contact_phone,
    contact_phone_alt: s.contact_phone_alt,
    contact_address: s.contact_address,
  };
  const l = staffLanguage(await readerLanguage(opts.language));
  const keys = ["title", "billedTo", "trackingCode", "product", "amount", "total", "track", "scan", "thanks"] as const;
  const words = Object.fromEntries(keys.map((k) => [k, l.t(`invoice.${k}`)])) as Record<(typeof keys)[number], string> satisfies InvoiceWords;
  const texts = { tag: l.tag, docTitle: l.t("invoice.docTitle", { number: inv.number }), ...words };
  return { number: inv.number, pdf: await drawInThread({ kind: "invoice", invoice: inv, company, options: { trackUrl, compress: opts.compress, texts } }) };
}
