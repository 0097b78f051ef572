import { lazy, Suspense, useRef, useState, type FormEvent } from "react";
import { ListState } from "../../components/lists";
import { useSession } from "../../session";
import { Icon } from "../../../components/Icon";
import { PageHeader } from "../../components/PageHeader";
import { useToast } from "../../components/Toast";
import { useTitle } from "../../hooks/useTitle";
import { STATUS_OPTIONS } from "../../options";
import { FAILURE_REASON_LABELS, FAILURE_REASONS, STATUS_RULES, type StatusCode } from "@shared/modules/parcel/status.codes";
import { SCAN_EVENTS, type ScanEventId } from "@shared/modules/scan/scan.events";
import { ProofAction } from "./ProofAction";
import { eventOf, type ScanSetup } from "./scanRun";
import { useScanQueue } from "./useScanQueue";
import "./scan.css";
import { MAX_TEXT } from "@shared/core/lengths.codes";
import * as icons from "../../icons";
import { activityIconPath } from "../../../components/activityIcons";
import { clock } from "../../time";

// Its own chunk: the camera (and, where the browser has no BarcodeDetector, the ZXing decoder) loads on demand.
const Camera = lazy(() => import("./Camera").then((m) => ({ default: m.Camera })));

/** The same code seen again this soon by the camera is the same scan. */
const CAMERA_REPEAT_MS = 3000;
const KEYBOARD_KEY = "courier.scan.keyboard";

function eventLabel(s: ScanSetup): string {
  if (s.event === "custom") return s.title || "Custom event";
  const base = eventOf(s.event).label;
  return s.status_reason && s.status_reason in FAILURE_REASON_LABELS
    ? `${base}: ${FAILURE_REASON_LABELS[s.status_reason as keyof typeof FAILURE_REASON_LABELS].toLowerCase()}`
    : base;
}

export default function ScanScreen() {
  useTitle("Scan");
  const { email } = useSession();
  if (!email) return <ListState loading empty />;
  // A run per member: another member's session (after a sign-out or in another tab) gets a screen, and a queue, of its own.
  return <MemberScanScreen key={email} member={email} />;
}

function MemberScanScreen({ member }: { member: string }) {
  const { run, online, signedOut, waiting, okCount, failed, next, add, undo: undoScan, setSetup, clearFinished } = useScanQueue(member);
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
    if (outcome.failure) toast(outcome.failure);
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
      <PageHeader title="Scan" icon={icons.qr_code_scanner} back="/control/index.html" backLabel="Back to the control panel" />
      <section className="cp-scan-event" aria-label="Event of this run">
        <div>
          <strong>{eventLabel(run.setup)}</strong>
          <span className="cp-scan-event-place">
            {run.setup.place || "No place"}
            {run.setup.latitude != null ? ` · ${run.setup.latitude.toFixed(4)}, ${run.setup.longitude?.toFixed(4)}` : ""}
          </span>
        </div>
        <button type="button" className="cp-btn cp-btn-outline" onClick={() => setEditing(true)}>
          Change
        </button>
      </section>
      {!online || waiting ? (
        <p className={`cp-scan-banner${online ? "" : " is-offline"}`} role="status">
          <Icon path={online ? icons.schedule : icons.cloud_off} size={20} />
          {online
            ? `Sending ${waiting} waiting scan${waiting === 1 ? "" : "s"}…`
            : `Offline: ${waiting} scan${waiting === 1 ? "" : "s"} will be sent when the network is back.`}
        </p>
      ) : null}
      {signedOut ? (
        <p className="cp-scan-banner is-offline" role="alert">
          <Icon path={icons.lock} size={20} />
          Your session has ended: sign in again in another tab; the waiting scans are kept.
        </p>
      ) : null}
      <p className="cp-scan-counts" aria-live="polite">
        {okCount} recorded · {failed} failed{waiting ? ` · ${waiting} waiting` : ""}
        {run.lines.length ? (
          <button type="button" className="cp-linkish" onClick={clearFinished}>
            Clear list
          </button>
        ) : null}
      </p>
      <ol className="cp-scan-lines" aria-label="Scans of this run, newest first">
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
                    ? l.error
                    : l.state === "undone"
                      ? "Undone"
                      : online
                        ? "Sending…"
                        : "Waiting for the network"}
              </span>
            </div>
            <time className="cp-scan-time" dateTime={l.scanned_at}>
              {clock(l.scanned_at)}
            </time>
            {l.state === "ok" && l.status_code === "delivered" ? <ProofAction code={l.code} activityId={l.activity_id} /> : null}
          </li>
        ))}
      </ol>
      {camera ? (
        <Suspense fallback={<div className="cp-scan-camera" />}>
          <Camera onCode={onCamera} />
        </Suspense>
      ) : null}
      <div className="cp-scan-dock">
        <form className="cp-scan-entry" onSubmit={onSubmit}>
          <label className="cp-visually-hidden" htmlFor="scan-code">
            Tracking code
          </label>
          <input
            id="scan-code"
            ref={input}
            className="cp-input cp-scan-input"
            name="code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            placeholder="Scan a code"
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
            aria-label={keyboard ? "Keep the on-screen keyboard shut (for a scanner)" : "Show the on-screen keyboard"}
            title={keyboard ? "On-screen keyboard: on" : "On-screen keyboard: off"}
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
            Add
          </button>
        </form>
        <div className="cp-scan-actions">
          <button type="button" className={`cp-btn cp-btn-outline${camera ? " is-on" : ""}`} aria-pressed={camera} onClick={() => setCamera((c) => !c)}>
            <Icon path={icons.photo_camera} size={22} />
            {camera ? "Close camera" : "Camera"}
          </button>
          <button type="button" className="cp-btn cp-btn-outline" onClick={undo} disabled={!next} aria-label={next ? `Undo the scan of ${next.code}` : "Undo"}>
            <Icon path={icons.undo} size={22} />
            Undo
          </button>
        </div>
      </div>
    </div>
  );
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

function SetupForm({ initial, onStart, onCancel }: { initial: ScanSetup | null; onStart: (s: ScanSetup) => void; onCancel?: () => void }) {
  useTitle("Scan: choose the event");
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
        setError(e.code === e.PERMISSION_DENIED ? "The position is not allowed for this site." : "The position could not be found.");
        setLocating(false);
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const ev = eventOf(event);
    if (event === "custom" && !title.trim()) return setError("Give the custom event a title.");
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
        title="Scan"
        icon={icons.qr_code_scanner}
        back="/control/index.html"
        backLabel="Back to the control panel"
        sub="Choose the event once, then scan parcel after parcel."
      />
      <form className="cp-scan-setup" onSubmit={submit} noValidate>
        <fieldset className="cp-scan-events">
          <legend className="cp-label">What happens to the parcels?</legend>
          {SCAN_EVENTS.map((ev) => (
            <label key={ev.id} className={`cp-scan-event-choice${event === ev.id ? " is-chosen" : ""}`}>
              <input type="radio" name="event" value={ev.id} checked={event === ev.id} onChange={() => setEvent(ev.id)} />
              <Icon path={ev.status_code ? activityIconPath(STATUS_RULES[ev.status_code].icon) : icons.edit} size={22} />
              <span>{ev.label}</span>
            </label>
          ))}
        </fieldset>
        {event === "delivery_failed" ? (
          <div className="cp-field">
            <label className="cp-label" htmlFor="scan-reason">
              Reason
            </label>
            <select id="scan-reason" name="status_reason" className="cp-input" value={reason} onChange={(e) => setReason(e.target.value)}>
              {FAILURE_REASONS.map((r) => (
                <option key={r} value={r}>
                  {FAILURE_REASON_LABELS[r]}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {event === "custom" ? (
          <>
            <div className="cp-field">
              <label className="cp-label" htmlFor="scan-title">
                Title
              </label>
              <input id="scan-title" name="title" className="cp-input" value={title} maxLength={MAX_TEXT} onChange={(e) => setTitle(e.target.value)} />
            </div>
            <div className="cp-field">
              <label className="cp-label" htmlFor="scan-status">
                Status it sets
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
            Place <span className="cp-optional">(optional)</span>
          </label>
          <input
            id="scan-place"
            name="place"
            className="cp-input"
            value={place}
            maxLength={MAX_TEXT}
            placeholder="e.g. Lyon hub"
            onChange={(e) => setPlace(e.target.value)}
          />
          {canLocate ? (
            <div className="cp-scan-locate">
              <button type="button" className="cp-btn cp-btn-outline" onClick={locate} disabled={locating}>
                <Icon path={icons.my_location} size={20} />
                {locating ? "Finding…" : coords ? "Update my position" : "Use my position"}
              </button>
              {coords ? (
                <span className="cp-scan-coords">
                  {coords.latitude.toFixed(5)}, {coords.longitude.toFixed(5)}
                  {coords.accuracy != null ? ` ±${coords.accuracy} m` : ""}
                  <button type="button" className="cp-linkish" onClick={() => setCoords(null)}>
                    Remove
                  </button>
                </span>
              ) : null}
            </div>
          ) : null}
          <p className="cp-hint">The place goes into each entry and the parcel's current location; the position moves the parcel on its map.</p>
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
                Cancel
              </button>
            ) : null}
            <button type="submit" className="cp-btn cp-btn-primary">
              <Icon path={icons.qr_code_scanner} size={22} />
              Start scanning
            </button>
          </div>
        </div>
      </form>
    </div>
  );
}
