import { Fragment, lazy, Suspense, useEffect, useRef, useState, type ReactElement, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import type { TrackParcelQuery } from "../../generated/public";
import { Icon } from "../../components/Icon";
import * as icons from "./icons";
import type { LatLng } from "../../components/ParcelMap";
import { whenNeeded } from "../../components/whenNeeded";
import { bidiMoney, deliveryWindow, fmtDate, fmtMoment, fmtNumber, plural, quietDays } from "./format";
import { StatusBadge, StatusProgress } from "./StatusView";
import { activityIconPath } from "../../components/activityIcons";
import { ProtectedNotice, type Verify } from "./VerifyForm";
import { FINAL_STATUSES, isStatusCode, STATUS_RULES } from "./status";
import { useStaged } from "../../components/staged";
import { useHydrated } from "../../components/hydrated";
import { attemptNumbers, attemptText } from "../delivery/attempts";
import { ProofCard } from "../delivery/ProofCard";
import { RescheduleCard } from "../delivery/RescheduleCard";
import { LiveNote, useLive } from "./LiveNote";
import { useSiteGraph } from "../graph/siteGraph";

type Parcel = TrackParcelQuery["parcel"];
type Activity = Parcel["history"][number];

// The recipient's choice of channels and language: its own chunk (with its texts and call), loaded once it is asked for.
const MessageChooser = lazy(() => import("./MessageChooser"));

// Leaflet is the browser's alone: the server's render never shows the map (it comes in a later stage), and its build leaves it out.
const ParcelMap = lazy(() => (import.meta.env.SSR ? Promise.reject(new Error("the map renders in the browser only")) : import("../../components/ParcelMap")));

/**
 * The map's chunk is asked for when its place nears the viewport (whenNeeded), not with the screen: a
 * visitor who reads the head card and leaves loads neither it nor the map's library. Until then, and while it loads,
 * the placeholder holds the map's place, so nothing below moves.
 */
function MapWhenNeeded({ placeholder, children }: { placeholder: ReactElement; children: ReactNode }) {
  const slot = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => (slot.current ? whenNeeded(slot.current, false, () => setNear(true)) : undefined), []);
  return near ? <Suspense fallback={placeholder}>{children}</Suspense> : <div ref={slot}>{placeholder}</div>;
}

const COLORS = new Set(["green", "black", "gold", "red"]);

function point(lat: number | null, lng: number | null): LatLng | null {
  return lat === null || lng === null || lat === undefined || lng === undefined ? null : [lat, lng];
}

/** Whether the free-text status only repeats the status label (then it is not shown twice). */
function sameAsLabel(text: string, code: string | null | undefined, t: TFunction): boolean {
  if (!isStatusCode(code)) return false;
  const v = text.trim().toLowerCase();
  return v === STATUS_RULES[code].label.toLowerCase() || v === t(`status.${code}`).toLowerCase();
}

/** "No update for N days" when a parcel on its way has gone quiet (quiet_after_days). */
export function QuietNote({ p }: { p: { last_event_at: string; quiet_after_days: number; status_code?: string | null } }) {
  const { t, i18n } = useTranslation();
  const days = quietDays(p);
  if (days === null) return null;
  return (
    <p className="quiet-note" role="note">
      <Icon path={icons.update} size={20} />
      <span>
        <strong>{plural(t, i18n.language, "track.quiet", days)}</strong> <span className="quiet-hint">{t("track.quietHint")}</span>{" "}
        <Link to="/contact.html">{t("nav.contact")}</Link>
      </span>
    </p>
  );
}

/** "Estimated delivery: <window>" with its calendar icon; the caller gives the box it stands in. */
export function EstimatedDelivery({ dates, iconSize }: { dates: string; iconSize: number }) {
  const { t } = useTranslation();
  return (
    <>
      <Icon path={icons.calendar_month} size={iconSize} />
      <span>
        {t("track.estimated")}:{" "}
        <strong className="delivery-window">
          {/* Dates as Intl writes them: the server's ICU may space them differently from the browser's. */}
          <bdi suppressHydrationWarning>{dates}</bdi>
        </strong>
      </span>
    </>
  );
}

/** A fact; a value of several parts (a place and a time) keeps each in its own direction, " · " between them. */
function Row({ label, value, testId }: { label: string; value: string | string[] | null | undefined; testId?: string }) {
  const parts = (Array.isArray(value) ? value : [value]).filter((v): v is string => !!v);
  if (!parts.length) return null;
  return (
    <div className="info-row" data-testid={testId}>
      <dt>{label}</dt>
      <dd>
        {parts.map((v, i) => (
          <Fragment key={i}>
            {i ? " · " : null}
            <bdi>{v}</bdi>
          </Fragment>
        ))}
      </dd>
    </div>
  );
}

/**
 * The declared value (a number of the major unit) in the site's currency, the one of every amount (settings, from the
 * start-up graph): "€2,450.00". Before the graph has come, the number alone with two decimals. Through fmtNumber only
 * (no money module, whose currency digits build an Intl formatter while the page hydrates: tests/e2e/ssr.test.ts).
 */
function declaredValue(lng: string, value: number | null | undefined, currency: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return bidiMoney(lng, fmtNumber(lng, value, currency ? { style: "currency", currency } : { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
}

/**
 * Cash on delivery's amount due in the visitor's language: "€12.50". The currency's minor digits are read from a
 * formatted 1 (EUR 1.00, JPY 1, KWD 1.000) through fmtNumber, whose strings a rendered page brings (no money module
 * and no formatter of its own while the page hydrates).
 */
function codAmount(lng: string, due: { amount: number; currency: string }): string {
  const one = fmtNumber("en", 1, { style: "currency", currency: due.currency, currencyDisplay: "code", useGrouping: false });
  const digits = /[.](\d+)/.exec(one)?.[1]?.length ?? 0;
  const major = due.amount / 10 ** digits;
  const text = fmtNumber(lng, major, { style: "currency", currency: due.currency });
  // A currency Intl does not know: the number, then its code.
  return bidiMoney(lng, text === String(major) ? `${text} ${due.currency}` : text);
}

/**
 * Where the recipient chooses how they are told: once the view is unlocked (the second factor is known) the chooser
 * loads at once; a parcel without the privacy tier offers a button that loads it, and the chooser asks for the postcode
 * or e-mail itself (the choice needs it for every parcel). Not under the privacy tier, nor once the parcel's journey ended.
 */
function MessagesSlot({ code, verify }: { code: string; verify: string | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!verify && !open)
    return (
      <p className="messages-open">
        <button type="button" className="btn btn-outline" onClick={() => setOpen(true)} data-testid="messages-open">
          {t("track.messagesOpen")}
        </button>
      </p>
    );
  return (
    <Suspense
      fallback={
        <div className="card result-card" role="status">
          <span className="spinner" aria-hidden="true" />
        </div>
      }
    >
      <MessageChooser code={code} verify={verify} />
    </Suspense>
  );
}

/** When a delivered parcel was delivered: its proof's time, else its newest "delivered" history entry's, else its last event. */
function deliveredAt(p: Parcel): string {
  const entry = [...(p.history ?? [])].reverse().find((a) => a.status_code === "delivered");
  return p.delivery_proof?.delivered_at ?? entry?.created_at ?? p.last_event_at;
}

function HistoryItem({ a, latest, attempt }: { a: Activity; latest: boolean; attempt: number | null }) {
  const { t, i18n } = useTranslation();
  const color = COLORS.has(a.color) ? a.color : "green";
  const month = fmtDate(i18n.language, a.created_at, { month: "short" }) || a.created_at_month;
  return (
    <li className={`history-item act-${color}${latest ? " latest" : ""}`}>
      <div className="history-when">
        <span className="history-month">{month}</span>
        <span className="history-day">{a.created_at_day}</span>
        <span className="history-time">{a.created_at_time}</span>
      </div>
      <span className="history-icon" data-icon={a.icon}>
        <Icon path={activityIconPath(a.icon)} size={22} />
      </span>
      <div className="history-what">
        <h4>
          <bdi>{a.title}</bdi>
          {latest ? <span className="badge">{t("track.latest")}</span> : null}
        </h4>
        {a.status_code ? (
          <div className="history-status">
            <StatusBadge code={a.status_code} small />
            {attempt ? (
              <span className="history-reason history-attempt">
                <bdi>{attemptText(t, attempt, a.status_reason)}</bdi>
              </span>
            ) : a.status_reason ? (
              <span className="history-reason">
                {t("track.reason")}: <bdi>{a.status_reason}</bdi>
              </span>
            ) : null}
          </div>
        ) : null}
        {a.description ? (
          <p>
            <bdi>{a.description}</bdi>
          </p>
        ) : null}
      </div>
    </li>
  );
}

interface Reschedule {
  /** The second factor that unlocked the view, sent again with the choice. */
  verify: string | null;
  /** The secret of the reschedule link in the failed-attempt e-mail (the address's reschedule=). */
  token: string | null;
  onDone: () => Promise<void>;
}

export function TrackResult({
  parcel: p,
  onVerify,
  reschedule,
  verify = null,
}: {
  parcel: Parcel;
  onVerify?: Verify;
  reschedule?: Reschedule;
  /** The second factor that unlocked the view: the live updates ask with it too. */
  verify?: string | null;
}) {
  const { t, i18n } = useTranslation();
  const expected = deliveryWindow(i18n.language, p.min_expected_delivery_date, p.max_expected_delivery_date);
  // Once delivered, returned or cancelled, the estimate no longer heads the card.
  const final = isStatusCode(p.status_code) && FINAL_STATUSES.includes(p.status_code);
  const history = p.history ?? [];
  // Its stop on a started run: the window, the stops before it, the courier heading to it (moving as positions arrive).
  const live = useLive(p.tracking_code, verify, p.live);
  const courier = live?.courier ? point(live.courier.latitude, live.courier.longitude) : null;
  const showMap = p.show_map === "yes" || !!courier;
  const hasCode = !!p.status_code;
  const attempts = attemptNumbers(history);
  // The newest failed attempt heads the card while the parcel waits for the next one.
  const failed = p.status_code === "delivery_failed" && p.delivery_attempts > 0;
  // The head card first; the details, the history and the map follow one per frame (see useStaged).
  const shown = useStaged(4, 1);
  const local = useHydrated();
  const currency = useSiteGraph().settings?.currency;
  // Once delivered (or back with its sender) the parcel has no current location with the carrier: the delivery's place and time instead.
  const delivered = p.status_code === "delivered";
  const gone = delivered || p.status_code === "returned_to_sender";
  return (
    <article className="track-result" aria-labelledby="parcel-code">
      <header className="card result-head">
        <div className="result-head-main">
          <span className="result-label">{t("track.code")}</span>
          <h2 id="parcel-code" className="result-code" dir="ltr" tabIndex={-1}>
            {p.tracking_code}
          </h2>
          {hasCode ? (
            <StatusBadge code={p.status_code} />
          ) : p.status ? (
            <span className="status-pill" dir="auto">
              {p.status}
            </span>
          ) : null}
          {hasCode && p.status && !sameAsLabel(p.status, p.status_code, t) ? (
            <span className="status-note" dir="auto">
              {p.status}
            </span>
          ) : null}
        </div>
        <div className="result-route" aria-hidden={!p.pickup_location}>
          <div>
            <span className="result-label">{t("track.sentFrom")}</span>
            <strong>
              <bdi>{p.pickup_location || p.sender_name || t("common.notSet")}</bdi>
            </strong>
          </div>
          <Icon path={icons.arrow_forward} className="route-arrow flip-rtl" />
          <div>
            <span className="result-label">{t("track.destination")}</span>
            <strong>
              <bdi>{p.destination}</bdi>
            </strong>
          </div>
        </div>
        {hasCode ? (
          <div className="result-progress">
            <StatusProgress code={p.status_code} reason={failed ? null : p.status_reason} />
            {failed ? (
              <p className="status-reason attempt-note" data-testid="attempt-note">
                <Icon path={icons.pan_tool} size={18} />
                <strong>
                  <bdi>{attemptText(t, p.delivery_attempts, p.status_reason)}</bdi>
                </strong>
              </p>
            ) : null}
          </div>
        ) : null}
        <div className="result-facts">
          {live ? <LiveNote live={live} /> : null}
          {expected && !final ? (
            <div className="result-expected">
              <EstimatedDelivery dates={expected} iconSize={20} />
            </div>
          ) : null}
          <div className="result-updated">
            <Icon path={icons.schedule} size={20} />
            <span>
              {t("track.lastUpdate")}:{" "}
              <time dateTime={p.last_event_at}>
                <strong>
                  <bdi suppressHydrationWarning>{fmtMoment(i18n.language, p.last_event_at, local ? undefined : "UTC")}</bdi>
                </strong>
              </time>
            </span>
          </div>
          <QuietNote p={p} />
          {p.cod_due ? (
            <p className="quiet-note cod-note" data-testid="cod-due">
              <strong>{t("track.codDue", { amount: codAmount(i18n.language, p.cod_due) })}</strong>
            </p>
          ) : null}
        </div>
      </header>

      {p.details_protected ? <ProtectedNotice onVerify={onVerify} /> : null}

      {p.reschedule_allowed && reschedule ? (
        <RescheduleCard
          code={p.tracking_code}
          choice={p.reschedule_choice}
          date={p.reschedule_date}
          locked={p.details_protected}
          verify={reschedule.verify}
          token={reschedule.token}
          onDone={reschedule.onDone}
        />
      ) : null}

      {p.delivery_proof ? <ProofCard proof={p.delivery_proof} /> : null}

      {shown >= 2 && !p.details_protected && !final ? <MessagesSlot key={p.tracking_code} code={p.tracking_code} verify={verify} /> : null}

      {shown >= 2 ? (
        <div className="result-grid">
          <section className="card result-card" aria-labelledby="ship-info">
            <h3 id="ship-info">
              <Icon path={icons.inventory_2} size={22} />
              {t("track.shippingInfo")}
            </h3>
            <dl className="info-list">
              <Row label={t("track.code")} value={p.tracking_code} />
              <Row label={t("track.status")} value={p.status || (isStatusCode(p.status_code) ? t(`status.${p.status_code}`) : null)} />
              {gone ? null : <Row label={t("track.currentLocation")} value={p.current_location} />}
              {delivered ? (
                <Row
                  label={t("status.delivered")}
                  testId="delivered-row"
                  value={[p.destination, fmtMoment(i18n.language, deliveredAt(p), local ? undefined : "UTC")]}
                />
              ) : null}
              <Row label={t("track.shippedVia")} value={p.shipped_via} />
              <Row label={t("track.weight")} value={p.weight != null ? t("track.weightValue", { value: fmtNumber(i18n.language, p.weight) }) : null} />
              <Row label={t("track.content")} value={p.parcel_content} />
              <Row label={t("track.declaredValue")} value={declaredValue(i18n.language, p.declared_value, currency)} />
              <Row label={t("track.expected")} value={expected} />
            </dl>
          </section>
          <div className="result-side">
            <section className="card result-card" aria-labelledby="dest-info">
              <h3 id="dest-info">
                <Icon path={icons.flag} size={22} />
                {t("track.destination")}
              </h3>
              <dl className="info-list">
                <Row label={t("track.destination")} value={p.destination} />
                <Row label={t("track.recipient")} value={p.recipient_name} />
              </dl>
            </section>
            <section className="card result-card" aria-labelledby="from-info">
              <h3 id="from-info">
                <Icon path={icons.trip_origin} size={22} />
                {t("track.sentFrom")}
              </h3>
              <dl className="info-list">
                <Row label={t("track.pickup")} value={p.pickup_location} />
                <Row label={t("track.sender")} value={p.sender_name} />
              </dl>
            </section>
          </div>
        </div>
      ) : null}

      {shown >= 3 && p.image ? (
        <section className="card result-card result-image" aria-labelledby="img-info">
          <h3 id="img-info">
            <Icon path={icons.image} size={22} />
            {t("track.image")}
          </h3>
          <img src={`/uploads/images/${encodeURIComponent(p.image)}`} alt={t("track.image")} loading="lazy" decoding="async" />
        </section>
      ) : null}

      {shown >= 3 ? (
        <section className="card result-card" aria-labelledby="history-title">
          <h3 id="history-title">
            <Icon path={icons.route} size={22} />
            {t("track.history")}
          </h3>
          {history.length ? (
            <ol className="history">
              {history.map((a, i) => (
                <HistoryItem key={a.id} a={a} latest={i === history.length - 1} attempt={attempts[i]} />
              ))}
            </ol>
          ) : (
            <p className="empty-note">{t("track.noHistory")}</p>
          )}
        </section>
      ) : null}

      {shown >= 4 && showMap ? (
        <section className="card result-card" aria-labelledby="map-title">
          <h3 id="map-title">
            <Icon path={icons.location_on} size={22} />
            {t("track.map")}
          </h3>
          <MapWhenNeeded
            placeholder={
              <div className="parcel-map-loading" style={{ height: "60vh" }}>
                {t("track.mapLoading")}
              </div>
            }
          >
            <ParcelMap
              zoom={p.map_zoom}
              current={gone ? null : point(p.map_current_latitude, p.map_current_longitude)}
              pickup={point(p.map_pickup_latitude, p.map_pickup_longitude)}
              destination={point(p.map_destination_latitude, p.map_destination_longitude)}
              courier={courier}
            />
          </MapWhenNeeded>
        </section>
      ) : null}
    </article>
  );
}
