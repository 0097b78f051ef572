import { codText } from "../../../shared/modules/cod/cod.rules.js";
import { readEnv } from "../../core/config.js";
import { callerJob } from "../../core/jobs.js";
import { drawInThread } from "../invoice/pdf-thread.js";
import { companyName } from "../settings/settings.service.js";
import { callerLanguageCode, staffLanguage } from "../staff/staff.i18n.js";
import { readerLanguage } from "../settings/company-language.js";
import { runViews } from "./dispatch.reads.js";
import { plannedMinutes } from "./eta.rules.js";
import { dayPlan, mustBeCourierOrDispatch, runOrThrow } from "./run.rows.js";

/**
 * The run sheet (PDF): its courier or a member with dispatch, in the language of the member who asks for it (none
 * chosen: the company's). pdfkit and bwip-js load in the PDF threads.
 */
export async function runSheet(id: number): Promise<{ pdf: Buffer; filename: string }> {
  const run = await runOrThrow(id);
  mustBeCourierOrDispatch(run);
  const [view] = await runViews([run]);
  // A planned run has no windows yet (they are set when it starts): its sheet gives each stop's time after the start.
  const after = run.status === "planned" ? plannedMinutes(run.stops, await dayPlan()) : null;
  const l = staffLanguage(await readerLanguage(await callerLanguageCode()));
  const timeZone = readEnv("TIME_ZONE");
  const courier = view.courier_name ?? view.courier_email ?? l.t("sheet.member", { id: run.courier_id });
  const date = new Intl.DateTimeFormat(l.tag, { dateStyle: "full", timeZone: "UTC" }).format(new Date(`${run.date}T12:00:00Z`));
  const texts = {
    tag: l.tag,
    rtl: l.rtl,
    title: l.t("sheet.title", { id: run.id, date: run.date }),
    head: l.t("sheet.head", { id: run.id, date, courier }),
    summary: [
      l.t("sheet.summary", {
        stops: l.t("sheet.stops", { count: view.stops.length }),
        km: view.distance_km,
        min: view.duration_min,
        status: l.t(`sheet.run.${run.status}`),
      }),
      run.status === "planned" ? l.t("sheet.planned") : l.t("sheet.times", { zone: timeZone }),
    ].join(" "),
    page: l.t("sheet.page", { n: "{{n}}", total: "{{total}}" }),
    afterStart: l.t("sheet.afterStart"),
    cols: {
      window: l.t("sheet.col.window"),
      address: l.t("sheet.col.address"),
      contents: l.t("sheet.col.contents"),
      code: l.t("sheet.col.code"),
      signature: l.t("sheet.col.signature"),
    },
  };
  const sheet = {
    id: run.id,
    date: run.date,
    courier,
    status: run.status,
    distance_km: view.distance_km,
    duration_min: view.duration_min,
    company: await companyName(),
    timeZone,
    texts,
    stops: view.stops.map((s) => ({
      seq: s.seq,
      tracking_code: s.tracking_code,
      recipient_name: s.recipient_name,
      address: s.address.text,
      window: s.window,
      after_min: s.id != null ? (after?.get(s.id) ?? null) : null,
      // Cash on delivery to collect, on the courier's sheet beside what the parcel holds.
      contents: s.cod_due ? [s.contents, l.t("sheet.cod", { amount: codText(s.cod_due.amount, s.cod_due.currency) })].filter(Boolean).join("\n") : s.contents,
      status: s.status,
      status_text: l.t(`sheet.stop.${s.status}`),
    })),
  };
  // Drawn in a PDF thread, one PDF at a time per caller (429 for a second meanwhile).
  const pdf = await callerJob("documents", () => drawInThread({ kind: "run-sheet", run: sheet }));
  return { pdf, filename: `run-${run.id}-${run.date}.pdf` };
}
