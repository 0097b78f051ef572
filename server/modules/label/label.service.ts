import { badInput, notFound } from "../../core/errors.js";
import { db } from "../../db/index.js";
import { getSettings } from "../settings/settings.service.js";
import { lazyThread } from "../../core/threads.js";
import { readerLanguage } from "../settings/company-language.js";
import type { LabelFormat } from "./label.pdf.js";
import type { LabelJob } from "./label.worker.js";

import { MAX_LABELS } from "../../../shared/modules/label/label.codes.js";
import { codDueOf } from "../../../shared/modules/cod/cod.rules.js";
const CODE = /^[A-Za-z0-9-]{1,64}$/;

/** "A,B C" -> distinct codes, 1 to MAX_LABELS of them. */
export function labelCodes(raw: string): string[] {
  const codes = [
    ...new Set(
      raw
        .split(/[\s,;]+/)
        .map((c) => c.trim())
        .filter(Boolean),
    ),
  ];
  if (!codes.length) throw badInput("codes is required: one or more tracking codes");
  if (codes.length > MAX_LABELS) throw badInput(`codes must hold at most ${MAX_LABELS} tracking codes`);
  return codes;
}

/**
 * Shipping labels of the parcels named, in the order asked, as one PDF. `base` is the site's
 * address (server/core/context.ts siteBase), which makes the tracking link of each QR code.
 * Any unknown code is 404, naming the codes.
 */
export async function labelsPdfOf(
  codes: string[],
  base: string,
  format: LabelFormat = "label",
  opts: { compress?: boolean; references?: Record<string, string | null> } = {},
) {
  const valid = codes.filter((c) => CODE.test(c));
  const [rows, s] = await Promise.all([
    db().parcel.findMany({
      where: { tracking_code: { in: valid } },
      select: {
        tracking_code: true,
        recipient_name: true,
        recipient_phone_number: true,
        recipient_postcode: true,
        destination: true,
        sender_name: true,
        sender_address: true,
        pickup_location: true,
        weight: true,
        shipped_via: true,
        recipient_language: true,
        cod_amount: true,
        cod_currency: true,
        status_code: true,
      },
    }),
    getSettings(),
  ]);
  const byCode = new Map(rows.map((r) => [r.tracking_code, r]));
  const missing = codes.filter((c) => !byCode.has(c));
  if (missing.length) {
    const shown = missing.slice(0, 10).join(", ") + (missing.length > 10 ? ` and ${missing.length - 10} more` : "");
    throw notFound(missing.length === 1 ? `No parcel has the tracking code ${shown}` : `No parcels have the tracking codes ${shown}`);
  }
  const parcels = await Promise.all(
    codes.map(async (c) => {
      const { recipient_language, cod_amount, cod_currency, status_code, ...row } = byCode.get(c)!;
      return {
        ...row,
        reference: opts.references?.[c] ?? null,
        track_url: `${base}/track.html?code=${encodeURIComponent(c)}`,
        // The label speaks the recipient's language (else the company's), and says what is still to collect at the door.
        language: await readerLanguage(recipient_language),
        cod: codDueOf({ cod_amount, cod_currency, status_code }),
      };
    }),
  );
  const company = { name: s.company_name, contact_phone: s.contact_phone, contact_email: s.contact_email, contact_address: s.contact_address };
  return renderPdf({ parcels, company, format, compress: opts.compress });
}

/**
 * The labels' thread (label.worker.ts; pdfkit, fontkit and bwip-js load there, not in the server): a
 * batch of 200 labels is about a second of CPU, which would otherwise hold every other request of the
 * process. Its PDFs are made one after the other.
 */
const labelThread = lazyThread(import.meta.url, "label.worker");

async function renderPdf(job: LabelJob): Promise<Buffer> {
  const pdf: Uint8Array = await labelThread().run(job);
  return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}
