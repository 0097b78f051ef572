import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { ApolloError } from "@apollo/client/core";
import { useCourierRunQuery, useCourierRunsQuery, useStartRunMutation } from "../../../generated/graphql";
import type { CodPayment } from "@shared/modules/cod/cod.rules";
import { ListState } from "../../components/lists";
import { PageHeader } from "../../components/PageHeader";
import { useTitle } from "../../hooks/useTitle";
import { useSession } from "../../session";
import { Icon } from "../../../components/Icon";
import * as icons from "../../icons";
import { ProofAction } from "../scan/ProofAction";
import type { ScanLine, ScanSetup } from "../scan/scanRun";
import { useScanQueue } from "../scan/useScanQueue";
import { lineError } from "../scan/lineText";
import { amountIn, PROOF_NS, usePaymentWords } from "../../components/CodPayment";
import { day, duration, number } from "../../time";
import { usePositionSharing } from "./usePositionSharing";
import { NetworkBanner, SharingPanel } from "./RunPanels";
import { StopActions } from "./StopActions";
import { hhmm, localDate, mapsUrl, nextStop, ownRuns, windowText, type CourierRun } from "./runView";
import "../scan/scan.css";
import "./run.css";

/** A failed call in words (`t` is control-run's). */
const errorText = (t: TFunction) => (e: unknown) =>
  e instanceof ApolloError ? (e.graphQLErrors[0]?.message ?? (e.networkError ? t("errors.network") : e.message)) : t("errors.generic", { ns: "control" });

export default function RunScreen() {
  const { t } = useTranslation("control-run");
  useTitle(t("title"));
  const { email } = useSession();
  if (!email) return <ListState loading empty />;
  // The queues (scans, positions) are the member's: another member's session gets a screen of its own.
  return <MemberRun key={email} member={email} />;
}

function MemberRun({ member }: { member: string }) {
  const { t } = useTranslation("control-run");
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
        title={t("title")}
        icon={icons.map}
        back="/control/index.html"
        backLabel={t("actions.home", { ns: "control" })}
        sub={
          run
            ? t("summary", {
                day: day(run.date),
                stops: t("stops", { count: run.stops.length }),
                km: number(run.distance_km, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
                duration: duration(run.duration_min),
              })
            : t("sub")
        }
        actions={
          run ? (
            <a className="cp-btn cp-btn-outline cp-btn-sm" href={`/api/runs/${run.id}/sheet.pdf`} target="_blank" rel="noopener">
              <Icon path={icons.print} size={18} />
              {t("sheet")}
            </a>
          ) : null
        }
      />
      {runs.length > 1 ? (
        <div className="cp-run-tabs" role="group" aria-label={t("runs")}>
          {runs.map((r, i) => (
            <button key={r.id} type="button" className="cp-btn cp-btn-outline" aria-pressed={r.id === runId} onClick={() => setChosen(r.id)}>
              {t("runTab", { n: i + 1, status: t(`runStatus.${r.status}`, { defaultValue: r.status }) })}
            </button>
          ))}
        </div>
      ) : null}
      <NetworkBanner online={queue.online} scans={queue.waiting} positions={sharing.waiting} signedOut={queue.signedOut} />
      {!run ? (
        <ListState loading={loading} error={error ? errorText(t)(error) : null} empty emptyText={t("empty")} />
      ) : (
        <>
          {run.status === "started" ? <SharingPanel sharing={sharing} /> : null}
          <RunStops run={run} lines={queue.run.lines} add={queue.add} online={queue.online} onProof={() => void refetch()} />
        </>
      )}
    </div>
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
  add: (code: string, setup: ScanSetup, cod?: CodPayment | null) => void;
  online: boolean;
  onProof: () => void;
}) {
  const { t } = useTranslation("control-run");
  const { t: tp } = useTranslation(PROOF_NS);
  const words = usePaymentWords();
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
      setNotice(t("notice.started"));
    } catch (e) {
      setStartError(errorText(t)(e));
    }
  };

  return (
    <>
      <ol className="cp-run-stops" aria-label={t("stopsLabel")}>
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
                <span className="cp-visually-hidden">{t("stopN", { n: s.seq })} </span>
                <span className="cp-run-seq" aria-hidden="true">
                  {s.status === "done" ? <Icon path={icons.check_circle} size={22} /> : s.seq}
                </span>
                <span className="cp-run-stop-text">
                  <strong>
                    <bdi>{s.recipient_name ?? s.tracking_code}</bdi>
                  </strong>
                  <bdi>{s.address.text}</bdi>
                  <span className="cp-run-muted">
                    {s.window ? t("window", { window: windowText(s.window) }) : null}
                    {s.window && s.eta ? " · " : null}
                    {s.eta ? t("eta", { time: hhmm(s.eta) }) : null}
                    {!s.window && !s.eta ? (s.kind === "pickup" ? t("kind.pickup") : t("kind.delivery")) : null}
                  </span>
                  {s.cod_due && s.status === "pending" ? (
                    <span className="cp-run-cod" data-testid="stop-cod">
                      <Icon path={icons.payments} size={18} />
                      {t("codDue", { amount: amountIn(s.cod_due.amount, s.cod_due.currency) })}
                    </span>
                  ) : null}
                  <span className="cp-run-muted">
                    {s.contents ? `${s.contents} · ` : ""}
                    <span className="cp-mono">{s.tracking_code}</span>
                  </span>
                </span>
                <span className={`cp-run-status is-${s.status}`}>{t(`stopStatus.${s.status}`, { defaultValue: s.status })}</span>
              </button>
              {s.status === "pending" ? (
                <a
                  className="cp-btn cp-btn-outline cp-run-maps"
                  href={mapsUrl(s.address)}
                  target="_blank"
                  rel="noopener"
                  aria-label={t("directionsTo", { address: s.address.text })}
                >
                  <Icon path={icons.open_in_new} size={20} />
                  {t("directions")}
                </a>
              ) : null}
              {waiting ? (
                <p className="cp-run-note" role="status">
                  <Icon path={online ? icons.schedule : icons.cloud_off} size={18} />
                  {t(
                    line.setup.status_code === "delivered"
                      ? online
                        ? "line.deliveredSending"
                        : "line.deliveredWaiting"
                      : online
                        ? "line.failedSending"
                        : "line.failedWaiting",
                  )}
                </p>
              ) : line?.state === "error" && s.status === "pending" ? (
                <p className="cp-run-note is-error" role="alert">
                  <Icon path={icons.error} size={18} />
                  {lineError(line, tp, words)}
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
                {start.loading ? t("start.starting") : online ? t("start.label") : t("start.offline")}
              </button>
            </div>
          </div>
        ) : run.status === "finished" ? (
          <p className="cp-run-done" role="status">
            <Icon path={icons.check_circle} size={22} /> {t("finished")}
          </p>
        ) : chosen ? (
          <StopActions
            key={chosen.id}
            run={run}
            stop={chosen}
            line={lineOf(lines, chosen.tracking_code)}
            add={add}
            online={online}
            onProof={onProof}
            say={setNotice}
            errorText={errorText(t)}
          />
        ) : (
          <p className="cp-run-done" role="status">
            <Icon path={icons.schedule} size={22} /> {t("allSettled")}
          </p>
        )}
      </div>
    </>
  );
}
