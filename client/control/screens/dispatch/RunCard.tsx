import { useEffect, useId, useState, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import {
  useAdminDeleteRunMutation,
  useAdminRunQuery,
  useAdminStartRunMutation,
  useAdminUpdateRunMutation,
  type AdminRunFieldsFragment,
  type AdminStopFieldsFragment,
  type RunStopInput,
} from "../../../generated/graphql";
import { FormStatus } from "../../components/fields";
import { firstError } from "../../hooks/errors";
import { Icon } from "../../../components/Icon";
import { useFormState } from "../../hooks/useFormState";
import * as icons from "../../icons";
import { clock as time, clockRange, number } from "../../time";
import { countOf, courierOption, courierText, DISPATCH_NS, moved, roundText, stopInput, stopKey, type BoardRun, type FreeStop } from "./board";

type Run = AdminRunFieldsFragment;
type Stop = AdminStopFieldsFragment;
export interface Courier {
  id: number;
  email: string;
  name?: string | null;
  role: string;
}

const STATUS_BADGE: Record<string, string> = { planned: "dp-badge-planned", started: "cp-badge-ok", finished: "cp-badge-muted" };
/** The moves' glyphs (each button is named by its aria-label): a grip, up, down, off the run. */
const GLYPH = { grip: "⠿", up: "↑", down: "↓", remove: "✕" };
const STOP_BADGE: Record<string, string> = { done: "cp-badge-ok", failed: "cp-badge-fail", skipped: "cp-badge-muted" };

/**
 * A member by name, the e-mail only where they have none ("member 7" for one without either). On a right-to-left
 * screen a name or e-mail in Latin letters is isolated (U+2068 ... U+2069, as <bdi> does), else the parenthesis and
 * run number around it are reordered into it ("courier@first-) 1 الجولة day.example").
 */
const memberName = (t: TFunction, run: Pick<Run, "courier_email" | "courier_name" | "courier_id">) => {
  const who = run.courier_name || run.courier_email || t("member", { id: run.courier_id });
  return typeof document !== "undefined" && document.documentElement.dir === "rtl" ? `\u2068${who}\u2069` : who;
};

/** "Run 3 (Ann Smith)": the courier by name, the e-mail only where they have none. */
export const runLabel = (t: TFunction, run: Pick<Run, "id" | "courier_email" | "courier_name" | "courier_id">) =>
  t("runLabel", { id: run.id, who: memberName(t, run) });

/** An e-mail with a line break allowed after its "@" and before each dot (and, as anywhere, after a hyphen). */
const breakable = (email: string) => email.split(/(?<=@)|(?=\.)/).flatMap((part, i) => (i ? [<wbr key={i} />, part] : [part]));

/**
 * The card's title, as runLabel: the courier (or the e-mail of one without a name, breaking at its "@" and dots
 * on a narrow card, "bob@ / dispatch / .example", not wherever the line ends) isolated in its own direction.
 */
function RunTitle({ run }: { run: Pick<Run, "id" | "courier_email" | "courier_name" | "courier_id"> }) {
  const { t } = useTranslation(DISPATCH_NS);
  const MARK = "\u0000";
  const [before, after = ""] = t("runLabel", { id: run.id, who: MARK }).split(MARK);
  const email = run.courier_name ? null : run.courier_email;
  return (
    <span className="dp-run-name">
      {before}
      <bdi>{email ? breakable(email) : run.courier_name || t("member", { id: run.courier_id })}</bdi>
      {after}
    </span>
  );
}

function StopText({ stop }: { stop: Stop }) {
  const { t } = useTranslation(DISPATCH_NS);
  const key = stopKey(stop);
  return (
    <span className="dp-stop-text">
      <span className="dp-stop-line">
        {stop.tracking_code ? (
          <Link to={`/control/parcels/${encodeURIComponent(stop.tracking_code)}`}>{key}</Link>
        ) : (
          <strong>{t("pickupOf", { id: stop.pickup_id })}</strong>
        )}
        {stop.kind === "pickup" ? <span className="cp-badge dp-badge-planned">{t("pickupBadge")}</span> : null}
        {stop.status !== "pending" ? (
          <span className={`cp-badge ${STOP_BADGE[stop.status] ?? ""}`}>{t(`stopStatus.${stop.status}`, { defaultValue: stop.status })}</span>
        ) : null}
      </span>
      {/* Names and addresses are as typed: isolated in their own direction. */}
      {stop.recipient_name ? (
        <span>
          <bdi>{stop.recipient_name}</bdi>
        </span>
      ) : null}
      <small className="cp-muted">
        <bdi>{stop.address.text}</bdi>
      </small>
      {stop.kind === "pickup" && stop.contents ? (
        <small className="cp-muted">
          <bdi>{stop.contents}</bdi>
        </small>
      ) : null}
      {stop.window || stop.eta ? (
        <small className="cp-muted">
          {stop.window ? t("window", { range: clockRange(stop.window.from, stop.window.to) }) : ""}
          {stop.window && stop.eta ? " · " : ""}
          {stop.eta ? t("eta", { time: time(stop.eta) }) : ""}
        </small>
      ) : null}
    </span>
  );
}

/** A stop of a planned run: drag handle, number, the stop, and its moves (up, down, to another run, off the run). */
function PlannedStop({
  stop,
  index,
  count,
  colour,
  busy,
  targets,
  onMove,
  onMoveTo,
  onRemove,
}: {
  stop: Stop;
  index: number;
  count: number;
  colour: string;
  busy: boolean;
  targets: BoardRun[];
  onMove: (to: number) => void;
  onMoveTo: (runId: number) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation(DISPATCH_NS);
  const key = stopKey(stop);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: key, disabled: busy });
  const [target, setTarget] = useState("");
  const selectId = useId();
  return (
    <li
      ref={setNodeRef}
      className={`dp-stop${isDragging ? " dp-stop-dragging" : ""}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid="run-stop"
      data-code={key}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="dp-handle"
        {...attributes}
        {...listeners}
        aria-label={t("drag", { code: key })}
        title={t("dragTitle")}
      >
        <span aria-hidden="true">{GLYPH.grip}</span>
      </button>
      <span className="dp-num" style={{ "--run": colour } as React.CSSProperties} aria-label={t("stopN", { n: number(index + 1) })}>
        {number(index + 1)}
      </span>
      <StopText stop={stop} />
      <span className="dp-stop-actions">
        <button
          type="button"
          className="dp-mini"
          onClick={() => onMove(index - 1)}
          disabled={busy || index === 0}
          aria-label={t("moveUp", { code: key })}
          title={t("moveUpTitle")}
        >
          {GLYPH.up}
        </button>
        <button
          type="button"
          className="dp-mini"
          onClick={() => onMove(index + 1)}
          disabled={busy || index === count - 1}
          aria-label={t("moveDown", { code: key })}
          title={t("moveDownTitle")}
        >
          {GLYPH.down}
        </button>
        <button
          type="button"
          className="dp-mini dp-mini-danger"
          onClick={onRemove}
          disabled={busy}
          aria-label={t("remove", { code: key })}
          title={t("removeTitle")}
        >
          {GLYPH.remove}
        </button>
        {targets.length ? (
          <span className="dp-move-to">
            <label htmlFor={selectId} className="cp-visually-hidden">
              {t("moveToLabel", { code: key })}
            </label>
            <select id={selectId} className="cp-input dp-select-sm" value={target} onChange={(e) => setTarget(e.target.value)} disabled={busy}>
              <option value="">{t("moveToOption")}</option>
              {targets.map((r) => (
                <option key={r.id} value={r.id}>
                  {runLabel(t, r)}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="dp-mini dp-mini-text"
              disabled={busy || !target}
              onClick={() => onMoveTo(Number(target))}
              aria-label={t("moveChosen", { code: key })}
            >
              {t("move")}
            </button>
          </span>
        ) : null}
      </span>
    </li>
  );
}

interface CardProps {
  colour: string;
  couriers: Courier[];
  /** The date's other runs (a stop moves to a planned one). */
  others: BoardRun[];
  /** The unassigned stops selected on the board (added to this run with "Add"). */
  selection: FreeStop[];
  onAdded: () => void;
  /** Reads the board again (stops went back among the unassigned, or another run changed). */
  onChanged: () => Promise<unknown>;
}

/**
 * One run: its courier, status, round, stops in order and what may be done with it. A planned run is
 * reordered by dragging or with the arrows (keyboard too), optimised, given stops (the selection), its
 * stops moved to another run or off it, started or deleted. The card reads its run in full (stops with
 * their recipients, windows and ETAs; a started run again every 30 s).
 */
export function RunCard({ run: brief, ...props }: CardProps & { run: BoardRun }) {
  const { t } = useTranslation(DISPATCH_NS);
  const { data, error } = useAdminRunQuery({ variables: { id: brief.id }, pollInterval: brief.status === "started" ? 30_000 : 0 });
  if (data) return <RunBody run={data.run} {...props} />;
  return (
    <section
      className="dp-run"
      style={{ "--run": props.colour } as React.CSSProperties}
      data-testid="run-card"
      data-run={brief.id}
      aria-busy={!error || undefined}
    >
      <h3 className="dp-run-title">
        <span className="dp-swatch" aria-hidden="true" />
        <RunTitle run={brief} />
      </h3>
      {error ? (
        <p className="cp-alert cp-alert-error" role="alert">
          {firstError(error)}
        </p>
      ) : (
        <p className="cp-muted dp-empty">{t("fetching")}</p>
      )}
    </section>
  );
}

function RunBody({ run, colour, couriers, others, selection, onAdded, onChanged }: CardProps & { run: Run }) {
  const { t } = useTranslation(DISPATCH_NS);
  const form = useFormState({ courier_id: String(run.courier_id) });
  const [update] = useAdminUpdateRunMutation();
  const [start] = useAdminStartRunMutation();
  const [remove] = useAdminDeleteRunMutation();
  // The order shown while a new one is saved (dragging must not snap back meanwhile).
  const [order, setOrder] = useState<Stop[] | null>(null);
  const stops = order ?? run.stops;
  const planned = run.status === "planned";
  const targets = others.filter((r) => r.status === "planned");
  const headingId = useId();
  const { setValues } = form;
  useEffect(() => setValues({ courier_id: String(run.courier_id) }), [run.courier_id, setValues]);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const save = (list: RunStopInput[], extra: { optimize?: boolean } = {}) => update({ variables: { input: { id: run.id, stops: list, ...extra } } });

  const reorder = (next: Stop[]) =>
    form.submit(async () => {
      setOrder(next);
      try {
        await save(next.map(stopInput));
      } finally {
        setOrder(null);
      }
    })();
  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    const keys = stops.map(stopKey);
    void reorder(moved(stops, keys.indexOf(String(e.active.id)), keys.indexOf(String(e.over.id))));
  };
  const without = (key: string) => stops.filter((s) => stopKey(s) !== key);
  const removeStop = (key: string) =>
    form.submit(async () => {
      await save(without(key).map(stopInput));
      await onChanged();
      return t("backUnassigned", { code: key });
    })();
  const moveTo = (stop: Stop, runId: number) =>
    form.submit(async () => {
      const to = targets.find((r) => r.id === runId);
      if (!to) return;
      const key = stopKey(stop);
      // Off this run first: a stop is on one run of the date at a time.
      await save(without(key).map(stopInput));
      try {
        await update({ variables: { input: { id: to.id, stops: [...to.stops.map(stopInput), stopInput(stop)] } } });
      } finally {
        await onChanged();
      }
      return t("movedTo", { code: key, run: runLabel(t, to) });
    })();
  const optimise = form.submit(async () => {
    await save(stops.map(stopInput), { optimize: true });
    return t("optimised");
  });
  const addSelected = form.submit(async () => {
    await save([...stops.map(stopInput), ...selection.map(stopInput)]);
    onAdded();
    await onChanged();
    return t("added", countOf(selection.length));
  });
  const changeCourier = (value: string) =>
    form.submit(async () => {
      setValues({ courier_id: value });
      await update({ variables: { input: { id: run.id, courier_id: Number(value) } } });
      return t("courierChanged");
    })();
  const startRun = form.submit(async () => {
    if (!window.confirm(t("confirmStart", { run: runLabel(t, run) }))) return;
    await start({ variables: { id: run.id } });
    await onChanged();
    return t("started");
  });
  const deleteRun = form.submit(async () => {
    if (!window.confirm(t("confirmDelete", { run: runLabel(t, run) }))) return;
    await remove({ variables: { id: run.id } });
    await onChanged();
  });

  const courierError = form.errors.find((m) => m.startsWith("courier_id"));
  let list: ReactNode;
  if (!stops.length) list = <p className="cp-muted dp-empty">{t("noStops")}</p>;
  else if (planned)
    list = (
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={stops.map(stopKey)} strategy={verticalListSortingStrategy}>
          <ol className="dp-stops" aria-label={t("stopsOf", { run: runLabel(t, run) })}>
            {stops.map((s, i) => (
              <PlannedStop
                key={stopKey(s)}
                stop={s}
                index={i}
                count={stops.length}
                colour={colour}
                busy={form.busy}
                targets={targets}
                onMove={(to) => void reorder(moved(stops, i, to))}
                onMoveTo={(id) => void moveTo(s, id)}
                onRemove={() => void removeStop(stopKey(s))}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
    );
  else
    list = (
      <ol className="dp-stops" aria-label={t("stopsOf", { run: runLabel(t, run) })}>
        {stops.map((s) => (
          <li key={stopKey(s)} className="dp-stop dp-stop-fixed" data-testid="run-stop" data-code={stopKey(s)}>
            <span className="dp-num" style={{ "--run": colour } as React.CSSProperties}>
              {s.seq == null ? null : number(s.seq)}
            </span>
            <StopText stop={s} />
          </li>
        ))}
      </ol>
    );

  return (
    <section
      className="dp-run"
      style={{ "--run": colour } as React.CSSProperties}
      aria-labelledby={headingId}
      data-testid="run-card"
      data-run={run.id}
      aria-busy={form.busy || undefined}
    >
      <header className="dp-run-head">
        <h3 id={headingId} className="dp-run-title">
          <span className="dp-swatch" aria-hidden="true" />
          <RunTitle run={run} />
        </h3>
        <span className={`cp-badge ${STATUS_BADGE[run.status] ?? ""}`} data-testid="run-status">
          {t(`runStatus.${run.status}`, { defaultValue: run.status })}
        </span>
      </header>
      <p className="dp-run-facts" data-testid="run-facts">
        {t("stops", countOf(run.stops.length))} · {roundText(t, run.distance_km, run.duration_min)}
        {run.started_at ? ` · ${t("startedAt", { time: time(run.started_at) })}` : ""}
      </p>
      {planned ? (
        <div className="cp-field dp-courier">
          <label className="cp-label" htmlFor={`${headingId}-courier`}>
            {t("courier")}
          </label>
          <select
            id={`${headingId}-courier`}
            name="courier_id"
            className="cp-input"
            value={form.values.courier_id}
            onChange={(e) => void changeCourier(e.target.value)}
            disabled={form.busy}
            aria-invalid={courierError ? true : undefined}
            aria-describedby={courierError ? `${headingId}-courier-error` : undefined}
          >
            {couriers.some((c) => c.id === run.courier_id) ? null : <option value={run.courier_id}>{memberName(t, run)}</option>}
            {couriers.map((c) => (
              <option key={c.id} value={c.id}>
                {courierOption(t, c)}
              </option>
            ))}
          </select>
          {courierError ? (
            <small id={`${headingId}-courier-error`} className="dp-field-error" role="alert">
              {courierText(t, courierError)}
            </small>
          ) : null}
        </div>
      ) : null}
      <FormStatus errors={form.errors.filter((m) => m !== courierError)} message={form.message} />
      {list}
      <div className="dp-run-actions">
        {planned ? (
          <>
            {selection.length ? (
              <button type="button" className="cp-btn cp-btn-outline dp-btn" onClick={addSelected} disabled={form.busy}>
                <Icon path={icons.add} size={18} />
                {t("addSelected", countOf(selection.length))}
              </button>
            ) : null}
            <button type="button" className="cp-btn cp-btn-outline dp-btn" onClick={optimise} disabled={form.busy || stops.length < 2}>
              {t("optimise")}
            </button>
            <button type="button" className="cp-btn cp-btn-primary dp-btn" onClick={startRun} disabled={form.busy || !stops.length}>
              {t("start")}
            </button>
          </>
        ) : null}
        <a className="cp-btn cp-btn-outline dp-btn" href={`/api/runs/${run.id}/sheet.pdf`} download={`run-${run.id}.pdf`}>
          <Icon path={icons.print} size={18} />
          {t("sheet")}
        </a>
        {planned ? (
          <button type="button" className="cp-btn cp-btn-outline dp-btn cp-danger" onClick={deleteRun} disabled={form.busy}>
            <Icon path={icons.delete} size={18} />
            {t("delete")}
          </button>
        ) : null}
      </div>
    </section>
  );
}
