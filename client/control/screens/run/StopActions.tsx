import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useSkipStopMutation } from "../../../generated/graphql";
import { FAILURE_REASONS, type FailureReason } from "@shared/modules/parcel/status.codes";
import { COD_NOT_READY } from "@shared/modules/cod/cod.codes";
import type { CodPayment } from "@shared/modules/cod/cod.rules";
import { Icon } from "../../../components/Icon";
import * as icons from "../../icons";
import { failureReasonLabel } from "../../options";
import { controlLanguage } from "../../time";
import { CodPaymentFields, usePaymentWords } from "../../components/CodPayment";
import { draftFor, paymentOf, type PaymentDraft } from "../../../modules/delivery/codPayment";
import { ProofAction } from "../scan/ProofAction";
import type { ScanLine, ScanSetup } from "../scan/scanRun";
import { windowText, type CourierRun, type CourierStop } from "./runView";

export const DELIVERED: ScanSetup = {
  event: "delivered",
  status_code: "delivered",
  status_reason: null,
  title: null,
  place: null,
  latitude: null,
  longitude: null,
};
const failedSetup = (reason: FailureReason): ScanSetup => ({ ...DELIVERED, event: "delivery_failed", status_code: "delivery_failed", status_reason: reason });

/** The reasons a failed attempt may give at this stop: "payment not ready" only where cash on delivery is due. */
export const reasonsFor = (stop: Pick<CourierStop, "cod_due">): FailureReason[] => FAILURE_REASONS.filter((r) => r !== COD_NOT_READY || !!stop.cod_due);

/**
 * The chosen stop's actions, in the thumb's zone: deliver (online with the proof, offline as a waiting scan; with the
 * payment at the door when cash on delivery is due), a failed attempt, skip.
 */
export function StopActions({
  run,
  stop,
  line,
  add,
  online,
  onProof,
  say,
  errorText,
}: {
  run: CourierRun;
  stop: CourierStop;
  /** The newest line of the phone's scan queue for this stop's parcel. */
  line: ScanLine | undefined;
  add: (code: string, setup: ScanSetup, cod?: CodPayment | null) => void;
  online: boolean;
  onProof: () => void;
  say: (notice: string) => void;
  errorText: (e: unknown) => string;
}) {
  const { t } = useTranslation("control-run");
  const words = usePaymentWords();
  const [mode, setMode] = useState<"actions" | "failed" | "skip" | "pay">("actions");
  const reasons = reasonsFor(stop);
  const [reason, setReason] = useState<FailureReason>(stop.cod_due ? COD_NOT_READY : reasons[0]);
  const [skipStop, skip] = useSkipStopMutation();
  const [skipError, setSkipError] = useState<string | null>(null);
  const due = stop.cod_due ?? null;
  const [draft, setDraft] = useState<PaymentDraft | null>(null);
  const [payProblems, setPayProblems] = useState<{ texts: string[]; fields: ("amount" | "reference")[] }>({ texts: [], fields: [] });
  const code = stop.tracking_code ?? "";
  const waiting = !!line && (line.state === "queued" || line.state === "sending");
  const who = { n: stop.seq, name: stop.recipient_name ?? code };

  const deliverQueued = (cod: CodPayment | null = null) => {
    add(code, DELIVERED, cod);
    setMode("actions");
    say(online ? t("notice.delivered", { n: stop.seq }) : t("notice.deliveredOffline", { n: stop.seq }));
  };
  const onPay = (e: FormEvent) => {
    e.preventDefault();
    if (!due) return deliverQueued();
    // No server answers at the door: the phone refuses what the server would (another amount, a card without its receipt).
    const checked = paymentOf(draft ?? draftFor(due, controlLanguage()), due, true);
    if ("problems" in checked) return setPayProblems({ texts: checked.problems.map(words.problem), fields: checked.problems.map((p) => p.field) });
    deliverQueued(checked.payment);
  };
  const onFailed = (e: FormEvent) => {
    e.preventDefault();
    add(code, failedSetup(reason));
    setMode("actions");
    say(t("notice.failed", { n: stop.seq }));
  };
  const onSkip = async () => {
    setSkipError(null);
    try {
      await skipStop({ variables: { runId: run.id, stopId: stop.id! } });
      say(t("notice.skipped", { n: stop.seq }));
    } catch (e) {
      setSkipError(errorText(e));
    }
  };

  if (mode === "pay" && due) {
    return (
      <form className="cp-run-failed cp-run-pay" onSubmit={onPay} noValidate aria-label={t("pay.label", who)}>
        {payProblems.texts.length ? (
          <div className="cp-scan-error" role="alert" data-testid="form-errors">
            {payProblems.texts.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
        ) : null}
        <CodPaymentFields due={due} draft={draft ?? draftFor(due, controlLanguage())} onChange={setDraft} invalid={payProblems.fields} />
        <div className="cp-scan-actions">
          <button type="button" className="cp-btn cp-btn-outline" onClick={() => setMode("actions")}>
            {t("actions.cancel", { ns: "control" })}
          </button>
          <button type="submit" className="cp-btn cp-btn-primary">
            {t("pay.submit")}
          </button>
        </div>
      </form>
    );
  }
  if (mode === "failed") {
    return (
      <form className="cp-run-failed" onSubmit={onFailed} aria-label={t("failed.label", who)}>
        <fieldset className="cp-run-reasons">
          <legend className="cp-label">{t("failed.why", who)}</legend>
          {reasons.map((r) => (
            <label key={r} className={`cp-scan-event-choice${reason === r ? " is-chosen" : ""}`}>
              <input type="radio" name="status_reason" value={r} checked={reason === r} onChange={() => setReason(r)} />
              <span>{failureReasonLabel(r)}</span>
            </label>
          ))}
        </fieldset>
        <div className="cp-scan-actions">
          <button type="button" className="cp-btn cp-btn-outline" onClick={() => setMode("actions")}>
            {t("actions.cancel", { ns: "control" })}
          </button>
          <button type="submit" className="cp-btn cp-btn-primary">
            {t("failed.submit")}
          </button>
        </div>
      </form>
    );
  }
  if (mode === "skip") {
    return (
      <div>
        <p className="cp-run-dock-title">{t("skip.ask", who)}</p>
        {skipError ? (
          <p className="cp-scan-error" role="alert">
            {skipError}
          </p>
        ) : null}
        <div className="cp-scan-actions">
          <button type="button" className="cp-btn cp-btn-outline" onClick={() => setMode("actions")}>
            {t("actions.cancel", { ns: "control" })}
          </button>
          <button type="button" className="cp-btn cp-btn-primary" onClick={onSkip} disabled={skip.loading || !online}>
            {online ? t("skip.submit") : t("skip.offline")}
          </button>
        </div>
      </div>
    );
  }
  return (
    <div>
      <p className="cp-run-dock-title">
        <span className="cp-run-seq" aria-hidden="true">
          {stop.seq}
        </span>
        <span>
          <bdi>{stop.recipient_name ?? code}</bdi>
          {stop.window ? <span className="cp-run-muted"> · {windowText(stop.window)}</span> : null}
        </span>
      </p>
      <div className="cp-scan-actions cp-run-actions">
        {waiting ? (
          <button type="button" className="cp-btn cp-btn-primary" disabled>
            {online ? t("deliver.sending") : t("deliver.waiting")}
          </button>
        ) : online ? (
          // Online, the delivery is recorded with its proof (receiver, signature, photo) and the payment: the parcel's one flow.
          <ProofAction
            code={code}
            label={due ? t("deliver.collect") : t("deliver.label")}
            className="cp-btn cp-btn-primary"
            due={due}
            onDone={() => {
              say(t("notice.deliveredProof", { n: stop.seq }));
              onProof();
            }}
          />
        ) : (
          // Offline, the delivery waits on the phone as a scan (with its payment); its proof can be added once it has landed.
          <button type="button" className="cp-btn cp-btn-primary" onClick={() => (due ? setMode("pay") : deliverQueued())}>
            <Icon path={due ? icons.payments : icons.check_circle} size={22} />
            {due ? t("deliver.collectOffline") : t("deliver.offline")}
          </button>
        )}
        <button type="button" className="cp-btn cp-btn-outline" onClick={() => setMode("failed")} disabled={waiting}>
          <Icon path={icons.pan_tool} size={20} />
          {t("failed.button")}
        </button>
        <button type="button" className="cp-btn cp-btn-outline" onClick={() => setMode("skip")} disabled={waiting}>
          <Icon path={icons.block} size={20} />
          {t("skip.button")}
        </button>
      </div>
    </div>
  );
}
