import os from "node:os";
import { lazyThread } from "../../core/threads.js";
import type { PdfJob } from "./pdf.worker.js";
import { readerLanguage } from "../settings/company-language.js";

/**
 * The threads of the statement, invoice and run sheet PDFs (pdf.worker.ts): one core is left to the event
 * loop (1 thread on 2 cores, at most 4). Each caller has one PDF in them at a time (a "documents" job slot
 * taken by the callers, server/core/jobs.ts: 429 with Retry-After for a second meanwhile), so a caller never
 * holds more than one place in their queue, whatever it asks for.
 */
const pdfThreads = lazyThread(import.meta.url, "pdf.worker", Math.max(1, Math.min(4, os.availableParallelism() - 1)));

/**
 * The PDF of `job`, drawn in a PDF thread. A shipper's statement or pay-out is in its language, else the company's
 * (the thread reads no settings: the language is settled here).
 */
export async function drawInThread(job: PdfJob): Promise<Buffer> {
  if (job.kind === "statement" || job.kind === "remittance") job = { ...job, language: await readerLanguage(job.language) };
  const pdf: Uint8Array = await pdfThreads().run(job);
  return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}
