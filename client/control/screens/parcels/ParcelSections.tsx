import { lazy, Suspense, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { Icon } from "../../../components/Icon";
import type { AdminParcelQuery } from "../../../generated/graphql";
import { activityIconPath } from "../../../components/activityIcons";
import { ProofImages } from "../../../modules/delivery/ProofView";
import { deliveryWindow, fmtMoment, fmtNumber } from "../../../modules/parcel/format";
import { attemptNumbers } from "@shared/modules/delivery/delivery.rules";
import { formatMajor } from "@shared/core/money";
import { COLOR_SWATCH, failureReasonLabel, LANGUAGE_OPTIONS, labelOf, statusLabel } from "../../options";
import { StatusBadge } from "../shippers/common";
import { rescheduleText } from "./ToReschedule";
import * as icons from "../../icons";

const ParcelMap = lazy(() => import("../../../components/ParcelMap"));

export type Parcel = AdminParcelQuery["adminParcel"];
type Address = NonNullable<Parcel["recipient_address"]>;
type Activity = Parcel["history"][number];

/** Dates and numbers in the reader's own language (the browser's), as the public pages do in theirs. */
const lng = () => (typeof navigator === "undefined" ? "en" : navigator.language || "en");
export const moment = (iso: string | null | undefined) => fmtMoment(lng(), iso);
const days = (min: string | null | undefined, max: string | null | undefined) => deliveryWindow(lng(), min, max);

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
  const empty = children === null || children === undefined || children === "";
  return (
    <div className={wide ? "cp-fact cp-fact-wide" : "cp-fact"}>
      <dt>{label}</dt>
      <dd data-field={field} className={empty ? "cp-muted" : undefined}>
        {empty ? "Not set" : children}
      </dd>
    </div>
  );
}

const yesNo = (v: boolean) => (v ? "Yes" : "No");

/** The status heading the page: its label large, the latest entry, the last news, the expected days, failed attempts. */
export function StatusSection({ parcel, action, trackUrl }: { parcel: Parcel; action?: ReactNode; trackUrl: string }) {
  const latest = parcel.history.at(-1);
  const label = statusLabel(parcel.status_code);
  const expected = days(parcel.min_expected_delivery_date, parcel.max_expected_delivery_date);
  const numbers = attemptNumbers(parcel.history);
  const attempts = parcel.history.flatMap((a, i) => (numbers[i] ? [{ n: numbers[i]!, a }] : []));
  const choice = rescheduleText(parcel);
  return (
    <Section id="parcel-status" title="Status" icon={icons.schedule} action={action} className="cp-psec-status">
      <div className="cp-pstatus">
        {parcel.status_code ? (
          <span className="cp-pstatus-badge" data-testid="parcel-status-label">
            <StatusBadge status={parcel.status_code} />
          </span>
        ) : (
          <span className="cp-muted" data-testid="parcel-status-label">
            No status code yet
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
        <Fact label="Last news" field="last_event_at">
          <time dateTime={parcel.last_event_at}>{moment(parcel.last_event_at)}</time>
        </Fact>
        <Fact label="Current location" field="current_location">
          {parcel.current_location}
        </Fact>
        <Fact label="Expected delivery" field="expected_delivery">
          {expected ? <time dateTime={parcel.min_expected_delivery_date ?? parcel.max_expected_delivery_date ?? undefined}>{expected}</time> : null}
        </Fact>
        {parcel.status_reason ? (
          <Fact label="Status reason" field="status_reason">
            {failureReasonLabel(parcel.status_reason)}
          </Fact>
        ) : null}
      </dl>
      {attempts.length ? (
        <div className="cp-pattempts">
          <p className="cp-small">
            <strong>{attempts.length === 1 ? "1 failed attempt" : `${attempts.length} failed attempts`}</strong>
          </p>
          <ol className="cp-attempts" data-testid="attempts">
            {attempts.map(({ n, a }) => (
              <li key={a.id}>
                <strong>Attempt {n}</strong> · {moment(a.created_at)}
                {a.status_reason ? ` · ${failureReasonLabel(a.status_reason)}` : ""}
              </li>
            ))}
          </ol>
          {choice ? (
            <p className="cp-reschedule-choice" data-testid="reschedule-choice">
              <Icon path={icons.schedule} size={18} /> {choice}
              {parcel.rescheduled_at ? ` (chosen ${moment(parcel.rescheduled_at)})` : ""}
            </p>
          ) : parcel.status_code === "delivery_failed" ? (
            <p className="cp-muted cp-small">
              {parcel.allow_reschedule
                ? "The recipient may choose a new day or the depot on the tracking page; no choice yet."
                : "Rescheduling by the recipient is off (Update Parcel: Allow rescheduling)."}
            </p>
          ) : null}
        </div>
      ) : null}
      <p className="cp-track-link">
        <Icon path={icons.public} size={18} />
        <span>Tracking page: </span>
        <a href={trackUrl} target="_blank" rel="noopener">
          {`${location.origin}${trackUrl}`}
        </a>
      </p>
    </Section>
  );
}

/** An address as lines: the structured one where the parcel has it, else the free-text place. */
function AddressLines({ address, place }: { address?: Address | null; place?: string | null }) {
  if (!address) return place ? <>{place}</> : null;
  const cityLine = [address.postcode, address.city].filter(Boolean).join(" ");
  const lines = [address.company, address.line1, address.line2, cityLine, address.region, address.country].filter(Boolean);
  return (
    <address className="cp-paddress">
      {lines.map((l, i) => (
        <span key={i}>{l}</span>
      ))}
      {address.located === "city" ? <small className="cp-muted">Placed at its city (no exact point)</small> : null}
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
  return (
    <Section id="parcel-addresses" title="Sender and recipient" icon={icons.person} action={action}>
      <div className="cp-pparties">
        <Party title="Sender">
          <Fact label="Name" field="sender_name">
            {parcel.sender_name}
          </Fact>
          <Fact label="Email" field="sender_email">
            {parcel.sender_email}
          </Fact>
          <Fact label="Pickup location" field="pickup_location">
            {s || parcel.pickup_location ? <AddressLines address={s} place={parcel.pickup_location} /> : null}
          </Fact>
        </Party>
        <Party title="Recipient">
          <Fact label="Name" field="recipient_name">
            {parcel.recipient_name}
          </Fact>
          <Fact label="Email" field="recipient_email">
            {parcel.recipient_email}
          </Fact>
          <Fact label="Phone" field="recipient_phone_number">
            {parcel.recipient_phone_number ?? r?.phone}
          </Fact>
          <Fact label="Destination" field="destination">
            <AddressLines address={r} place={parcel.destination} />
          </Fact>
          <Fact label="Postcode" field="recipient_postcode">
            {parcel.recipient_postcode}
          </Fact>
        </Party>
      </div>
    </Section>
  );
}

export function ContentsSection({ parcel, currency, action }: { parcel: Parcel; currency: string; action?: ReactNode }) {
  return (
    <Section id="parcel-contents" title="Contents and value" icon={icons.inventory_2} action={action}>
      <dl className="cp-facts">
        <Fact label="Contents" field="parcel_content">
          {parcel.parcel_content}
        </Fact>
        <Fact label="Weight" field="weight">
          {parcel.weight != null ? `${fmtNumber(lng(), parcel.weight)} kg` : null}
        </Fact>
        <Fact label="Declared value" field="declared_value">
          {parcel.declared_value != null ? formatMajor(parcel.declared_value, currency, lng()) : null}
        </Fact>
        <Fact label="Shipped via" field="shipped_via">
          {parcel.shipped_via}
        </Fact>
      </dl>
      {parcel.image ? (
        <img className="cp-parcel-image" src={`/uploads/images/${encodeURIComponent(parcel.image)}`} alt={`Parcel ${parcel.tracking_code}`} />
      ) : null}
    </Section>
  );
}

const point = (lat?: number | null, lng?: number | null): [number, number] | null => (lat == null || lng == null ? null : [lat, lng]);

export function MapSection({ parcel, action }: { parcel: Parcel; action?: ReactNode }) {
  return (
    <Section id="parcel-map" title="Map" icon={icons.map} action={action}>
      {parcel.show_map === "yes" ? (
        <Suspense fallback={<p className="cp-state">Loading map ...</p>}>
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
        <p className="cp-muted">The map is hidden on the tracking page.</p>
      )}
    </Section>
  );
}

export function ProofSection({ parcel, action }: { parcel: Parcel; action?: ReactNode }) {
  const proof = parcel.delivery_proof;
  return (
    <Section id="parcel-proof" title="Proof of delivery" icon={icons.check_circle} action={proof ? undefined : action} className="cp-proof-card">
      {proof ? (
        <>
          <dl className="cp-facts" data-testid="proof-facts">
            <Fact label="Received by">{proof.receiver_name}</Fact>
            <Fact label="Delivered">
              <time dateTime={proof.delivered_at}>{moment(proof.delivered_at)}</time>
            </Fact>
            {proof.left_at ? <Fact label="Left at">{proof.left_at}</Fact> : null}
            {parcel.delivery_recorded_by ? <Fact label="Recorded by">{parcel.delivery_recorded_by}</Fact> : null}
          </dl>
          <ProofImages proof={proof} signatureAlt="Signature" photoAlt="Photo at delivery" className="proof-images cp-proof-images" />
        </>
      ) : (
        <p className="cp-muted">Not delivered yet: the courier records who took the parcel, a signature or a photo.</p>
      )}
    </Section>
  );
}

/** Who added a history entry (the control panel only; the public views never carry it). */
function addedBy(a: Activity): string {
  if (a.created_by_kind === "member" && a.created_by_name) return `by ${a.created_by_name}`;
  if (a.created_by_kind === "key" && a.created_by_name) return `by API key ${a.created_by_name}`;
  return "by the system";
}

/** The history, newest first (the public page's, turned for staff: the latest matters most). */
export function HistorySection({ parcel, action }: { parcel: Parcel; action?: ReactNode }) {
  const rows = [...parcel.history].reverse();
  return (
    <Section id="parcel-history" title={`History (${rows.length})`} icon={icons.history} action={action}>
      {rows.length ? (
        <ol className="cp-phistory" aria-label="History, newest first">
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
                  <time dateTime={a.created_at}>{moment(a.created_at)}</time> · {addedBy(a)}
                </small>
                {a.description ? <p>{a.description}</p> : null}
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="cp-muted">No history yet. Each entry shows on the tracking page; one with a status sets the parcel&apos;s status.</p>
      )}
    </Section>
  );
}

/** What the recipient is told, and who may see the details. */
export function NoticeSection({ parcel, action }: { parcel: Parcel; action?: ReactNode }) {
  return (
    <Section id="parcel-notices" title="Notifications and privacy" icon={icons.email} action={action}>
      <dl className="cp-facts">
        <Fact label="Status e-mails" field="notify_recipient">
          {parcel.recipient_unsubscribed ? "Off: the recipient unsubscribed" : parcel.notify_recipient ? "On" : "Off"}
        </Fact>
        <Fact label="Recipient's language" field="recipient_language">
          {parcel.recipient_language ? labelOf(LANGUAGE_OPTIONS, parcel.recipient_language) : "English (default)"}
        </Fact>
        <Fact label="Protect details" field="protect_details">
          {yesNo(parcel.protect_details)}
        </Fact>
        <Fact label="Recipient may reschedule" field="allow_reschedule">
          {yesNo(parcel.allow_reschedule)}
        </Fact>
        <Fact label="Quiet after" field="quiet_after_days">
          {`${parcel.quiet_after_days} days without news`}
        </Fact>
        <Fact label="Created" field="created_at">
          <time dateTime={parcel.created_at}>{moment(parcel.created_at)}</time>
        </Fact>
        <Fact label="Last changed" field="updated_at">
          <time dateTime={parcel.updated_at}>{moment(parcel.updated_at)}</time>
        </Fact>
      </dl>
    </Section>
  );
}
