import { useEffect, useRef, useState, type FormEvent } from "react";
import { ApolloError } from "@apollo/client/core";
import { useCourierRunQuery, useCourierRunsQuery, useSkipStopMutation, useStartRunMutation } from "../../../generated/graphql";
import { FAILURE_REASON_LABELS, FAILURE_REASONS, type FailureReason } from "@shared/modules/parcel/status.codes";
import { ListState } from "../../components/lists";
import { PageHeader } from "../../components/PageHeader";
import { useTitle } from "../../hooks/useTitle";
import { useSession } from "../../session";
import { Icon } from "../../../components/Icon";
import * as icons from "../../icons";
import { ProofAction } from "../scan/ProofAction";
import type { ScanLine, ScanSetup } from "../scan/scanRun";
import { useScanQueue } from "../scan/useScanQueue";
import { usePositionSharing } from "./usePositionSharing";
import { hhmm, localDate, mapsUrl, nextStop, ownRuns, STOP_STATUS, windowText, type CourierRun, type CourierStop } from "./runView";
import "../scan/scan.css";
import "./run.css";

const DELIVERED: ScanSetup = { event: "delivered", status_code: "delivered", status_reason: null, title: null, place: null, latitude: null, longitude: null };
const failedSetup = (reason: FailureReason): ScanSetup => ({ ...DELIVERED, event: "delivery_failed", status_code: "delivery_failed", status_reason: reason });

const errorText = (e: unknown) =>
  e instanceof ApolloError ? (e.graphQLErrors[0]?.message ?? (e.networkError ? "No network: try again when it is back." : e.message)) : "Something went wrong";
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export default function RunScreen() {
  useTitle("My run");
  const { email } = useSession();
  if (!email) return <ListState loading empty />;
  // The queues (scans, positions) are the member's: another member's session gets a screen of its own.
  return <MemberRun key={email} member={email} />;
}

function MemberRun({ member }: { member: string }) {
  const [today] = useState(localDate);
  const list = useCourierRunsQuery({ variables: { date: today }, fetchPolicy: "cache-and-network" });
  const runs = ownRuns(list.data?.runs ?? [], member);
  const [chosen, setChosen] = useState<number | null>(null);
  const runId = (runs.find((r) => r.id === chosen) ?? runs[0])?.id ?? null;
  const detail = useCourierRunQuery({ variables: { id: runId ?? 0 }, skip: runId == null, fetchPolicy: "cache-and-network", pollInterval: 60_000 });
  const run = runId != null && detail.data?.run.id === runId ? detail.data.run : null;
  const loading = list.loading || detail.loading;
  const error = list.error ?? detail.error;
  const refetch = detail.refetch;
  const queue = useScanQueue(member);
  const sharing = usePositionSharing(member, run?.id ?? null, run?.status === "started");

  // A delivery or failed attempt that landed settles its stop on the server: show it.
  const settled = queue.run.lines.filter((l) => l.state === "ok" || l.state === "error").length;
  const seen = useRef(settled);
  useEffect(() => {
    if (settled === seen.current) return;
    seen.current = settled;
    void refetch();
  }, [settled, refetch]);

  return (
    <div className="cp-container cp-scan cp-run">
      <PageHeader
        title="My run"
        icon={icons.map}
        back="/control/index.html"
        backLabel="Back to the control panel"
        sub={
          run ? (
            <>
              {new Date(`${run.date}T12:00:00`).toLocaleDateString([], { weekday: "short", day: "numeric", month: "short" })} ·{" "}
              {plural(run.stops.length, "stop")} · {run.distance_km.toFixed(1)} km · about {run.duration_min} min
            </>
          ) : (
            "Today's stops, in order"
          )
        }
        actions={
          run ? (
            <a className="cp-btn cp-btn-outline cp-btn-sm" href={`/api/runs/${run.id}/sheet.pdf`} target="_blank" rel="noopener">
              <Icon path={icons.print} size={18} />
              Run sheet
            </a>
          ) : null
        }
      />
      {runs.length > 1 ? (
        <div className="cp-run-tabs" role="group" aria-label="Today's runs">
          {runs.map((r, i) => (
            <button key={r.id} type="button" className="cp-btn cp-btn-outline" aria-pressed={r.id === runId} onClick={() => setChosen(r.id)}>
              Run {i + 1} · {r.status}
            </button>
          ))}
        </div>
      ) : null}
      <NetworkBanner online={queue.online} scans={queue.waiting} positions={sharing.waiting} signedOut={queue.signedOut} />
      {!run ? (
        <ListState loading={loading} error={error ? errorText(error) : null} empty emptyText="No run for you today." />
      ) : (
        <>
          {run.status === "started" ? <SharingPanel sharing={sharing} /> : null}
          <RunStops run={run} lines={queue.run.lines} add={queue.add} online={queue.online} onProof={() => void refetch()} />
        </>
      )}
    </div>
  );
}

function NetworkBanner({ online, scans, positions, signedOut }: { online: boolean; scans: number; positions: number; signedOut: boolean }) {
  const what = [scans ? plural(scans, "delivery update") : "", positions ? plural(positions, "position") : ""].filter(Boolean).join(" and ");
  if (signedOut) {
    return (
      <p className="cp-scan-banner is-offline" role="alert">
        <Icon path={icons.lock} size={20} />
        Your session has ended: sign in again in another tab; what is waiting is kept.
      </p>
    );
  }
  if (online && !scans) return null;
  return (
    <p className={`cp-scan-banner${online ? "" : " is-offline"}`} role="status">
      <Icon path={online ? icons.schedule : icons.cloud_off} size={20} />
      {online
        ? `Sending ${what}…`
        : `Offline${what ? `: ${what} will be sent when the network is back` : ": updates wait on this phone until the network is back"}.`}
    </p>
  );
}

function SharingPanel({ sharing }: { sharing: ReturnType<typeof usePositionSharing> }) {
  const { state, lastAt, setSharing, retry } = sharing;
  const text =
    state === "on"
      ? "Sharing position"
      : state === "waiting"
        ? "Sharing position: finding it…"
        : state === "denied"
          ? "Position not allowed: allow it for this site in the browser's settings, then try again."
          : state === "unavailable"
            ? "The position cannot be found on this phone."
            : "Position not shared";
  // Denied or not found, nothing is being shared: no "Stop sharing" then, but a new try.
  const failed = state === "denied" || state === "unavailable";
  return (
    <section className={`cp-run-sharing is-${state}`} aria-label="Position sharing" data-testid="position-sharing" data-state={state}>
      <span className="cp-run-sharing-dot" aria-hidden="true" />
      <p role="status">
        <strong>{text}</strong>
        {state === "on" && lastAt ? <span className="cp-run-muted"> · last at {hhmm(lastAt)}</span> : null}
      </p>
      {failed ? (
        <button type="button" className="cp-btn cp-btn-outline" onClick={retry}>
          <Icon path={icons.my_location} size={20} />
          Try again
        </button>
      ) : (
        <button type="button" className="cp-btn cp-btn-outline" onClick={() => setSharing(!sharing.sharing)}>
          <Icon path={sharing.sharing ? icons.visibility_off : icons.my_location} size={20} />
          {sharing.sharing ? "Stop sharing" : "Share position"}
        </button>
      )}
    </section>
  );
}

/** The newest line of the phone's scan queue for a parcel, if any. */
const lineOf = (lines: ScanLine[], code: string | null | undefined) => (code ? lines.find((l) => l.code === code) : undefined);

function RunStops({
  run,
  lines,
  add,
  online,
  onProof,
}: {
  run: CourierRun;
  lines: ScanLine[];
  add: (code: string, setup: ScanSetup) => void;
  online: boolean;
  onProof: () => void;
}) {
  const next = nextStop(run);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const chosen = run.stops.find((s) => s.id === chosenId && s.status === "pending") ?? next;
  const [startRun, start] = useStartRunMutation();
  const [startError, setStartError] = useState<string | null>(null);
  // What the last action did, said politely in the thumb's zone (it stays until the next one or 8 s).
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    if (!notice) return;
    const t = window.setTimeout(() => setNotice(null), 8000);
    return () => window.clearTimeout(t);
  }, [notice]);

  const onStart = async () => {
    setStartError(null);
    try {
      await startRun({ variables: { id: run.id } });
      setNotice("Run started: the recipients are told their window.");
    } catch (e) {
      setStartError(errorText(e));
    }
  };

  return (
    <>
      <ol className="cp-run-stops" aria-label="Stops, in order">
        {run.stops.map((s) => {
          const line = lineOf(lines, s.tracking_code);
          const waiting = line && (line.state === "queued" || line.state === "sending");
          const isChosen = run.status === "started" && s.id === chosen?.id;
          return (
            <li key={s.id ?? s.tracking_code} className={`cp-run-stop is-${s.status}${isChosen ? " is-chosen" : ""}`} data-code={s.tracking_code}>
              <button
                type="button"
                className="cp-run-stop-main"
                aria-pressed={run.status === "started" && s.status === "pending" ? isChosen : undefined}
                disabled={run.status !== "started" || s.status !== "pending"}
                onClick={() => setChosenId(s.id ?? null)}
              >
                {/* Named by what it shows (a name of its own would leave the window, code and status out: axe's label-content-name-mismatch). */}
                <span className="cp-visually-hidden">Stop {s.seq}: </span>
                <span className="cp-run-seq" aria-hidden="true">
                  {s.status === "done" ? <Icon path={icons.check_circle} size={22} /> : s.seq}
                </span>
                <span className="cp-run-stop-text">
                  <strong>{s.recipient_name ?? s.tracking_code}</strong>
                  <span>{s.address.text}</span>
                  <span className="cp-run-muted">
                    {s.window ? <>Window {windowText(s.window)}</> : null}
                    {s.eta ? <> · ETA {hhmm(s.eta)}</> : null}
                    {!s.window && !s.eta ? (s.kind === "pickup" ? "Pickup" : "Delivery") : null}
                  </span>
                  <span className="cp-run-muted">
                    {s.contents ? `${s.contents} · ` : ""}
                    <span className="cp-mono">{s.tracking_code}</span>
                  </span>
                </span>
                <span className={`cp-run-status is-${s.status}`}>{STOP_STATUS[s.status] ?? s.status}</span>
              </button>
              {s.status === "pending" ? (
                <a
                  className="cp-btn cp-btn-outline cp-run-maps"
                  href={mapsUrl(s.address)}
                  target="_blank"
                  rel="noopener"
                  aria-label={`Directions to ${s.address.text}`}
                >
                  <Icon path={icons.open_in_new} size={20} />
                  Directions
                </a>
              ) : null}
              {waiting ? (
                <p className="cp-run-note" role="status">
                  <Icon path={online ? icons.schedule : icons.cloud_off} size={18} />
                  {line.setup.status_code === "delivered" ? "Delivered" : "Failed attempt"}: {online ? "sending…" : "waiting for the network"}
                </p>
              ) : line?.state === "error" && s.status === "pending" ? (
                <p className="cp-run-note is-error" role="alert">
                  <Icon path={icons.error} size={18} />
                  {line.error}
                </p>
              ) : line?.state === "ok" && line.status_code === "delivered" && s.tracking_code ? (
                <ProofAction code={s.tracking_code} activityId={line.activity_id} />
              ) : null}
            </li>
          );
        })}
      </ol>
      <div className="cp-scan-dock cp-run-dock">
        <p className="cp-run-notice" role="status">
          {notice}
        </p>
        {run.status === "planned" ? (
          <div>
            {startError ? (
              <p className="cp-scan-error" role="alert">
                {startError}
              </p>
            ) : null}
            <div className="cp-scan-actions">
              <button type="button" className="cp-btn cp-btn-primary" onClick={onStart} disabled={start.loading || !online}>
                <Icon path={icons.moped} size={22} />
                {start.loading ? "Starting…" : online ? "Start run" : "Start run (needs the network)"}
              </button>
            </div>
          </div>
        ) : run.status === "finished" ? (
          <p className="cp-run-done" role="status">
            <Icon path={icons.check_circle} size={22} /> Run finished
          </p>
        ) : chosen ? (
          <StopActions key={chosen.id} run={run} stop={chosen} lines={lines} add={add} online={online} onProof={onProof} say={setNotice} />
        ) : (
          <p className="cp-run-done" role="status">
            <Icon path={icons.schedule} size={22} /> Every stop is settled: the run finishes when the last update lands.
          </p>
        )}
      </div>
    </>
  );
}

/** The chosen stop's actions, in the thumb's zone: deliver (with the proof), a failed attempt, skip. */
function StopActions({
  run,
  stop,
  lines,
  add,
  online,
  onProof,
  say,
}: {
  run: CourierRun;
  stop: CourierStop;
  lines: ScanLine[];
  add: (code: string, setup: ScanSetup) => void;
  online: boolean;
  onProof: () => void;
  say: (notice: string) => void;
}) {
  const [mode, setMode] = useState<"actions" | "failed" | "skip">("actions");
  const [reason, setReason] = useState<FailureReason>(FAILURE_REASONS[0]);
  const [skipStop, skip] = useSkipStopMutation();
  const [skipError, setSkipError] = useState<string | null>(null);
  const code = stop.tracking_code ?? "";
  const line = lineOf(lines, code);
  const waiting = !!line && (line.state === "queued" || line.state === "sending");
  const who = `stop ${stop.seq} (${stop.recipient_name ?? code})`;

  const deliverQueued = () => {
    add(code, DELIVERED);
    say(online ? `Stop ${stop.seq} delivered.` : `Stop ${stop.seq} delivered: sent when the network is back.`);
  };
  const onFailed = (e: FormEvent) => {
    e.preventDefault();
    add(code, failedSetup(reason));
    setMode("actions");
    say(`Failed attempt at stop ${stop.seq} recorded.`);
  };
  const onSkip = async () => {
    setSkipError(null);
    try {
      await skipStop({ variables: { runId: run.id, stopId: stop.id! } });
      say(`Stop ${stop.seq} skipped: it goes back to the dispatcher.`);
    } catch (e) {
      setSkipError(errorText(e));
    }
  };

  if (mode === "failed") {
    return (
      <form className="cp-run-failed" onSubmit={onFailed} aria-label={`Failed attempt at ${who}`}>
        <fieldset className="cp-run-reasons">
          <legend className="cp-label">Why could {who} not be delivered?</legend>
          {FAILURE_REASONS.map((r) => (
            <label key={r} className={`cp-scan-event-choice${reason === r ? " is-chosen" : ""}`}>
              <input type="radio" name="status_reason" value={r} checked={reason === r} onChange={() => setReason(r)} />
              <span>{FAILURE_REASON_LABELS[r]}</span>
            </label>
          ))}
        </fieldset>
        <div className="cp-scan-actions">
          <button type="button" className="cp-btn cp-btn-outline" onClick={() => setMode("actions")}>
            Cancel
          </button>
          <button type="submit" className="cp-btn cp-btn-primary">
            Record failed attempt
          </button>
        </div>
      </form>
    );
  }
  if (mode === "skip") {
    return (
      <div>
        <p className="cp-run-dock-title">Skip {who}? It goes back to the dispatcher for another run.</p>
        {skipError ? (
          <p className="cp-scan-error" role="alert">
            {skipError}
          </p>
        ) : null}
        <div className="cp-scan-actions">
          <button type="button" className="cp-btn cp-btn-outline" onClick={() => setMode("actions")}>
            Cancel
          </button>
          <button type="button" className="cp-btn cp-btn-primary" onClick={onSkip} disabled={skip.loading || !online}>
            {online ? "Skip stop" : "Skip needs the network"}
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
          {stop.recipient_name ?? code}
          {stop.window ? <span className="cp-run-muted"> · {windowText(stop.window)}</span> : null}
        </span>
      </p>
      <div className="cp-scan-actions cp-run-actions">
        {waiting ? (
          <button type="button" className="cp-btn cp-btn-primary" disabled>
            {online ? "Sending…" : "Waiting for the network"}
          </button>
        ) : online ? (
          // Online, the delivery is recorded with its proof (receiver, signature, photo): the parcel's one flow.
          <ProofAction
            code={code}
            label="Deliver"
            className="cp-btn cp-btn-primary"
            onDone={() => {
              say(`Stop ${stop.seq} delivered, with its proof.`);
              onProof();
            }}
          />
        ) : (
          // Offline, the delivery waits on the phone as a scan; its proof can be added once it has landed.
          <button type="button" className="cp-btn cp-btn-primary" onClick={deliverQueued}>
            <Icon path={icons.check_circle} size={22} />
            Delivered
          </button>
        )}
        <button type="button" className="cp-btn cp-btn-outline" onClick={() => setMode("failed")} disabled={waiting}>
          <Icon path={icons.pan_tool} size={20} />
          Failed
        </button>
        <button type="button" className="cp-btn cp-btn-outline" onClick={() => setMode("skip")} disabled={waiting}>
          <Icon path={icons.block} size={20} />
          Skip
        </button>
      </div>
    </div>
  );
}
