import { Link } from "react-router-dom";
import { useTranslation } from "react-i18next";
import type { TrackParcelsQuery } from "../../generated/public";
import { Icon } from "../../components/Icon";
import * as icons from "./icons";
import { deliveryWindow, fmtMoment } from "./format";
import { StatusBadge, StatusProgress } from "./StatusView";
import { EstimatedDelivery, QuietNote } from "./TrackResult";
import { lock } from "./icons";
import { useHydrated } from "../../components/hydrated";
import { FINAL_STATUSES, isStatusCode } from "./status";
import { errorText } from "../../errors";
import { TRACK_ERRORS } from "./trackErrors";

export type TrackItem = TrackParcelsQuery["track"][number];

const detailsHref = (code: string) => `/track.html?code=${encodeURIComponent(code)}`;

/** One code of a multi-code look-up: its status at a glance, or its own error. */
export function TrackSummary({ item }: { item: TrackItem }) {
  const { t, i18n } = useTranslation();
  const local = useHydrated();
  const p = item.parcel;
  const titleId = `sum-${item.tracking_code.replace(/[^A-Za-z0-9_-]/g, "_")}`;
  if (!p) {
    return (
      <article className="card track-summary is-error" aria-labelledby={titleId} data-code={item.tracking_code}>
        <header className="summary-head">
          <h2 id={titleId} className="summary-code" dir="ltr">
            {item.tracking_code}
          </h2>
        </header>
        <p className="summary-error" role="alert">
          <Icon path={icons.error} size={22} />
          <span>
            {item.error_code
              ? errorText(t, { message: item.error ?? item.error_code, code: item.error_code, reason: null }, TRACK_ERRORS)
              : t("track.notFound")}
          </span>
        </p>
      </article>
    );
  }
  const final = isStatusCode(p.status_code) && FINAL_STATUSES.includes(p.status_code);
  const expected = final ? "" : deliveryWindow(i18n.language, p.min_expected_delivery_date, p.max_expected_delivery_date);
  const latest = p.history.length ? p.history[p.history.length - 1] : null;
  return (
    <article className="card track-summary" aria-labelledby={titleId} data-code={p.tracking_code}>
      <header className="summary-head">
        <h2 id={titleId} className="summary-code" dir="ltr">
          <Link to={detailsHref(p.tracking_code)}>{p.tracking_code}</Link>
        </h2>
        {p.status_code ? (
          <StatusBadge code={p.status_code} />
        ) : p.status ? (
          <span className="status-pill" dir="auto">
            {p.status}
          </span>
        ) : null}
        {p.details_protected ? (
          <span className="protected-chip">
            <Icon path={lock} size={16} />
            {t("track.protectedChip")}
          </span>
        ) : null}
      </header>
      <p className="summary-route">
        {p.pickup_location ? (
          <>
            <bdi>{p.pickup_location}</bdi>
            <Icon path={icons.arrow_forward} size={18} className="route-arrow flip-rtl" />
          </>
        ) : null}
        <span className="visually-hidden">{t("track.destination")}: </span>
        <strong>
          <bdi>{p.destination}</bdi>
        </strong>
      </p>
      {p.status_code ? <StatusProgress code={p.status_code} reason={p.status_reason} compact /> : null}
      <div className="summary-facts">
        {expected ? (
          <p>
            <EstimatedDelivery dates={expected} iconSize={18} />
          </p>
        ) : null}
        {latest ? (
          <p>
            <Icon path={icons.schedule} size={18} />
            <span>
              <bdi>{latest.title}</bdi> ·{" "}
              <time dateTime={latest.created_at}>
                <bdi suppressHydrationWarning>{fmtMoment(i18n.language, latest.created_at, local ? undefined : "UTC")}</bdi>
              </time>
            </span>
          </p>
        ) : null}
        <QuietNote p={p} />
      </div>
      <Link className="btn btn-outline summary-link" to={detailsHref(p.tracking_code)}>
        {t("track.details")}
        <Icon path={icons.arrow_forward} size={18} className="flip-rtl" />
      </Link>
    </article>
  );
}
