import { lazy, Suspense, useCallback, useId, useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { useAdminCreateRunMutation, useAdminDispatchQuery } from "../../../generated/graphql";
import { callErrors } from "../../../errors";
import { ErrorList } from "../../../components/ErrorList";
import { ErrorBoundary } from "../../components/ErrorBoundary";
import { FormStatus } from "../../components/fields";
import { ListState } from "../../components/lists";
import { PageHeader } from "../../components/PageHeader";
import { firstError } from "../../hooks/errors";
import { useFormState } from "../../hooks/useFormState";
import { useTitle } from "../../hooks/useTitle";
import * as icons from "../../icons";
import {
  blockedText,
  countOf,
  COURIER_MISSING,
  courierOption,
  courierText,
  DISPATCH_NS,
  hasPoint,
  isDate,
  pickupText,
  runColour,
  statusText,
  stopInput,
  stopKey,
  today,
  type FreeStop,
} from "./board";
import { RunCard, runLabel } from "./RunCard";
import { DELIVERY_DAY_PATH } from "../settings/deliveryDay";
import { mayOpen } from "../../roles";
import { useSession } from "../../session";
import { number } from "../../time";
import "./dispatch.css";

const DispatchMap = lazy(() => import("./DispatchMap"));
type Stop = FreeStop;

/** In the map's place when the map (its chunk, Leaflet) failed: the lists still plan the day. */
const mapFailed = (t: TFunction) =>
  function MapFailed(error: Error) {
    return (
      <div className="dp-map dp-map-failed" role="alert" data-testid="map-failed">
        <p>
          <strong>{t("mapFailed.title")}</strong>
        </p>
        <p>{t("mapFailed.text")}</p>
        <p className="cp-muted dp-map-error">{t("mapFailed.details", { message: error.message })}</p>
        <button type="button" className="cp-btn cp-btn-outline" onClick={() => location.reload()}>
          {t("mapFailed.reload")}
        </button>
      </div>
    );
  };

/** The unassigned stops with their checkboxes: what a new run (or "Add" on a run) takes. */
function Unassigned({
  stops,
  selected,
  onToggle,
  onAll,
}: {
  stops: Stop[];
  selected: ReadonlySet<string>;
  onToggle: (k: string) => void;
  onAll: (on: boolean) => void;
}) {
  const { t } = useTranslation(DISPATCH_NS);
  const plannable = stops.filter((s) => s.plannable);
  return (
    <>
      <div className="dp-list-tools">
        <span className="cp-muted" role="status" data-testid="selected-count">
          {t("selectedCount", { selected: number(selected.size), total: number(plannable.length) })}
        </span>
        <button type="button" className="cp-linkish" onClick={() => onAll(true)} disabled={!plannable.length || selected.size === plannable.length}>
          {t("selectAll")}
        </button>
        <button type="button" className="cp-linkish" onClick={() => onAll(false)} disabled={!selected.size}>
          {t("clear")}
        </button>
      </div>
      <ul className="dp-free" aria-label={t("unassignedStops")}>
        {stops.map((s) => {
          const key = stopKey(s);
          const ok = s.plannable;
          const why = `blocked-${key}`;
          return (
            <li
              key={key}
              className={`dp-free-item${selected.has(key) ? " dp-free-item-on" : ""}${ok ? "" : " dp-free-item-off"}`}
              data-testid="unassigned-stop"
              data-code={key}
              data-plannable={ok}
            >
              <label className="dp-free-label">
                <input type="checkbox" checked={selected.has(key)} disabled={!ok} onChange={() => onToggle(key)} aria-describedby={ok ? undefined : why} />
                <span className="dp-stop-text">
                  <span className="dp-stop-line">
                    <strong>{s.tracking_code ?? t("pickupOf", { id: s.pickup_id })}</strong>
                    {s.kind === "pickup" ? <span className="cp-badge dp-badge-planned">{t("pickupBadge")}</span> : null}
                    {s.address.located === "city" ? (
                      <span className="cp-badge dp-badge-city" title={t("cityOnlyTitle")} data-testid="city-only">
                        {t("cityOnly")}
                      </span>
                    ) : null}
                    {s.parcel_status ? (
                      <span className="cp-badge dp-badge-state" data-testid="parcel-state">
                        {statusText(t, s.parcel_status)}
                      </span>
                    ) : null}
                  </span>
                  {/* Names and addresses are as typed: isolated in their own direction (an English address reads left to right on an Arabic board, the line keeps the board's alignment). */}
                  {s.recipient_name ? (
                    <span>
                      <bdi>{s.recipient_name}</bdi>
                    </span>
                  ) : null}
                  <small className="cp-muted">
                    <bdi>{s.address.text}</bdi>
                  </small>
                  {pickupText(t, s) ? <small className="cp-muted">{pickupText(t, s)}</small> : null}
                </span>
              </label>
              {ok ? null : (
                <small id={why} className="dp-nopoint" data-testid="blocked-reason">
                  {s.blocked_reason ? blockedText(t, s.blocked_reason) : t("cannotGo")}
                  {!hasPoint(s) && s.tracking_code ? (
                    <>
                      {" "}
                      <Link to={`/control/parcels/${encodeURIComponent(s.tracking_code)}/update-map`}>{t("placeOnMap", { code: s.tracking_code })}</Link>
                    </>
                  ) : null}
                </small>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}

/**
 * The dispatch board (/control/dispatch): a date's unassigned stops and runs on a map and in a side
 * panel; stops selected on either make a run for a courier; each run is reordered, optimised, changed,
 * started or deleted on its card.
 */
export default function DispatchBoard() {
  const { t } = useTranslation(DISPATCH_NS);
  useTitle(t("title"));
  const [params, setParams] = useSearchParams();
  const date = isDate(params.get("date")) ? params.get("date")! : today();
  const { data, previousData, loading, error, refetch } = useAdminDispatchQuery({
    variables: { date },
    fetchPolicy: "cache-and-network",
    notifyOnNetworkStatusChange: false,
    pollInterval: 30_000,
  });
  const day = data?.dispatch ?? (loading ? previousData?.dispatch : undefined);
  const [picked, setPicked] = useState<{ date: string; keys: ReadonlySet<string> }>({ date, keys: new Set() });
  const form = useFormState({ courier_id: "", optimize: "on" });
  const [conflict, setConflict] = useState(false);
  const [create] = useAdminCreateRunMutation();
  const ids = useId();

  const unassigned = useMemo(() => day?.unassigned ?? [], [day]);
  // The map shows what can go on a run (a click selects it); the list shows the rest too, with the reason.
  const onMap = useMemo(() => unassigned.filter((s) => s.plannable), [unassigned]);
  const runs = useMemo(() => day?.runs ?? [], [day]);
  const couriers = day?.couriers ?? [];
  // The selection belongs to its date, and keeps only stops still unassigned (after a refresh).
  const selected = useMemo(() => {
    if (picked.date !== date) return new Set<string>();
    const free = new Set(unassigned.map(stopKey));
    return new Set([...picked.keys].filter((k) => free.has(k)));
  }, [picked, date, unassigned]);
  const selection = unassigned.filter((s) => selected.has(stopKey(s)));
  const setSelected = useCallback((keys: ReadonlySet<string>) => setPicked({ date, keys }), [date]);
  const toggle = useCallback(
    (key: string) => {
      const next = new Set(selected);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      setSelected(next);
    },
    [selected, setSelected],
  );
  const mapRuns = useMemo(() => runs.map((r, i) => ({ id: r.id, colour: runColour(i), label: runLabel(t, r), start: r.start, stops: r.stops })), [runs, t]);
  const onChanged = useCallback(() => refetch(), [refetch]);

  const makeRun = form.submit(async () => {
    setConflict(false);
    // Shown under the field as its own words ("Choose a courier"); no run without a stop (the button waits for one).
    if (!form.values.courier_id) throw new Error(COURIER_MISSING);
    if (!selection.length) return;
    try {
      const { data: made } = await create({
        variables: {
          input: { courier_id: Number(form.values.courier_id), date, stops: selection.map(stopInput), optimize: form.values.optimize === "on" },
        },
      });
      setSelected(new Set());
      await refetch();
      return t("made", countOf(selection.length, { run: made ? runLabel(t, made.createRun) : t("theRun") }));
    } catch (e) {
      if (callErrors(e).some((x) => x.code === "CONFLICT")) {
        // The board was behind: another run took the stop meanwhile. Read it again; the message stays.
        setConflict(true);
        await refetch();
      }
      throw e;
    }
  });
  const courierError = form.errors.find((m) => m.startsWith("courier_id"));
  const courierField = form.bind("courier_id");
  const loadError = firstError(error);
  const { role } = useSession();
  const failedMap = useMemo(() => mapFailed(t), [t]);

  return (
    <div className="cp-container dp-page">
      <PageHeader title={t("title")} icon={icons.map} sub={t("sub")} />
      {day && !day.depot ? (
        <p className="cp-alert cp-alert-info dp-no-depot" role="status" data-testid="no-depot">
          <strong>{t("noDepot.lead")}</strong> {t("noDepot.text")}{" "}
          {mayOpen(role, DELIVERY_DAY_PATH) ? <Link to={DELIVERY_DAY_PATH}>{t("noDepot.link")}</Link> : t("noDepot.ask")}
        </p>
      ) : null}
      <div className="dp-board">
        <div className="dp-map-col">
          <ErrorBoundary fallback={failedMap}>
            <Suspense fallback={<div className="dp-map" />}>
              <DispatchMap viewKey={date} unassigned={onMap} runs={mapRuns} depot={day?.depot ?? null} selected={selected} onToggle={toggle} />
            </Suspense>
            <p className="cp-muted dp-legend">{t("legend")}</p>
          </ErrorBoundary>
        </div>
        <aside className="dp-panel" aria-label={t("panel")}>
          <div className="cp-field dp-date">
            <label className="cp-label" htmlFor={`${ids}-date`}>
              {t("date")}
            </label>
            <input
              id={`${ids}-date`}
              className="cp-input"
              type="date"
              name="date"
              value={date}
              required
              onChange={(e) => {
                if (isDate(e.target.value)) setParams({ date: e.target.value }, { replace: true });
              }}
            />
          </div>
          {loadError && day ? (
            <p className="cp-alert cp-alert-error" role="alert">
              {loadError}
            </p>
          ) : null}
          <ListState loading={loading && !day} error={loadError} empty={!day} />
          {day ? (
            <>
              <section className="dp-section" aria-labelledby={`${ids}-new`}>
                <h2 id={`${ids}-new`} className="dp-h2">
                  {t("unassigned")} <span className="cp-muted">({number(unassigned.length)})</span>
                </h2>
                <div className="cp-hint dp-rule" data-testid="plannable-rule">
                  {t("boardLists")}{" "}
                  <details>
                    <summary>{t("whatCanGo")}</summary>
                    {t("plannableRule")}
                  </details>
                </div>
                {unassigned.length ? (
                  <Unassigned
                    stops={unassigned}
                    selected={selected}
                    onToggle={toggle}
                    onAll={(on) => setSelected(new Set(on ? unassigned.filter((s) => s.plannable).map(stopKey) : []))}
                  />
                ) : (
                  <p className="cp-muted">{t("allPlanned")}</p>
                )}
                <form className="dp-new-run" onSubmit={makeRun} noValidate aria-label={t("makeRunForm")}>
                  <h3 className="dp-h3">{t("newRun")}</h3>
                  {conflict && form.errors.length ? (
                    <div className="cp-alert cp-alert-error dp-conflict" role="alert" data-testid="conflict">
                      <strong>{t("conflictTitle")}</strong>
                      <ErrorList errors={form.errors} />
                      <p>{t("conflictText")}</p>
                    </div>
                  ) : (
                    <FormStatus errors={form.errors.filter((m) => m !== courierError)} message={form.message} />
                  )}
                  <div className="cp-field">
                    <label className="cp-label" htmlFor={`${ids}-courier`}>
                      {t("courier")}
                    </label>
                    <select id={`${ids}-courier`} className="cp-input" {...courierField} aria-describedby={courierError ? `${ids}-courier-error` : undefined}>
                      <option value="">{t("chooseCourierOption")}</option>
                      {couriers.map((c) => (
                        <option key={c.id} value={c.id}>
                          {courierOption(t, c)}
                        </option>
                      ))}
                    </select>
                    {courierError ? (
                      <small id={`${ids}-courier-error`} className="dp-field-error" role="alert">
                        {courierText(t, courierError)}
                      </small>
                    ) : null}
                    {couriers.length ? null : <small className="cp-hint">{t("noCouriers")}</small>}
                  </div>
                  <label className="cp-check dp-check">
                    <input
                      type="checkbox"
                      name="optimize"
                      checked={form.values.optimize === "on"}
                      onChange={(e) => form.setValues((v) => ({ ...v, optimize: e.target.checked ? "on" : "" }))}
                    />
                    <span>{t("optimiseOrder")}</span>
                  </label>
                  <button
                    type="submit"
                    className="cp-btn cp-btn-primary"
                    disabled={form.busy || !selection.length}
                    aria-busy={form.busy || undefined}
                    aria-describedby={selection.length ? undefined : `${ids}-nostops`}
                  >
                    {selection.length ? t("makeRunWith", countOf(selection.length)) : t("makeRun")}
                  </button>
                  {selection.length ? null : (
                    <small id={`${ids}-nostops`} className="cp-hint dp-nostops">
                      {t("selectFirst")}
                    </small>
                  )}
                </form>
              </section>
              <section className="dp-section" aria-labelledby={`${ids}-runs`}>
                <h2 id={`${ids}-runs`} className="dp-h2">
                  {t("runs")} <span className="cp-muted">({number(runs.length)})</span>
                </h2>
                {runs.length ? null : <p className="cp-muted">{t("noRuns")}</p>}
                {runs.map((r, i) => (
                  <RunCard
                    key={r.id}
                    run={r}
                    colour={runColour(i)}
                    couriers={couriers}
                    others={runs.filter((o) => o.id !== r.id)}
                    selection={selection}
                    onAdded={() => setSelected(new Set())}
                    onChanged={onChanged}
                  />
                ))}
              </section>
            </>
          ) : null}
        </aside>
      </div>
    </div>
  );
}
