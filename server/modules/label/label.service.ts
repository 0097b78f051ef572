import { config } from "../../core/config.js";
import { badInput, notFound } from "../../core/errors.js";
import { db } from "../../db/index.js";
import { getSettings } from "../settings/settings.service.js";
import { Worker } from "node:worker_threads";
import type { LabelCompany, LabelFormat, LabelParcel } from "./label.pdf.js";
import type { LabelJob } from "./label.worker.js";

import { MAX_LABELS } from "./label.codes.js";
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
        pickup_location: true,
        weight: true,
        shipped_via: true,
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
  const parcels = codes.map((c) => ({
    ...byCode.get(c)!,
    reference: opts.references?.[c] ?? null,
    track_url: `${base}/track.html?code=${encodeURIComponent(c)}`,
  }));
  const company = { name: config().companyName, contact_phone: s.contact_phone, contact_email: s.contact_email, contact_address: s.contact_address };
  return renderPdf({ parcels, company, format, compress: opts.compress });
}

// pdfkit, fontkit and bwip-js take a good part of start-up to load: only when the first label is asked for
// (as the invoice's PDF stack, invoice.service.ts), and in the labels' own thread.
let pdf: Promise<typeof import("./label.pdf.js")> | undefined;
const pdfModule = () => (pdf ??= import("./label.pdf.js"));

/**
 * The labels' thread (label.worker.ts): a batch of 200 labels is about a second of CPU, which would
 * otherwise hold every other request of the process. One thread, made at the first label and kept
 * (it does not keep the process alive); its PDFs are made one after the other. Should the thread
 * fail to start, labels are drawn here as before.
 */
let worker: Worker | undefined;
let answered = false;
let failures = 0;
let nextJob = 0;
type Job = { parcels: LabelParcel[]; company: LabelCompany; format: LabelFormat; compress?: boolean };
const pending = new Map<number, { job: Job; resolve(pdf: Buffer): void; reject(e: Error): void }>();

const drawHere = async (job: Job) => (await pdfModule()).labelsPdf(job.parcels, job.company, job.format, { compress: job.compress });

function startWorker(): Worker {
  const own = import.meta.url;
  let w: Worker;
  if (own.endsWith(".ts")) {
    // Sources run with tsx (development, tests): the thread registers it before loading the worker's module.
    const file = new URL("./label.worker.ts", own).href;
    w = new Worker(`import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(file)}); })`, { eval: true });
  } else {
    // The build (scripts/build-server.mjs) puts the worker beside the server's bundle.
    w = new Worker(new URL("./label.worker.js", own));
  }
  w.unref();
  w.on("message", (m: { id: number; pdf?: ArrayBuffer; error?: string }) => {
    answered = true;
    const p = pending.get(m.id);
    pending.delete(m.id);
    if (m.pdf) p?.resolve(Buffer.from(m.pdf));
    else p?.reject(new Error(`label PDF: ${m.error}`));
  });
  // A thread that failed or stopped: its PDFs are drawn here instead, and the next label starts a new one
  // (unless threads never worked: then labels stay here).
  const lost = (e: Error) => {
    if (worker !== w) return;
    worker = undefined;
    if (!answered && ++failures >= 2) console.warn(`shipping labels are drawn on the main thread: ${e.message}`);
    const jobs = [...pending.values()];
    pending.clear();
    for (const p of jobs) drawHere(p.job).then(p.resolve, p.reject);
  };
  w.on("error", lost);
  w.on("exit", (code) => lost(new Error(`the labels' thread stopped (exit code ${code})`)));
  return w;
}

async function renderPdf(job: Job): Promise<Buffer> {
  if (!answered && failures >= 2) return drawHere(job);
  worker ??= startWorker();
  const id = ++nextJob;
  const w = worker;
  return new Promise<Buffer>((resolve, reject) => {
    pending.set(id, { job, resolve, reject });
    w.postMessage({ id, ...job } satisfies LabelJob);
  });
}
