import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { DashboardDailyQuery, DashboardSummaryQuery } from "../../../generated/graphql";
import { toMajor } from "@shared/core/money";
import { REPORTS_NS } from "../../../i18n/load";
import { ReportChart } from "./ReportChart";

type Summary = DashboardSummaryQuery["reportSummary"];
type Day = DashboardDailyQuery["reportDaily"][number];

/** The REST address of a report's CSV, with the same period. */
const csvHref = (path: "summary" | "daily", period: { from: string; to: string }) =>
  `/api/reports/${path}?${new URLSearchParams({ from: period.from, to: period.to, format: "csv" }).toString()}`;

/** A chart with its title, its table (read by screen readers, hidden on screen) and its CSV link. */
function ChartCard({ title, caption, csv, chart, table }: { title: string; caption: string; csv: string; chart: ReactNode; table: ReactNode }) {
  const { t } = useTranslation(REPORTS_NS);
  return (
    <figure className="cp-card cp-chart-card">
      <figcaption className="cp-card-title">{title}</figcaption>
      {chart}
      {/* Hidden on a wrapper: a table will not shrink below its content, whatever its own width. */}
      <div className="cp-visually-hidden">
        <table>
          <caption>{caption}</caption>
          {table}
        </table>
      </div>
      <a className="cp-chart-csv" href={csv} download>
        {t("csv")}
        <span className="cp-visually-hidden"> ({title})</span>
      </a>
    </figure>
  );
}

export function DailyCharts({ rows, period }: { rows: Day[]; period: { from: string; to: string } }) {
  const { t } = useTranslation(REPORTS_NS);
  const labels = rows.map((r) => r.date.slice(5));
  const csv = csvHref("daily", period);
  return (
    <>
      <ChartCard
        title={t("dailyTitle")}
        caption={t("dailyCaption")}
        csv={csv}
        chart={
          <ReportChart
            label={t("chartLabel", { title: t("dailyTitle") })}
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
              options: { maintainAspectRatio: false, animation: false, scales: { y: { beginAtZero: true, ticks: { precision: 0 } } } },
            })}
          />
        }
        table={
          <>
            <thead>
              <tr>
                <th scope="col">{t("date")}</th>
                <th scope="col">{t("created")}</th>
                <th scope="col">{t("delivered")}</th>
                <th scope="col">{t("failedAttempts")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.date}>
                  <th scope="row">{r.date}</th>
                  <td>{r.created}</td>
                  <td>{r.delivered}</td>
                  <td>{r.failed_attempts}</td>
                </tr>
              ))}
            </tbody>
          </>
        }
      />
      <ChartCard
        title={t("onTimeTitle")}
        caption={t("onTimeCaption")}
        csv={csv}
        chart={
          <ReportChart
            label={t("chartLabel", { title: t("onTimeTitle") })}
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
                plugins: { legend: { display: false } },
                scales: { y: { min: 0, max: 100, ticks: { callback: (v) => `${v} %` } } },
              },
            })}
          />
        }
        table={
          <>
            <thead>
              <tr>
                <th scope="col">{t("date")}</th>
                <th scope="col">{t("onTimeRate")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.date}>
                  <th scope="row">{r.date}</th>
                  <td>{r.on_time_rate === null || r.on_time_rate === undefined ? t("none") : `${Math.round(r.on_time_rate * 1000) / 10} %`}</td>
                </tr>
              ))}
            </tbody>
          </>
        }
      />
    </>
  );
}

export function FailuresChart({ s }: { s: Summary }) {
  const { t } = useTranslation(REPORTS_NS);
  const rows = s.failures_by_reason;
  const name = (reason: string) => t(`reasons.${reason}`, { defaultValue: reason });
  return (
    <ChartCard
      title={t("failuresTitle")}
      caption={t("failuresCaption")}
      csv={csvHref("summary", s)}
      chart={
        rows.length ? (
          <ReportChart
            label={t("chartLabel", { title: t("failuresTitle") })}
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
                scales: { x: { beginAtZero: true, ticks: { precision: 0 } } },
              },
            })}
          />
        ) : (
          <p className="cp-muted">{t("noData")}</p>
        )
      }
      table={
        <>
          <thead>
            <tr>
              <th scope="col">{t("reason")}</th>
              <th scope="col">{t("count")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.reason}>
                <th scope="row">{name(r.reason)}</th>
                <td>{r.count}</td>
              </tr>
            ))}
          </tbody>
        </>
      }
    />
  );
}

export function ServicesChart({ s, money }: { s: Summary; money: (n: number) => string }) {
  const { t } = useTranslation(REPORTS_NS);
  const rows = s.revenue.by_service;
  return (
    <ChartCard
      title={t("servicesTitle")}
      caption={t("servicesCaption")}
      csv={csvHref("summary", s)}
      chart={
        rows.length ? (
          <ReportChart
            label={t("chartLabel", { title: t("servicesTitle") })}
            deps={[rows]}
            config={(p) => ({
              type: "bar",
              data: {
                labels: rows.map((r) => r.service),
                datasets: [{ label: t("amount"), data: rows.map((r) => toMajor(r.amount, s.revenue.currency)), backgroundColor: p.series[0] }],
              },
              options: {
                maintainAspectRatio: false,
                animation: false,
                plugins: { legend: { display: false }, tooltip: { callbacks: { label: (c) => money(rows[c.dataIndex].amount) } } },
                scales: { y: { beginAtZero: true } },
              },
            })}
          />
        ) : (
          <p className="cp-muted">{t("noData")}</p>
        )
      }
      table={
        <>
          <thead>
            <tr>
              <th scope="col">{t("service")}</th>
              <th scope="col">{t("amount")}</th>
              <th scope="col">{t("bookings")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.service}>
                <th scope="row">{r.service}</th>
                <td>{money(r.amount)}</td>
                <td>{r.bookings}</td>
              </tr>
            ))}
          </tbody>
        </>
      }
    />
  );
}
