import { codText } from "../../../shared/modules/cod/cod.rules.js";
import { readEnv } from "../../core/config.js";
import { callerJob } from "../../core/jobs.js";
import { drawInThread } from "../invoice/pdf-thread.js";
import { companyName } from "../settings/settings.service.js";
import { runViews } from "./dispatch.reads.js";
import { plannedMinutes } from "./eta.rules.js";
import { dayPlan, mustBeCourierOrDispatch, runOrThrow } from "./run.rows.js";

/** The run sheet (PDF): its courier or a member with dispatch. pdfkit and bwip-js load in the PDF threads. */
export async function runSheet(id: number): Promise<{ pdf: Buffer; filename: string }> {
  const run = await runOrThrow(id);
  mustBeCourierOrDispatch(run);
  const [view] = await runViews([run]);
  // A planned run has no windows yet (they are set when it starts): its sheet gives each stop's time after the start.
  const after = run.status === "planned" ? plannedMinutes(run.stops, await dayPlan()) : null;
  const sheet = {
    id: run.id,
    date: run.date,
    courier: view.courier_name ?? view.courier_email ?? `member ${run.courier_id}`,
    status: run.status,
    distance_km: view.distance_km,
    duration_min: view.duration_min,
    company: await companyName(),
    timeZone: readEnv("TIME_ZONE"),
    stops: view.stops.map((s) => ({
      seq: s.seq,
      tracking_code: s.tracking_code,
      recipient_name: s.recipient_name,
      address: s.address.text,
      window: s.window,
      after_min: s.id != null ? (after?.get(s.id) ?? null) : null,
      // Cash on delivery to collect, on the courier's sheet beside what the parcel holds.
      contents: s.cod_due ? [s.contents, `COD ${codText(s.cod_due.amount, s.cod_due.currency)}`].filter(Boolean).join(" · ") : s.contents,
      status: s.status,
    })),
  };
  // Drawn in a PDF thread, one PDF at a time per caller (429 for a second meanwhile).
  const pdf = await callerJob("documents", () => drawInThread({ kind: "run-sheet", run: sheet }));
  return { pdf, filename: `run-${run.id}-${run.date}.pdf` };
}
