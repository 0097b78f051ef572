import { labelsPdf, type LabelCompany, type LabelFormat, type LabelParcel } from "./label.pdf.js";

/**
 * The label PDFs' thread (label.service.ts runs it through server/core/threads.ts): drawing 200 labels
 * takes the better part of a second of CPU, which here no tracking look-up waits for. One PDF a task.
 */
export interface LabelJob {
  parcels: LabelParcel[];
  company: LabelCompany;
  format: LabelFormat;
  compress?: boolean;
}

export default async function drawLabels(job: LabelJob): Promise<Uint8Array> {
  return new Uint8Array(await labelsPdf(job.parcels, job.company, job.format, { compress: job.compress }));
}
