import { parentPort } from "node:worker_threads";
import { labelsPdf, type LabelCompany, type LabelFormat, type LabelParcel } from "./label.pdf.js";

/**
 * The label PDFs' thread (label.service.ts starts it): drawing 200 labels takes the better part of a
 * second of CPU, which here no tracking look-up waits for. Each message is one PDF to make.
 */
export interface LabelJob {
  id: number;
  parcels: LabelParcel[];
  company: LabelCompany;
  format: LabelFormat;
  compress?: boolean;
}

parentPort!.on("message", async (job: LabelJob) => {
  try {
    const pdf = await labelsPdf(job.parcels, job.company, job.format, { compress: job.compress });
    const bytes = new Uint8Array(pdf).buffer;
    parentPort!.postMessage({ id: job.id, pdf: bytes }, [bytes]);
  } catch (e) {
    parentPort!.postMessage({ id: job.id, error: (e as Error).message || String(e) });
  }
});
