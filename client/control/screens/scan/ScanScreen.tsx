import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { ListState } from "../../components/lists";
import { useSession } from "../../session";
import { Icon } from "../../../components/Icon";
import { PageHeader } from "../../components/PageHeader";
import { useToast } from "../../components/Toast";
import { useTitle } from "../../hooks/useTitle";
import { failureReasonLabel, FAILURE_REASON_OPTIONS, STATUS_OPTIONS } from "../../options";
import { FAILURE_REASONS, STATUS_RULES, type StatusCode } from "@shared/modules/parcel/status.codes";
import { SCAN_EVENTS, type ScanEventId } from "@shared/modules/scan/scan.events";
import { ProofAction } from "./ProofAction";
import { PaymentSheet } from "./PaymentSheet";
import { lineError, needsPayment } from "./lineText";
import { PROOF_NS, usePaymentWords } from "../../components/CodPayment";
import { eventOf, type ScanSetup } from "./scanRun";
import { useScanQueue } from "./useScanQueue";
import "./scan.css";
import { MAX_TEXT } from "@shared/core/lengths.codes";
import * as icons from "../../icons";
import { activityIconPath } from "../../../components/activityIcons";
import { clock, number } from "../../time";

// Its own chunk: the camera (and, where the browser has no BarcodeDetector, the ZXing decoder) loads on demand.
const Camera = lazy(() => import("./Camera").then((m) => ({ default: m.Camera })));

/** The same code seen again this soon by the camera is the same scan. */
const CAMERA_REPEAT_MS = 3000;
const KEYBOARD_KEY = "courier.scan.keyboard";

/** The run's event in words: the event's name, a failed attempt's reason, a custom event's title. `t` is control-scan's. */
function eventLabel(t: TFunction, s: ScanSetup): string {
  if (s.event === "custom") return s.title || t("events.custom");
  const base = t(`events.${eventOf(s.event).id}`);
  return s.status_reason ? t("eventWithReason", { event: base, reason: failureReasonLabel(s.status_reason) }) : base;
}

/** A position as the language writes numbers ("45,12345, 4,80000"). */
const coord = (n: number, digits: number) => number(n, { minimumFractionDigits: digits, maximumFractionDigits: digits });

export default function ScanScreen() {
  const { t } = useTranslation("control-scan");
  useTitle(t("title"));
  const { email } = useSession();
  if (!email) return <ListState loading empty />;
  // A run per member: another member's session (after a sign-out or in another tab) gets a screen, and a queue, of its own.
  return <MemberScanScreen key={email} member={email} />;
}

function MemberScanScreen({ member }: { member: string }) {
  const { t } = useTranslation("control-scan");
  const { t: tp } = useTranslation(PROOF_NS);
  const words = usePaymentWords();
  const { run, online, signedOut, waiting, okCount, failed, next, add, pay, undo: undoScan, setSetup, clearFinished } = useScanQueue(member);
  // The delivered scan whose payment at the door is being taken (the sheet opens by itself for the newest refused one).
  const [paying, setPaying] = useState<string | null>(null);
  const asked = useRef(new Set<string>());
  const newest = run.lines[0];
  useEffect(() => {
    if (!newest || !needsPayment(newest) || asked.current.has(newest.scan_id)) return;
    asked.current.add(newest.scan_id);
    setPaying(newest.scan_id);
  }, [newest]);
  const payingLine = run.lines.find((l) => l.scan_id === paying && needsPayment(l));
  const [editing, setEditing] = useState(!run.setup);
  const [camera, setCamera] = useState(false);
  const [code, setCode] = useState("");
  // With a USB or Bluetooth scanner the phone's own keyboard only hides the screen: it can be kept shut.
  const [keyboard, setKeyboard] = useState(() => localStorage.getItem(KEYBOARD_KEY) !== "off");
  const input = useRef<HTMLInputElement>(null);
  const lastCamera = useRef({ code: "", at: 0 });
  const toast = useToast();

  const focusInput = () => window.setTimeout(() => input.current?.focus(), 0);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    add(code);
    setCode("");
    focusInput();
  };

  const onCamera = (raw: string) => {
    const now = Date.now();
    if (raw === lastCamera.current.code && now - lastCamera.current.at < CAMERA_REPEAT_MS) return;
    lastCamera.current = { code: raw, at: now };
    add(raw);
  };

  const undo = async () => {
    const outcome = await undoScan();
    if (!outcome) return;
    if (outcome.failure) toast(outcome.failure === "offline" ? t("undo.offline") : t("undo.failed"));
    focusInput();
  };

  const startRun = (setup: ScanSetup) => {
    setSetup(setup);
    setEditing(false);
    focusInput();
  };

  if (editing || !run.setup) {
    return <SetupForm initial={run.setup} onStart={startRun} onCancel={run.setup ? () => setEditing(false) : undefined} />;
  }

  return (
    <div className="cp-container cp-scan">
      <PageHeader title={t("title")} icon={icons.qr_code_scanner} back="/control/index.html" backLabel={t("actions.home", { ns: "control" })} />
      <section className="cp-scan-event" aria-label={t("run.label")}>
        <div>
          <strong>{eventLabel(t, run.setup)}</strong>
          <span className="cp-scan-event-place">
            {run.setup.place || t("run.noPlace")}
            {run.setup.latitude != null ? ` · ${coord(run.setup.latitude, 4)}, ${coord(run.setup.longitude ?? 0, 4)}` : ""}
          </span>
        </div>
        <button type="button" className="cp-btn cp-btn-outline" onClick={() => setEditing(true)}>
          {t("run.change")}
        </button>
      </section>
      {!online || waiting ? (
        <p className={`cp-scan-banner${online ? "" : " is-offline"}`} role="status">
          <Icon path={online ? icons.schedule : icons.cloud_off} size={20} />
          {online ? t("run.sending", { count: waiting }) : t("run.offline", { count: waiting })}
        </p>
      ) : null}
      {signedOut ? (
        <p className="cp-scan-banner is-offline" role="alert">
          <Icon path={icons.lock} size={20} />
          {t("run.signedOut")}
        </p>
      ) : null}
      <p className="cp-scan-counts" aria-live="polite">
        {waiting
          ? t("run.countsWaiting", { ok: number(okCount), failed: number(failed), waiting: number(waiting) })
          : t("run.counts", { ok: number(okCount), failed: number(failed) })}
        {run.lines.length ? (
          <button type="button" className="cp-linkish" onClick={clearFinished}>
            {t("run.clear")}
          </button>
        ) : null}
      </p>
      <ol className="cp-scan-lines" aria-label={t("run.lines")}>
        {run.lines.map((l) => (
          <li key={l.scan_id} className={`cp-scan-line is-${l.state}`} data-state={l.state}>
            <Icon
              path={l.state === "ok" ? icons.check_circle : l.state === "error" ? icons.error : l.state === "undone" ? icons.undo : icons.schedule}
              size={24}
            />
            <div className="cp-scan-line-text">
              <span className="cp-mono cp-scan-code">{l.code}</span>
              <span className="cp-scan-detail">
                {l.state === "ok"
                  ? (l.recipient ?? "")
                  : l.state === "error"
                    ? lineError(l, tp, words)
                    : l.state === "undone"
                      ? t("line.undone")
                      : online
                        ? t("line.sending")
                        : t("line.waiting")}
              </span>
            </div>
            <time className="cp-scan-time" dateTime={l.scanned_at}>
              {clock(l.scanned_at)}
            </time>
            {l.state === "ok" && l.status_code === "delivered" ? <ProofAction code={l.code} activityId={l.activity_id} /> : null}
            {needsPayment(l) ? (
              <button type="button" className="cp-scan-proof" onClick={() => setPaying(l.scan_id)} aria-haspopup="dialog">
                <Icon path={icons.payments} size={18} />
                <span>{t("line.pay")}</span>
              </button>
            ) : null}
          </li>
        ))}
      </ol>
      {payingLine ? (
        <PaymentSheet
          key={payingLine.scan_id}
          code={payingLine.code}
          onPay={(cod) => {
            pay(payingLine.scan_id, cod);
            setPaying(null);
            focusInput();
          }}
          onClose={() => {
            setPaying(null);
            focusInput();
          }}
        />
      ) : null}
      {camera ? (
        <Suspense fallback={<div className="cp-scan-camera" />}>
          <Camera onCode={onCamera} />
        </Suspense>
      ) : null}
      <div className="cp-scan-dock">
        <form className="cp-scan-entry" onSubmit={onSubmit}>
          <label className="cp-visually-hidden" htmlFor="scan-code">
            {t("entry.label")}
          </label>
          <input
            id="scan-code"
            ref={input}
            className="cp-input cp-scan-input"
            name="code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            placeholder={t("entry.placeholder")}
            autoFocus
            autoComplete="off"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="send"
            inputMode={keyboard ? "text" : "none"}
            maxLength={MAX_TEXT}
          />
          <button
            type="button"
            className={`cp-icon-btn cp-scan-keyboard${keyboard ? " is-on" : ""}`}
            aria-pressed={keyboard}
            aria-label={keyboard ? t("entry.keyboardShut") : t("entry.keyboardShow")}
            title={keyboard ? t("entry.keyboardOn") : t("entry.keyboardOff")}
            onClick={() => {
              const next = !keyboard;
              setKeyboard(next);
              localStorage.setItem(KEYBOARD_KEY, next ? "on" : "off");
              focusInput();
            }}
          >
            <Icon path={icons.keyboard} size={24} />
          </button>
          <button type="submit" className="cp-btn cp-btn-primary cp-scan-add">
            {t("entry.add")}
          </button>
        </form>
        <div className="cp-scan-actions">
          <button type="button" className={`cp-btn cp-btn-outline${camera ? " is-on" : ""}`} aria-pressed={camera} onClick={() => setCamera((c) => !c)}>
            <Icon path={icons.photo_camera} size={22} />
            {camera ? t("entry.closeCamera") : t("entry.camera")}
          </button>
          <button
            type="button"
            className="cp-btn cp-btn-outline"
            onClick={undo}
            disabled={!next}
            aria-label={next ? t("undo.named", { code: next.code }) : t("undo.label")}
          >
            <Icon path={icons.undo} size={22} />
            {t("undo.label")}
          </button>
        </div>
      </div>
    </div>
  );
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

function SetupForm({ initial, onStart, onCancel }: { initial: ScanSetup | null; onStart: (s: ScanSetup) => void; onCancel?: () => void }) {
  const { t } = useTranslation("control-scan");
  useTitle(t("setup.title"));
  const [event, setEvent] = useState<ScanEventId>(initial?.event ?? "arrived_hub");
  const [reason, setReason] = useState<string>(initial?.status_reason ?? FAILURE_REASONS[0]);
  const [title, setTitle] = useState(initial?.title ?? "");
  const [customStatus, setCustomStatus] = useState<StatusCode>(initial?.event === "custom" ? initial.status_code : "in_transit");
  const [place, setPlace] = useState(initial?.place ?? "");
  const [coords, setCoords] = useState<{ latitude: number; longitude: number; accuracy?: number } | null>(
    initial?.latitude != null && initial.longitude != null ? { latitude: initial.latitude, longitude: initial.longitude } : null,
  );
  const [locating, setLocating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const canLocate = typeof navigator !== "undefined" && "geolocation" in navigator && window.isSecureContext;

  const locate = () => {
    setLocating(true);
    setError(null);
    navigator.geolocation.getCurrentPosition(
      (p) => {
        setCoords({ latitude: round6(p.coords.latitude), longitude: round6(p.coords.longitude), accuracy: Math.round(p.coords.accuracy) });
        setLocating(false);
      },
      (e) => {
        setError(e.code === e.PERMISSION_DENIED ? t("setup.positionDenied") : t("setup.positionNotFound"));
        setLocating(false);
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const ev = eventOf(event);
    if (event === "custom" && !title.trim()) return setError(t("setup.titleRequired"));
    onStart({
      event,
      status_code: ev.status_code ?? customStatus,
      status_reason: event === "delivery_failed" ? reason : null,
      title: event === "custom" ? title.trim() : null,
      place: place.trim() || null,
      latitude: coords?.latitude ?? null,
      longitude: coords?.longitude ?? null,
    });
  };

  return (
    <div className="cp-container cp-scan">
      <PageHeader
        title={t("title")}
        icon={icons.qr_code_scanner}
        back="/control/index.html"
        backLabel={t("actions.home", { ns: "control" })}
        sub={t("setup.sub")}
      />
      <form className="cp-scan-setup" onSubmit={submit} noValidate>
        <fieldset className="cp-scan-events">
          <legend className="cp-label">{t("setup.what")}</legend>
          {SCAN_EVENTS.map((ev) => (
            <label key={ev.id} className={`cp-scan-event-choice${event === ev.id ? " is-chosen" : ""}`}>
              <input type="radio" name="event" value={ev.id} checked={event === ev.id} onChange={() => setEvent(ev.id)} />
              <Icon path={ev.status_code ? activityIconPath(STATUS_RULES[ev.status_code].icon) : icons.edit} size={22} />
              <span>{t(`events.${ev.id}`)}</span>
            </label>
          ))}
        </fieldset>
        {event === "delivery_failed" ? (
          <div className="cp-field">
            <label className="cp-label" htmlFor="scan-reason">
              {t("setup.reason")}
            </label>
            <select id="scan-reason" name="status_reason" className="cp-input" value={reason} onChange={(e) => setReason(e.target.value)}>
              {FAILURE_REASON_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {event === "custom" ? (
          <>
            <div className="cp-field">
              <label className="cp-label" htmlFor="scan-title">
                {t("setup.customTitle")}
              </label>
              <input id="scan-title" name="title" className="cp-input" value={title} maxLength={MAX_TEXT} onChange={(e) => setTitle(e.target.value)} />
            </div>
            <div className="cp-field">
              <label className="cp-label" htmlFor="scan-status">
                {t("setup.customStatus")}
              </label>
              <select
                id="scan-status"
                name="status_code"
                className="cp-input"
                value={customStatus}
                onChange={(e) => setCustomStatus(e.target.value as StatusCode)}
              >
                {STATUS_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </div>
          </>
        ) : null}
        <div className="cp-field">
          <label className="cp-label" htmlFor="scan-place">
            {t("setup.place")} <span className="cp-optional">{t("form.optional", { ns: "control" })}</span>
          </label>
          <input
            id="scan-place"
            name="place"
            className="cp-input"
            value={place}
            maxLength={MAX_TEXT}
            placeholder={t("setup.placeExample")}
            onChange={(e) => setPlace(e.target.value)}
          />
          {canLocate ? (
            <div className="cp-scan-locate">
              <button type="button" className="cp-btn cp-btn-outline" onClick={locate} disabled={locating}>
                <Icon path={icons.my_location} size={20} />
                {locating ? t("setup.locating") : coords ? t("setup.updatePosition") : t("setup.usePosition")}
              </button>
              {coords ? (
                <span className="cp-scan-coords">
                  {coord(coords.latitude, 5)}, {coord(coords.longitude, 5)}
                  {coords.accuracy != null ? ` ${t("setup.accuracy", { m: number(coords.accuracy) })}` : ""}
                  <button type="button" className="cp-linkish" onClick={() => setCoords(null)}>
                    {t("setup.removePosition")}
                  </button>
                </span>
              ) : null}
            </div>
          ) : null}
          <p className="cp-hint">{t("setup.placeHint")}</p>
        </div>
        {error ? (
          <p className="cp-scan-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="cp-scan-dock">
          <div className="cp-scan-actions">
            {onCancel ? (
              <button type="button" className="cp-btn cp-btn-outline" onClick={onCancel}>
                {t("actions.cancel", { ns: "control" })}
              </button>
            ) : null}
            <button type="submit" className="cp-btn cp-btn-primary">
              <Icon path={icons.qr_code_scanner} size={22} />
              {t("setup.start")}
            </button>
          </div>
        </div>
      </form>
    </div>
  );
}
