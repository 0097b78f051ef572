import { useId, useMemo, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useRescheduleDeliveryMutation } from "../../generated/actions";
import { callErrors, errorText } from "../../errors";
import { TRACK_ERRORS } from "../parcel/trackErrors";
import { Icon } from "../../components/Icon";
import { calendar_month } from "../parcel/icons";
import { fmtDate } from "../parcel/format";
import { nextWorkingDays } from "@shared/modules/delivery/delivery.rules";
import { MAX_TEXT } from "@shared/core/lengths.codes";
import { useKeepTyped } from "../../components/hydrated";

interface Props {
  code: string;
  choice: string | null | undefined;
  date: string | null | undefined;
  /** Names are still masked: the recipient proves who they are first (the form above). */
  locked: boolean;
  verify: string | null;
  /** The secret of the e-mail's reschedule link: it stands in for the postcode or e-mail. */
  token: string | null;
  onDone: () => Promise<void>;
}

const DEPOT = "depot";
const dayLabel = (lng: string, ymd: string) => fmtDate(lng, ymd, { weekday: "long", day: "numeric", month: "long" });

/**
 * After a failed attempt, where the admin allows it: the recipient picks one of the next working
 * days or a pick-up at the depot, proving who they are with the e-mail's link, the postcode or
 * e-mail that unlocked the page, or one typed here. The server checks the day and the proof again.
 */
export function RescheduleCard({ code, choice, date, locked, verify, token, onDone }: Props) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const days = useMemo(() => nextWorkingDays(new Date()), []);
  const current = choice === "depot" ? DEPOT : choice === "delivery" && date ? date : "";
  const [picked, setPicked] = useState(current);
  const [errors, setErrors] = useState<string[]>([]);
  const [pending, setPending] = useState(false);
  const [send] = useRescheduleDeliveryMutation();
  const [linkRefused, setLinkRefused] = useState(false);
  const [typed, setTyped] = useState("");
  const typedInput = useKeepTyped(typed, setTyped);
  const viaLink = !!token && !linkRefused;
  const asks = !viaLink && !verify;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    if (!picked) {
      setErrors([t("track.reschedulePick")]);
      return;
    }
    const proof = viaLink ? { token } : { verify: verify ?? typed.trim() };
    if (!viaLink && !proof.verify) {
      setErrors([t("track.verifyRequired")]);
      return;
    }
    setPending(true);
    setErrors([]);
    const input = picked === DEPOT ? { choice: "depot", ...proof } : { choice: "delivery", date: picked, ...proof };
    try {
      await send({ variables: { trackingCode: code, input } });
    } catch (err) {
      const failed = callErrors(err);
      // An older e-mail's link: the recipient can still prove who they are by postcode or e-mail.
      if (failed.some((e) => e.reason === "RESCHEDULE_LINK_INVALID")) setLinkRefused(true);
      setErrors(failed.map((e) => errorText(t, e, TRACK_ERRORS)));
      setPending(false);
      return;
    }
    await onDone();
    setPending(false);
  };

  const chosen =
    choice === "depot"
      ? t("track.rescheduleChosenDepot")
      : choice === "delivery" && date
        ? t("track.rescheduleChosenDay", { day: dayLabel(i18n.language, date) })
        : null;
  return (
    <section className="card result-card reschedule-card" aria-labelledby={`${id}-title`} data-testid="reschedule">
      <h3 id={`${id}-title`}>
        <Icon path={calendar_month} size={22} />
        {t("track.rescheduleTitle")}
      </h3>
      <p className="reschedule-text">{t("track.rescheduleText")}</p>
      {chosen ? (
        <p className="reschedule-chosen" role="status" data-testid="reschedule-chosen">
          <strong>{chosen}</strong>
        </p>
      ) : null}
      {locked && asks ? (
        <p className="reschedule-locked">{t("track.rescheduleLocked")}</p>
      ) : (
        <form className="reschedule-form" onSubmit={onSubmit} noValidate>
          <fieldset aria-describedby={errors.length ? `${id}-error` : undefined}>
            <legend>{t("track.rescheduleDay")}</legend>
            <div className="reschedule-options">
              {days.map((d) => (
                <label key={d} className={`reschedule-option${picked === d ? " picked" : ""}`}>
                  <input type="radio" name="reschedule" value={d} checked={picked === d} onChange={() => setPicked(d)} />
                  <span>{dayLabel(i18n.language, d)}</span>
                </label>
              ))}
              <label className={`reschedule-option depot${picked === DEPOT ? " picked" : ""}`}>
                <input type="radio" name="reschedule" value={DEPOT} checked={picked === DEPOT} onChange={() => setPicked(DEPOT)} />
                <span>{t("track.rescheduleDepot")}</span>
              </label>
            </div>
          </fieldset>
          {asks ? (
            <div className="field reschedule-verify">
              <label htmlFor={`${id}-verify`}>{t("track.verifyLabel")}</label>
              <p className="reschedule-hint" id={`${id}-hint`}>
                {t("track.rescheduleVerify")}
              </p>
              <input
                id={`${id}-verify`}
                ref={typedInput}
                name="verify"
                className="input"
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                autoComplete="off"
                spellCheck={false}
                maxLength={MAX_TEXT}
                required
                dir="auto"
                aria-describedby={`${id}-hint`}
              />
            </div>
          ) : null}
          {errors.length ? (
            <p id={`${id}-error`} className="alert alert-error verify-error" role="alert">
              {errors[0]}
            </p>
          ) : null}
          <button type="submit" className="btn btn-primary" disabled={pending || picked === current}>
            {pending ? t("track.rescheduleSaving") : t("track.rescheduleSubmit")}
          </button>
        </form>
      )}
    </section>
  );
}
