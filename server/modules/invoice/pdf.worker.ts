import { statementPdf, type StatementCompany, type StatementDoc } from "../booking/statement.pdf.js";
import { runSheetPdf, type SheetRun } from "../dispatch/run-sheet.pdf.js";
import { remittancePdf, type RemittanceCompany, type RemittanceDoc } from "../cod/remittance.pdf.js";
import { invoicePdf, type InvoiceCompany, type InvoiceDoc, type InvoicePdfOptions } from "./invoice.pdf.js";

/**
 * The business PDFs' threads (pdf-thread.ts runs them through server/core/threads.ts): a statement of a
 * few thousand lines is 0.5-1.5 s of CPU, which here no tracking look-up waits for. pdfkit, fontkit,
 * the fonts (pdf-fonts.ts) and bwip-js load in the thread. One PDF a task.
 */
export type PdfJob =
  | { kind: "invoice"; invoice: InvoiceDoc; company: InvoiceCompany; options: InvoicePdfOptions }
  | { kind: "statement"; statement: StatementDoc; company: StatementCompany; language?: string | null }
  | { kind: "run-sheet"; run: SheetRun }
  | { kind: "remittance"; remittance: RemittanceDoc; company: RemittanceCompany; language?: string | null };

export default async function drawPdf(job: PdfJob): Promise<Uint8Array> {
  const pdf =
    job.kind === "invoice"
      ? await invoicePdf(job.invoice, job.company, job.options)
      : job.kind === "statement"
        ? await statementPdf(job.statement, job.company, { language: job.language })
        : job.kind === "remittance"
          ? await remittancePdf(job.remittance, job.company, { language: job.language })
          : await runSheetPdf(job.run);
  return new Uint8Array(pdf);
}
