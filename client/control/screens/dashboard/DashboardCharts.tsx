import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { DashboardDailyQuery, DashboardSummaryQuery } from "../../../generated/graphql";
import { toMajor } from "@shared/core/money";
import { REPORTS_NS } from "../../../i18n/load";
import { day, number } from "../../time";
import { ReportChart, type Palette } from "./ReportChart";
import type { ChartConfiguration } from "chart.js";

type Summary = DashboardSummaryQuery["reportSummary"];
type Day = DashboardDailyQuery["reportDaily"][number];

/** A report's day on an axis ("29 Nov", "٢٩ نوفمبر", "۸ آذر") and in full in a tooltip or a table. */
const shortDay = (iso: string) => day(iso, { day: "numeric", month: "short" });
const longDay = (iso: string) => day(iso, { day: "numeric", month: "short", year: "numeric" });
/** A rate of 0..100 as the language writes a percentage ("87.5%", "٨٧٫٥٪", "%۸۷٫۵"). */
const percent = (v: number) => number(v / 100, { style: "percent", maximumFractionDigits: 1 });
/**
 * The time axis: days left to right in every language (docs/reports.md, "Right to left"), labels upright and thinned
 * out by Chart.js so that none overlaps its neighbour, at 390 px too.
 */
/** A value axis's numbers in the language's digits (Chart.js writes its zero as "0" whatever the locale). */
const count = (v: number | string) => number(Number(v));
const DAYS_AXIS = { ticks: { maxRotation: 0, autoSkip: true, autoSkipPadding: 10 } } as const;

/** The REST filters of the screen (shipper_id, courier_id, service), those chosen only. */
type Filters = Record<string, string>;
/** The REST address of a report's CSV, with the same period and filters. */
const csvHref = (path: "summary" | "daily", period: { from: string; to: string }, filters: Filters) =>
  `/api/reports/${path}?${new URLSearchParams({ from: period.from, to: period.to, ...filters, format: "csv" }).toString()}`;

/** A report's row in a table: its name (the row's heading; `code` the value it stands for) and its cells. */
export interface ReportRow {
  key: string | number;
  name: ReactNode;
  code?: string;
  cells: ReactNode[];
}

/** A report's table head and body: a heading a column (the first names the rows), then a row each. */
export function ReportRows({ columns, rows, nameClass }: { columns: string[]; rows: ReportRow[]; nameClass?: string }) {
  return (
    <>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c} scope="col">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <th scope="row" className={nameClass} data-code={r.code}>
              {r.name}
            </th>
            {r.cells.map((c, i) => (
              <td key={i}>{c}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </>
  );
}

/**
 * A chart with its title, its table (read by screen readers, hidden on screen) and its CSV link; "No data" in place
 * of the chart when `empty`.
 */
function ChartCard({
  title,
  caption,
  csv,
  config,
  deps,
  empty,
  columns,
  rows,
}: {
  title: string;
  caption: string;
  csv: string;
  config: (p: Palette) => ChartConfiguration;
  deps: unknown[];
  empty?: boolean;
  columns: string[];
  rows: ReportRow[];
}) {
  const { t } = useTranslation(REPORTS_NS);
  return (
    <figure className="cp-card cp-chart-card">
      <figcaption className="cp-card-title">{title}</figcaption>
      {empty ? <p className="cp-muted">{t("noData")}</p> : <ReportChart label={t("chartLabel", { title })} deps={deps} config={config} />}
      {/* Hidden on a wrapper: a table will not shrink below its content, whatever its own width. */}
      <div className="cp-visually-hidden">
        <table>
          <caption>{caption}</caption>
          <ReportRows columns={columns} rows={rows} />
        </table>
      </div>
      <a className="cp-chart-csv" href={csv} download>
        {t("csv")}
        <span className="cp-visually-hidden"> ({title})</span>
      </a>
    </figure>
  );
}

export function DailyCharts({ rows, period, filters }: { rows: Day[]; period: { from: string; to: string }; filters: Filters }) {
  const { t } = useTranslation(REPORTS_NS);
  const labels = rows.map((r) => shortDay(r.date));
  const title = (items: { dataIndex: number }[]) => (items.length ? longDay(rows[items[0].dataIndex].date) : "");
  const csv = csvHref("daily", period, filters);
  return (
    <>
      <ChartCard
        title={t("dailyTitle")}
        caption={t("dailyCaption")}
        csv={csv}
        deps={[rows]}
        config={(p) => ({
          type: "bar",
          data: {
            labels,
            datasets: [
              {
                type: "line",
                label: t("created"),
                data: rows.map((r) => r.created),
                borderColor: p.series[0],
                backgroundColor: p.series[0],
                pointRadius: 0,
                borderWidth: 2,
              },
              { label: t("delivered"), data: rows.map((r) => r.delivered), backgroundColor: p.series[1], stack: "outcome" },
              { label: t("failedAttempts"), data: rows.map((r) => r.failed_attempts), backgroundColor: p.series[2], stack: "outcome" },
            ],
          },
          options: {
            maintainAspectRatio: false,
            animation: false,
            interaction: { mode: "index", intersect: false },
            plugins: { tooltip: { callbacks: { title } } },
            scales: { x: DAYS_AXIS, y: { beginAtZero: true, ticks: { precision: 0, callback: count } } },
          },
        })}
        columns={[t("date"), t("created"), t("delivered"), t("failedAttempts")]}
        rows={rows.map((r) => ({ key: r.date, name: longDay(r.date), cells: [number(r.created), number(r.delivered), number(r.failed_attempts)] }))}
      />
      <ChartCard
        title={t("onTimeTitle")}
        caption={t("onTimeCaption")}
        csv={csv}
        deps={[rows]}
        config={(p) => ({
          type: "line",
          data: {
            labels,
            datasets: [
              {
                label: t("onTimeRate"),
                data: rows.map((r) => (r.on_time_rate === null || r.on_time_rate === undefined ? null : Math.round(r.on_time_rate * 1000) / 10)),
                borderColor: p.series[1],
                backgroundColor: p.series[1],
                spanGaps: true,
                pointRadius: 2,
              },
            ],
          },
          options: {
            maintainAspectRatio: false,
            animation: false,
            plugins: {
              legend: { display: false },
              tooltip: { callbacks: { title, label: (c) => `${t("onTimeRate")}: ${percent(Number(c.raw))}` } },
            },
            scales: { x: DAYS_AXIS, y: { min: 0, max: 100, ticks: { callback: (v) => percent(Number(v)) } } },
          },
        })}
        columns={[t("date"), t("onTimeRate")]}
        rows={rows.map((r) => ({
          key: r.date,
          name: longDay(r.date),
          cells: [r.on_time_rate === null || r.on_time_rate === undefined ? t("none") : percent(r.on_time_rate * 100)],
        }))}
      />
    </>
  );
}

export function FailuresChart({ s, filters }: { s: Summary; filters: Filters }) {
  const { t } = useTranslation(REPORTS_NS);
  const rows = s.failures_by_reason;
  const name = (reason: string) => t(`reasons.${reason}`, { defaultValue: reason });
  return (
    <ChartCard
      title={t("failuresTitle")}
      caption={t("failuresCaption")}
      csv={csvHref("summary", s, filters)}
      empty={!rows.length}
      deps={[rows]}
      config={(p) => ({
        type: "bar",
        data: {
          labels: rows.map((r) => name(r.reason)),
          datasets: [{ label: t("count"), data: rows.map((r) => r.count), backgroundColor: p.series[2] }],
        },
        options: {
          indexAxis: "y",
          maintainAspectRatio: false,
          animation: false,
          plugins: { legend: { display: false } },
          scales: { x: { beginAtZero: true, ticks: { precision: 0, callback: count } } },
        },
      })}
      columns={[t("reason"), t("count")]}
      rows={rows.map((r) => ({ key: r.reason, name: name(r.reason), cells: [number(r.count)] }))}
    />
  );
}

export function ServicesChart({
  s,
  money,
  filters,
  serviceName,
}: {
  s: Summary;
  money: (n: number) => string;
  filters: Filters;
  /** A service's name from its code (the code when it is not in the list). */
  serviceName: (code: string) => string;
}) {
  const { t } = useTranslation(REPORTS_NS);
  const rows = s.revenue.by_service;
  return (
    <ChartCard
      title={t("servicesTitle")}
      caption={t("servicesCaption")}
      csv={csvHref("summary", s, filters)}
      empty={!rows.length}
      deps={[rows, serviceName]}
      config={(p) => ({
        type: "bar",
        data: {
          labels: rows.map((r) => serviceName(r.service)),
          datasets: [{ label: t("amount"), data: rows.map((r) => toMajor(r.amount, s.revenue.currency)), backgroundColor: p.series[0] }],
        },
        options: {
          maintainAspectRatio: false,
          animation: false,
          plugins: { legend: { display: false }, tooltip: { callbacks: { label: (c) => money(rows[c.dataIndex].amount) } } },
          scales: { x: { ticks: { maxRotation: 0 } }, y: { beginAtZero: true, ticks: { callback: count } } },
        },
      })}
      columns={[t("service"), t("amount"), t("bookings")]}
      rows={rows.map((r) => ({ key: r.service, name: serviceName(r.service), code: r.service, cells: [money(r.amount), number(r.bookings)] }))}
    />
  );
}
