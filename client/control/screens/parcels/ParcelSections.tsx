import { lazy, Suspense, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Icon } from "../../../components/Icon";
import type { AdminParcelQuery } from "../../../generated/graphql";
import { activityIconPath } from "../../../components/activityIcons";
import { ProofImages } from "../../../modules/delivery/ProofView";
import { deliveryWindow } from "../../../modules/parcel/format";
import { attemptNumbers } from "@shared/modules/delivery/delivery.rules";
import { formatMajor } from "@shared/core/money";
import { COLOR_SWATCH, failureReasonLabel, LANGUAGE_OPTIONS, labelOf, statusLabel } from "../../options";
import { controlLanguage, moment, number, money } from "../../time";
import { labels, NS } from "./cod";
import { StatusBadge } from "../shippers/common";
import { rescheduleText } from "./ToReschedule";
import type { TFunction } from "i18next";
import * as icons from "../../icons";

const ParcelMap = lazy(() => import("../../../components/ParcelMap"));

export type Parcel = AdminParcelQuery["adminParcel"];
type Address = NonNullable<Parcel["recipient_address"]>;
type Activity = Parcel["history"][number];

/** Dates and numbers in the control panel's language (the member's: control/time.ts). */
const days = (min: string | null | undefined, max: string | null | undefined) => deliveryWindow(controlLanguage(), min, max);

/** A section of the parcel's page: its heading (the page's outline), and an action beside it. */
export function Section({
  id,
  title,
  icon,
  action,
  className,
  children,
}: {
  id: string;
  title: string;
  icon: string;
  action?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={`cp-card cp-psec${className ? ` ${className}` : ""}`} aria-labelledby={`${id}-title`} data-testid={id}>
      <div className="cp-psec-head">
        <h2 id={`${id}-title`} className="cp-card-title">
          <Icon path={icon} size={22} />
          <span>{title}</span>
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** A link to another screen beside a section's heading (only where the role may open it: the caller checks). */
export function SectionLink({ to, label, icon, name }: { to: string; label: string; icon: string; name?: string }) {
  return (
    <Link to={to} className="cp-btn cp-btn-outline cp-btn-sm" aria-label={name}>
      <Icon path={icon} size={18} />
      <span>{label}</span>
    </Link>
  );
}

/** One fact: its label and value, "Not set" when empty; `field` names the wire field (tests and tools read it). */
export function Fact({ label, field, children, wide }: { label: string; field?: string; children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation(NS);
  const empty = children === null || children === undefined || children === "";
  return (
    <div className={wide ? "cp-fact cp-fact-wide" : "cp-fact"}>
      <dt>{label}</dt>
      <dd data-field={field} className={empty ? "cp-muted" : undefined}>
        {empty ? t("detail.notSet") : children}
      </dd>
    </div>
  );
}

/** The status heading the page: its label large, the latest entry, the last news, the expected days, failed attempts. */
export function StatusSection({ parcel, action, trackUrl }: { parcel: Parcel; action?: ReactNode; trackUrl: string }) {
  const { t } = useTranslation(NS);
  const latest = parcel.history.at(-1);
  const label = statusLabel(parcel.status_code);
  const expected = days(parcel.min_expected_delivery_date, parcel.max_expected_delivery_date);
  const numbers = attemptNumbers(parcel.history);
  const attempts = parcel.history.flatMap((a, i) => (numbers[i] ? [{ n: numbers[i]!, a }] : []));
  const choice = rescheduleText(t, parcel);
  const f = labels("current_location", "status_reason");
  return (
    <Section id="parcel-status" title={t("detail.status.title")} icon={icons.schedule} action={action} className="cp-psec-status">
      <div className="cp-pstatus">
        {parcel.status_code ? (
          <span className="cp-pstatus-badge" data-testid="parcel-status-label">
            <StatusBadge status={parcel.status_code} />
          </span>
        ) : (
          <span className="cp-muted" data-testid="parcel-status-label">
            {t("detail.status.noCode")}
          </span>
        )}
        {parcel.status && parcel.status.trim().toLowerCase() !== label?.toLowerCase() ? <span className="cp-pstatus-text">{parcel.status}</span> : null}
      </div>
      {latest ? (
        <p className="cp-platest" data-testid="latest-entry">
          <strong>{latest.title}</strong>
          <span className="cp-muted"> · {moment(latest.created_at)}</span>
          {latest.status_reason ? <span className="cp-muted"> · {failureReasonLabel(latest.status_reason)}</span> : null}
        </p>
      ) : null}
      <dl className="cp-facts">
        <Fact label={t("detail.status.lastNews")} field="last_event_at">
          <time dateTime={parcel.last_event_at}>{moment(parcel.last_event_at)}</time>
        </Fact>
        <Fact label={f.current_location} field="current_location">
          {parcel.current_location}
        </Fact>
        <Fact label={t("detail.status.expected")} field="expected_delivery">
          {expected ? <time dateTime={parcel.min_expected_delivery_date ?? parcel.max_expected_delivery_date ?? undefined}>{expected}</time> : null}
        </Fact>
        {parcel.status_reason ? (
          <Fact label={f.status_reason} field="status_reason">
            {failureReasonLabel(parcel.status_reason)}
          </Fact>
        ) : null}
      </dl>
      {attempts.length ? (
        <div className="cp-pattempts">
          <p className="cp-small">
            <strong>{t("detail.status.failedAttempts", { count: attempts.length })}</strong>
          </p>
          <ol className="cp-attempts" data-testid="attempts">
            {attempts.map(({ n, a }) => (
              <li key={a.id}>
                <strong>{t("detail.status.attempt", { n })}</strong> · {moment(a.created_at)}
                {a.status_reason ? ` · ${failureReasonLabel(a.status_reason)}` : ""}
              </li>
            ))}
          </ol>
          {choice ? (
            <p className="cp-reschedule-choice" data-testid="reschedule-choice">
              <Icon path={icons.schedule} size={18} /> {choice}
              {parcel.rescheduled_at ? ` ${t("reschedule.chosen", { when: moment(parcel.rescheduled_at) })}` : ""}
            </p>
          ) : parcel.status_code === "delivery_failed" ? (
            <p className="cp-muted cp-small">{parcel.allow_reschedule ? t("detail.status.mayReschedule") : t("detail.status.rescheduleOff")}</p>
          ) : null}
        </div>
      ) : null}
      <p className="cp-track-link">
        <Icon path={icons.public} size={18} />
        <span>{t("detail.status.trackingPage")} </span>
        <a href={trackUrl} target="_blank" rel="noopener">
          {`${location.origin}${trackUrl}`}
        </a>
      </p>
    </Section>
  );
}

/** An address as lines: the structured one where the parcel has it, else the free-text place. */
function AddressLines({ address, place }: { address?: Address | null; place?: string | null }) {
  const { t } = useTranslation(NS);
  if (!address) return place ? <>{place}</> : null;
  const cityLine = [address.postcode, address.city].filter(Boolean).join(" ");
  const lines = [address.company, address.line1, address.line2, cityLine, address.region, address.country].filter(Boolean);
  return (
    <address className="cp-paddress">
      {lines.map((l, i) => (
        <span key={i}>{l}</span>
      ))}
      {address.located === "city" ? <small className="cp-muted">{t("detail.addresses.cityOnly")}</small> : null}
    </address>
  );
}

function Party({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="cp-pparty">
      <h3>{title}</h3>
      <dl className="cp-facts">{children}</dl>
    </div>
  );
}

export function AddressesSection({ parcel, action }: { parcel: Parcel; action?: ReactNode }) {
  const s = parcel.sender_address;
  const r = parcel.recipient_address;
  const { t } = useTranslation(NS);
  const f = labels("pickup_location", "destination");
  return (
    <Section id="parcel-addresses" title={t("detail.addresses.title")} icon={icons.person} action={action}>
      <div className="cp-pparties">
        <Party title={t("detail.addresses.sender")}>
          <Fact label={t("detail.addresses.name")} field="sender_name">
            {parcel.sender_name}
          </Fact>
          <Fact label={t("detail.addresses.email")} field="sender_email">
            {parcel.sender_email}
          </Fact>
          <Fact label={f.pickup_location} field="pickup_location">
            {s || parcel.pickup_location ? <AddressLines address={s} place={parcel.pickup_location} /> : null}
          </Fact>
        </Party>
        <Party title={t("detail.addresses.recipient")}>
          <Fact label={t("detail.addresses.name")} field="recipient_name">
            {parcel.recipient_name}
          </Fact>
          <Fact label={t("detail.addresses.email")} field="recipient_email">
            {parcel.recipient_email}
          </Fact>
          <Fact label={t("detail.addresses.phone")} field="recipient_phone_number">
            {parcel.recipient_phone_number ?? r?.phone}
          </Fact>
          <Fact label={f.destination} field="destination">
            <AddressLines address={r} place={parcel.destination} />
          </Fact>
          <Fact label={t("detail.addresses.postcode")} field="recipient_postcode">
            {parcel.recipient_postcode}
          </Fact>
        </Party>
      </div>
    </Section>
  );
}

export function ContentsSection({ parcel, currency, action }: { parcel: Parcel; currency: string; action?: ReactNode }) {
  const { t } = useTranslation(NS);
  const f = labels("parcel_content", "weight", "declared_value", "shipped_via");
  return (
    <Section id="parcel-contents" title={t("detail.contents.title")} icon={icons.inventory_2} action={action}>
      <dl className="cp-facts">
        <Fact label={f.parcel_content} field="parcel_content">
          {parcel.parcel_content}
        </Fact>
        <Fact label={f.weight} field="weight">
          {parcel.weight != null ? t("detail.contents.kg", { weight: number(parcel.weight) }) : null}
        </Fact>
        <Fact label={f.declared_value} field="declared_value">
          {parcel.declared_value != null ? formatMajor(parcel.declared_value, currency, controlLanguage()) : null}
        </Fact>
        <Fact label={f.shipped_via} field="shipped_via">
          {parcel.shipped_via}
        </Fact>
      </dl>
      {parcel.image ? (
        <img
          className="cp-parcel-image"
          src={`/uploads/images/${encodeURIComponent(parcel.image)}`}
          alt={t("detail.contents.imageAlt", { code: parcel.tracking_code })}
        />
      ) : null}
    </Section>
  );
}

const point = (lat?: number | null, lng?: number | null): [number, number] | null => (lat == null || lng == null ? null : [lat, lng]);

export function MapSection({ parcel, action }: { parcel: Parcel; action?: ReactNode }) {
  const { t } = useTranslation(NS);
  return (
    <Section id="parcel-map" title={t("detail.map.title")} icon={icons.map} action={action}>
      {parcel.show_map === "yes" ? (
        <Suspense fallback={<p className="cp-state">{t("place.loading", { ns: "control" })}</p>}>
          <ParcelMap
            zoom={parcel.map_zoom}
            current={point(parcel.map_current_latitude, parcel.map_current_longitude)}
            pickup={point(parcel.map_pickup_latitude, parcel.map_pickup_longitude)}
            destination={point(parcel.map_destination_latitude, parcel.map_destination_longitude)}
            height="min(60vh, 420px)"
            whenIdle
          />
        </Suspense>
      ) : (
        <p className="cp-muted">{t("detail.map.hidden")}</p>
      )}
    </Section>
  );
}

export function ProofSection({ parcel, action }: { parcel: Parcel; action?: ReactNode }) {
  const proof = parcel.delivery_proof;
  const { t } = useTranslation(NS);
  const f = labels("receiver_name", "left_at");
  return (
    <Section id="parcel-proof" title={t("detail.proof.title")} icon={icons.check_circle} action={proof ? undefined : action} className="cp-proof-card">
      {proof ? (
        <>
          <dl className="cp-facts" data-testid="proof-facts">
            <Fact label={f.receiver_name}>{proof.receiver_name}</Fact>
            <Fact label={t("detail.proof.delivered")}>
              <time dateTime={proof.delivered_at}>{moment(proof.delivered_at)}</time>
            </Fact>
            {proof.left_at ? <Fact label={f.left_at}>{proof.left_at}</Fact> : null}
            {parcel.delivery_recorded_by ? <Fact label={t("detail.proof.recordedBy")}>{parcel.delivery_recorded_by}</Fact> : null}
          </dl>
          <ProofImages proof={proof} signatureAlt={t("detail.proof.signature")} photoAlt={t("detail.proof.photo")} className="proof-images cp-proof-images" />
        </>
      ) : (
        <p className="cp-muted">{t("detail.proof.none")}</p>
      )}
    </Section>
  );
}

/** Who added a history entry (the control panel only; the public views never carry it). */
function addedBy(t: TFunction, a: Activity): string {
  if (a.created_by_kind === "member" && a.created_by_name) return t("detail.history.byMember", { name: a.created_by_name });
  if (a.created_by_kind === "key" && a.created_by_name) return t("detail.history.byKey", { name: a.created_by_name });
  return t("detail.history.bySystem");
}

/** The history, newest first (the public page's, turned for staff: the latest matters most). */
export function HistorySection({ parcel, action }: { parcel: Parcel; action?: ReactNode }) {
  const rows = [...parcel.history].reverse();
  const { t } = useTranslation(NS);
  return (
    <Section id="parcel-history" title={t("detail.history.title", { n: number(rows.length) })} icon={icons.history} action={action}>
      {rows.length ? (
        <ol className="cp-phistory" aria-label={t("detail.history.list")}>
          {rows.map((a, i) => (
            <li key={a.id} className={i === 0 ? "is-latest" : undefined}>
              <span className="cp-phistory-icon" style={{ color: COLOR_SWATCH[a.color] ?? "inherit" }}>
                <Icon path={activityIconPath(a.icon)} size={22} />
              </span>
              <div>
                <strong>{a.title}</strong>
                {a.status_code ? (
                  <>
                    {" "}
                    <StatusBadge status={a.status_code} />
                    {a.status_reason ? <span className="cp-muted cp-small"> {failureReasonLabel(a.status_reason)}</span> : null}
                  </>
                ) : null}
                <small className="cp-muted cp-phistory-when">
                  <time dateTime={a.created_at}>{moment(a.created_at)}</time> · {addedBy(t, a)}
                </small>
                {a.description ? <p>{a.description}</p> : null}
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="cp-muted">{t("detail.history.none")}</p>
      )}
    </Section>
  );
}

/** What the recipient is told, and who may see the details. */
export function NoticeSection({ parcel, action }: { parcel: Parcel; action?: ReactNode }) {
  const { t } = useTranslation(NS);
  const yesNo = (v: boolean) => (v ? t("options.yes", { ns: "control" }) : t("options.no", { ns: "control" }));
  const f = labels("recipient_language", "protect_details");
  return (
    <Section id="parcel-notices" title={t("detail.notices.title")} icon={icons.email} action={action}>
      <dl className="cp-facts">
        <Fact label={t("detail.notices.emails")} field="notify_recipient">
          {parcel.recipient_unsubscribed ? t("detail.notices.unsubscribed") : parcel.notify_recipient ? t("detail.notices.on") : t("detail.notices.off")}
        </Fact>
        <Fact label={f.recipient_language} field="recipient_language">
          {parcel.recipient_language ? labelOf(LANGUAGE_OPTIONS, parcel.recipient_language) : t("detail.notices.englishDefault")}
        </Fact>
        <Fact label={f.protect_details} field="protect_details">
          {yesNo(parcel.protect_details)}
        </Fact>
        <Fact label={t("detail.notices.mayReschedule")} field="allow_reschedule">
          {yesNo(parcel.allow_reschedule)}
        </Fact>
        <Fact label={t("detail.notices.quietAfter")} field="quiet_after_days">
          {t("detail.notices.quietDays", { count: parcel.quiet_after_days })}
        </Fact>
        <Fact label={t("detail.notices.created")} field="created_at">
          <time dateTime={parcel.created_at}>{moment(parcel.created_at)}</time>
        </Fact>
        <Fact label={t("detail.notices.changed")} field="updated_at">
          <time dateTime={parcel.updated_at}>{moment(parcel.updated_at)}</time>
        </Fact>
      </dl>
    </Section>
  );
}

const COD_BADGE: Record<string, string> = { expected: "cp-badge-warn", void: "cp-badge-muted" };

/** Cash on delivery: what is due and what became of it (the staff view's `cod`, contract section 12). */
export function CodSection({ parcel, action }: { parcel: Parcel; action?: ReactNode }) {
  const { t } = useTranslation(NS);
  const cod = parcel.cod;
  const f = labels("cod_amount");
  return (
    <Section id="parcel-cod" title={t("cod.title")} icon={icons.payments} action={action}>
      {cod ? (
        <dl className="cp-facts" data-testid="cod-facts">
          <Fact label={f.cod_amount} field="cod.amount">
            {money(cod.amount, cod.currency)}
          </Fact>
          <Fact label={t("cod.statusLabel")} field="cod.status">
            <span className={`cp-badge ${COD_BADGE[cod.status] ?? "cp-badge-ok"}`} data-status={cod.status}>
              {t(`cod.status.${cod.status}`, { defaultValue: cod.status })}
            </span>
          </Fact>
          <Fact label={t("cod.method")} field="cod.method">
            {cod.method ? t(`cod.methods.${cod.method}`, { defaultValue: cod.method }) : null}
          </Fact>
          <Fact label={t("cod.collectedAmount")} field="cod.collected_amount">
            {cod.collected_amount != null ? money(cod.collected_amount, cod.currency) : null}
          </Fact>
          <Fact label={t("cod.collectedAt")} field="cod.collected_at">
            {cod.collected_at ? <time dateTime={cod.collected_at}>{moment(cod.collected_at)}</time> : null}
          </Fact>
          <Fact label={t("cod.collectedBy")} field="cod.collected_by">
            {cod.collected_by != null ? (cod.collected_by_name ?? t("cod.member", { id: cod.collected_by })) : null}
          </Fact>
          <Fact label={t("cod.cashup")} field="cod.cashup_id">
            {cod.cashup_id != null ? t("cod.numbered", { id: cod.cashup_id }) : null}
          </Fact>
          <Fact label={t("cod.remittance")} field="cod.remittance_id">
            {cod.remittance_id != null ? t("cod.numbered", { id: cod.remittance_id }) : null}
          </Fact>
        </dl>
      ) : (
        <p className="cp-muted">{t("cod.none")}</p>
      )}
    </Section>
  );
}
