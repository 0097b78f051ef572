import { useState, type FormEvent } from "react";
import { useSearchParams } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { useDashboardDailyQuery, useDashboardSummaryQuery, type DashboardSummaryQuery } from "../../../generated/graphql";
import { errorMessages } from "../../../errors";
import { formatMoney } from "@shared/core/money";
import { bidiMoney } from "../../../modules/parcel/format";
import { REPORTS_NS } from "../../../i18n/load";
import { day, number } from "../../time";
import { DailyCharts, FailuresChart, ReportRows, ServicesChart, type ReportRow } from "./DashboardCharts";
import { FilterPickers, useFilterChoices } from "./DashboardFilters";
import { FilterInput } from "../../components/FilteredList";
import "./dashboard.css";

type Summary = DashboardSummaryQuery["reportSummary"];
/**
 * A report's day in the member's language ("29 Nov 2026", "٢٩ نوفمبر ٢٠٢٦"): an ISO date in a right-to-left sentence
 * was reordered by the bidirectional algorithm and broken at its hyphens.
 */
const longDay = (iso: string) => day(iso, { day: "numeric", month: "short", year: "numeric" });
/** The cod block's figures: the label's key in the texts, the field. */
const COD_FIGURES = [
  ["codCollected", "collected"],
  ["codHeld", "held_by_couriers"],
  ["codDepot", "depot_cash"],
  ["codOwed", "owed_to_shippers"],
] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The filters kept in the address besides the period: ?shipper=&courier=&service= (ids, a service's code). */
const ID = /^[1-9]\d{0,9}$/;
const SERVICE = /^[A-Za-z0-9_-]{1,40}$/;

/**
 * ?from=&to= as the server takes them (nothing: its default, the 30 days ending today in its time zone), with
 * ?shipper=&courier=&service= (nothing: all).
 */
function usePeriod() {
  const [params, setParams] = useSearchParams();
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  const shipper = params.get("shipper") ?? "";
  const courier = params.get("courier") ?? "";
  const service = params.get("service") ?? "";
  const given = { ...(DATE.test(from) ? { from } : {}), ...(DATE.test(to) ? { to } : {}) };
  const filters = {
    ...(ID.test(shipper) ? { shipperId: Number(shipper) } : {}),
    ...(ID.test(courier) ? { courierId: Number(courier) } : {}),
    ...(SERVICE.test(service) ? { service } : {}),
  };
  /** The address with these values changed ("": left out), the others kept; a new entry in the history. */
  const change = (values: Record<string, string>) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(values)) {
        if (v) next.set(k, v);
        else next.delete(k);
      }
      return next;
    });
  return { given, filters, change };
}

/**
 * The owner's and dispatchers' first screen (api-contract.md section 14): the period's figures with their change
 * against the period before, four charts (each with its table for screen readers and its CSV), couriers and
 * shippers. Loaded on its own (Home.tsx's lazy import), with Chart.js.
 */
export default function Dashboard() {
  const { t, i18n } = useTranslation(REPORTS_NS);
  const { given, filters, change: setFilters } = usePeriod();
  const variables = { ...given, ...filters };
  const summary = useDashboardSummaryQuery({ variables, fetchPolicy: "cache-and-network" });
  const daily = useDashboardDailyQuery({ variables, fetchPolicy: "cache-and-network" });
  const s = summary.data?.reportSummary;
  const [draft, setDraft] = useState<{ from: string; to: string } | null>(null);
  const shown = draft ?? { from: given.from ?? s?.from ?? "", to: given.to ?? s?.to ?? "" };
  const lang = i18n.language;
  /** A figure as written (count, rate, hours, money), "none" when the period has none. */
  const none = (write: (n: number) => string) => (n: number | null | undefined) => (n === null || n === undefined ? t("none") : write(n));
  const num = (n: number) => number(n);
  const pct = none((r) => number(r, { style: "percent", maximumFractionDigits: 1 }));
  const hours = none((h) => t("hours", { value: number(h, { maximumFractionDigits: 1 }) }));
  const money = (n: number) => bidiMoney(lang, formatMoney(n, s?.revenue.currency ?? null, lang));
  const choices = useFilterChoices(s);
  /** The CSV addresses' filters, as the REST API takes them. */
  const csvFilters = {
    ...(filters.shipperId ? { shipper_id: String(filters.shipperId) } : {}),
    ...(filters.courierId ? { courier_id: String(filters.courierId) } : {}),
    ...(filters.service ? { service: filters.service } : {}),
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (draft) setFilters({ from: DATE.test(draft.from) ? draft.from : "", to: DATE.test(draft.to) ? draft.to : "" });
    setDraft(null);
  };
  const error = summary.error ?? daily.error;

  return (
    <section className="cp-dashboard" aria-labelledby="cp-dashboard-title">
      <h2 id="cp-dashboard-title" className="cp-dashboard-title">
        {t("title")}
      </h2>
      <form className="cp-dashboard-filters" onSubmit={submit} aria-label={t("period")}>
        <FilterInput id="report-from" type="date" label={t("from")} value={shown.from} onChange={(e) => setDraft({ ...shown, from: e.target.value })} />
        <FilterInput id="report-to" type="date" label={t("to")} value={shown.to} onChange={(e) => setDraft({ ...shown, to: e.target.value })} />
        <div className="cp-dashboard-buttons">
          <button type="submit" className="cp-btn cp-btn-primary">
            {t("apply")}
          </button>
          <button
            type="button"
            className="cp-btn cp-btn-outline"
            onClick={() => {
              setDraft(null);
              setFilters({ from: "", to: "" });
            }}
          >
            {t("last30")}
          </button>
        </div>
      </form>
      <FilterPickers choices={choices} filters={filters} change={setFilters} />
      {error ? (
        <p className="cp-alert cp-alert-error" role="alert">
          {t("failed", { message: errorMessages(error)[0] ?? "" })}
        </p>
      ) : null}
      {!s ? (
        <p className="cp-muted" role="status">
          {summary.loading ? t("loading") : null}
        </p>
      ) : (
        <>
          <p className="cp-muted cp-small" role="status" data-testid="report-period" data-from={s.from} data-to={s.to}>
            {t("showing", { from: longDay(s.from), to: longDay(s.to), prevFrom: longDay(s.previous.from), prevTo: longDay(s.previous.to) })}
          </p>
          <h3 className="cp-visually-hidden">{t("figures")}</h3>
          <ul className="cp-figures">
            {FIGURES.map(([label, of, kind]) => {
              const format = { count: none(num), rate: pct, hours, money: none(money) }[kind];
              const [now, before] = [of(s), of(s.previous)];
              return (
                <Figure
                  key={label}
                  label={t(label)}
                  value={format(now)}
                  change={kind === "rate" ? pointsChange(now, before, t) : nullableChange(now, before, format, t)}
                  previous={format(before)}
                />
              );
            })}
          </ul>
          <h3 className="cp-visually-hidden">{t("charts")}</h3>
          <div className="cp-charts">
            <DailyCharts rows={daily.data?.reportDaily ?? []} period={s} filters={csvFilters} />
            <FailuresChart s={s} filters={csvFilters} />
            <ServicesChart s={s} money={money} filters={csvFilters} serviceName={choices.serviceName} />
          </div>
          <Tables s={s} money={money} num={num} />
        </>
      )}
    </section>
  );
}

type T = (key: string, o?: Record<string, unknown>) => string;
type Figures = Summary["previous"];

/** The period's figures, in order: the label's key, the value of a period, and how it is written (its change with it). */
const FIGURES: [string, (p: Figures) => number | null | undefined, "count" | "rate" | "hours" | "money"][] = [
  ["created", (p) => p.created, "count"],
  ["delivered", (p) => p.delivered, "count"],
  ["onTimeRate", (p) => p.on_time_rate, "rate"],
  ["firstAttemptRate", (p) => p.first_attempt_rate, "rate"],
  ["failedAttempts", (p) => p.failed_attempts, "count"],
  ["hoursMedian", (p) => p.delivery_hours_median, "hours"],
  ["hoursP90", (p) => p.delivery_hours_p90, "hours"],
  ["revenue", (p) => p.revenue.amount, "money"],
];

function change(now: number, before: number, format: (n: number) => string, t: T): { text: string; trend: "up" | "down" | "same" } {
  if (now === before) return { text: t("unchanged"), trend: "same" };
  const d = now - before;
  const rel = before ? ` (${d > 0 ? "+" : "−"}${number(Math.abs(d) / before, { style: "percent", maximumFractionDigits: 0 })})` : "";
  return { text: t(d > 0 ? "changeUp" : "changeDown", { change: `${format(Math.abs(d))}${rel}` }), trend: d > 0 ? "up" : "down" };
}
function nullableChange(now: number | null | undefined, before: number | null | undefined, format: (n: number) => string, t: T) {
  return now === null || now === undefined || before === null || before === undefined ? null : change(now, before, format, t);
}
function pointsChange(now: number | null | undefined, before: number | null | undefined, t: T) {
  if (now === null || now === undefined || before === null || before === undefined) return null;
  const points = Math.round((now - before) * 1000) / 10;
  return change(points, 0, (n) => t("points", { value: number(n, { maximumFractionDigits: 1 }) }), t);
}

function Figure({ label, value, previous, change: c }: { label: string; value: string; previous: string; change: { text: string; trend: string } | null }) {
  const { t } = useTranslation(REPORTS_NS);
  return (
    <li className="cp-figure">
      <span className="cp-figure-label">{label}</span>
      <strong className="cp-figure-value">{value}</strong>
      {c ? <span className={`cp-figure-change cp-figure-${c.trend}`}>{c.text}</span> : null}
      <span className="cp-figure-previous">{t("previous", { value: previous })}</span>
    </li>
  );
}

/** A card of the dashboard with its table, or "No data". */
function TableCard({ title, columns, rows }: { title: string; columns: string[]; rows: ReportRow[] }) {
  const { t } = useTranslation(REPORTS_NS);
  return (
    <div className="cp-card">
      <h3 className="cp-card-title">{title}</h3>
      {rows.length ? (
        <div className="cp-table-wrap">
          <table className="cp-table">
            <ReportRows columns={columns} rows={rows} nameClass="cp-break" />
          </table>
        </div>
      ) : (
        <p className="cp-muted">{t("noData")}</p>
      )}
    </div>
  );
}

/** Couriers, shippers and cash on delivery: plain tables. */
function Tables({ s, money, num }: { s: Summary; money: (n: number) => string; num: (n: number) => string }) {
  const { t } = useTranslation(REPORTS_NS);
  const dec = (n: number | null) => (n === null ? t("none") : num(n));
  return (
    <div className="cp-dashboard-tables">
      <TableCard
        title={t("couriers")}
        columns={[t("courier"), t("stopsDone"), t("stopsFailed"), t("activeHours"), t("stopsPerHour")]}
        rows={s.couriers.map((c) => ({
          key: c.courier_id,
          name: c.name,
          cells: [num(c.stops_done), num(c.stops_failed), dec(c.active_hours), dec(c.stops_per_hour ?? null)],
        }))}
      />
      <TableCard
        title={t("shippers")}
        columns={[t("shipper"), t("amount"), t("bookings")]}
        rows={s.revenue.by_shipper.map((r) => ({ key: r.shipper_id, name: r.name, cells: [money(r.amount), num(r.bookings)] }))}
      />
      <div className="cp-card">
        <h3 className="cp-card-title">{t("cod")}</h3>
        <p className="cp-muted cp-small">{t("codNote")}</p>
        <dl className="cp-cod">
          {COD_FIGURES.map(([label, key]) => (
            <div key={key} className="cp-cod-row" data-testid={`cod-${key}`}>
              <dt>{t(label)}</dt>
              <dd>
                <span className="cp-cod-value">{money(s.cod[key])}</span>
                <span className="cp-figure-previous">{t("previous", { value: money(s.previous.cod[key]) })}</span>
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}
