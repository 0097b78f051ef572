import { lazy, Suspense } from "react";
import { Link } from "react-router-dom";
import { Card, PageHeader } from "../../components/PageHeader";
import { FormStatus } from "../../components/fields";
import { Icon } from "../../../components/Icon";
import { useFlash } from "../../hooks/lists";
import { useTitle } from "../../hooks/useTitle";
import type { AdminParcelQuery } from "../../../generated/graphql";
import { failureReasonLabel, LANGUAGE_OPTIONS, statusLabel } from "../../options";
import { ProofImages } from "../../../modules/delivery/ProofView";
import { attemptNumbers } from "@shared/modules/delivery/delivery.rules";
import { rescheduleText } from "./ToReschedule";
import { ParcelGate } from "./ParcelGate";
import { useRole } from "../../session";
import { mayOpen } from "../../roles";
import { labelUrl } from "./labels";
import * as icons from "../../icons";

const ParcelMap = lazy(() => import("../../../components/ParcelMap"));

type Parcel = AdminParcelQuery["adminParcel"];

const point = (lat?: number | null, lng?: number | null): [number, number] | null => (lat == null || lng == null ? null : [lat, lng]);

/** "map_current_latitude" -> "MAP CURRENT LATITUDE" */
const heading = (key: string) => key.replace(/_/g, " ").toUpperCase();

const TIMES = new Set(["created_at", "updated_at", "last_event_at"]);

function show(key: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "-";
  if (TIMES.has(key) && typeof value === "string") return new Date(value).toLocaleString();
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (key === "status_code" && typeof value === "string") return `${statusLabel(value) ?? value} (${value})`;
  if (key === "recipient_language" && typeof value === "string") return LANGUAGE_OPTIONS.find((o) => o.value === value)?.label ?? value;
  return String(value);
}

/** Every non-object field of the parcel, as the server returns it. */
function FieldTable({ parcel }: { parcel: Parcel }) {
  const rows = Object.entries(parcel).filter(([k, v]) => k !== "__typename" && (v === null || typeof v !== "object"));
  return (
    <div className="cp-table-wrap">
      <table className="cp-table" data-testid="parcel-fields">
        <caption className="cp-visually-hidden">Parcel fields</caption>
        <tbody>
          {rows.map(([k, v]) => (
            <tr key={k}>
              <th scope="row">{heading(k)}</th>
              <td className={v === null || v === "" ? "cp-muted" : undefined}>{show(k, v)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Proof of delivery (always shown to staff) and failed attempts with the recipient's choice. */
function DeliveryCards({ parcel }: { parcel: Parcel }) {
  const proof = parcel.delivery_proof;
  const numbers = attemptNumbers(parcel.history);
  const attempts = parcel.history.flatMap((a, i) => (numbers[i] ? [{ n: numbers[i]!, a }] : []));
  const choice = rescheduleText(parcel);
  if (!proof && !attempts.length) return null;
  return (
    <div className="cp-delivery-cards">
      {proof ? (
        <Card title="Proof of delivery" className="cp-proof-card">
          <dl className="cp-proof-facts" data-testid="proof-facts">
            <div>
              <dt>Received by</dt>
              <dd>{proof.receiver_name || "-"}</dd>
            </div>
            <div>
              <dt>Delivered</dt>
              <dd>{new Date(proof.delivered_at).toLocaleString()}</dd>
            </div>
            {proof.left_at ? (
              <div>
                <dt>Left at</dt>
                <dd>{proof.left_at}</dd>
              </div>
            ) : null}
            {parcel.delivery_recorded_by ? (
              <div>
                <dt>Recorded by</dt>
                <dd>{parcel.delivery_recorded_by}</dd>
              </div>
            ) : null}
          </dl>
          <ProofImages proof={proof} signatureAlt="Signature" photoAlt="Photo at delivery" className="proof-images cp-proof-images" />
        </Card>
      ) : null}
      {attempts.length ? (
        <Card title={attempts.length === 1 ? "1 failed attempt" : `${attempts.length} failed attempts`} className="cp-attempts-card">
          <ol className="cp-attempts" data-testid="attempts">
            {attempts.map(({ n, a }) => (
              <li key={a.id}>
                <strong>Attempt {n}</strong> · {new Date(a.created_at).toLocaleString()}
                {a.status_reason ? ` · ${failureReasonLabel(a.status_reason)}` : ""}
              </li>
            ))}
          </ol>
          {choice ? (
            <p className="cp-reschedule-choice" data-testid="reschedule-choice">
              <Icon path={icons.schedule} size={18} /> {choice}
              {parcel.rescheduled_at ? ` (chosen ${new Date(parcel.rescheduled_at).toLocaleString()})` : ""}
            </p>
          ) : parcel.status_code === "delivery_failed" ? (
            <p className="cp-muted">
              {parcel.allow_reschedule
                ? "The recipient may choose a new day or the depot on the tracking page; no choice yet."
                : "Rescheduling by the recipient is off (Update Parcel: Allow rescheduling)."}
            </p>
          ) : null}
        </Card>
      ) : null}
    </div>
  );
}

function Detail({ parcel, base }: { parcel: Parcel; base: string }) {
  const { role } = useRole();
  useTitle(`Parcel ${parcel.tracking_code}`);
  const flash = useFlash();
  const trackUrl = `/track.html?code=${encodeURIComponent(parcel.tracking_code)}`;
  const links = [
    { to: `${base}/update`, label: "Update Parcel", icon: icons.edit },
    { to: `${base}/activities`, label: "Update History", icon: icons.history },
    { to: `${base}/update-map`, label: "Update Map", icon: icons.map },
    { to: `${base}/update-image`, label: "Update Image", icon: icons.image },
    ...(parcel.delivery_proof ? [] : [{ to: `${base}/deliver`, label: "Record Delivery", icon: icons.check_circle }]),
  ].filter((l) => mayOpen(role, l.to));
  return (
    <div className="cp-container">
      <PageHeader
        title={<span className="cp-mono">{parcel.tracking_code}</span>}
        sub={
          <>
            {`${parcel.recipient_name} · ${parcel.destination}`}
            {parcel.status_code ? (
              <>
                {" "}
                <span className="cp-badge cp-badge-status">{statusLabel(parcel.status_code) ?? parcel.status_code}</span>
              </>
            ) : null}
          </>
        }
        back="/control/parcels/list.html"
        backLabel="Back to parcels"
      />
      <FormStatus errors={[]} message={flash} />
      <nav className="cp-actions" aria-label="Parcel actions">
        {links.map((l) => (
          <Link key={l.to} to={l.to} className="cp-btn cp-btn-outline">
            <Icon path={l.icon} size={20} />
            <span>{l.label}</span>
          </Link>
        ))}
        <a href={labelUrl(parcel.tracking_code)} target="_blank" rel="noopener" className="cp-btn cp-btn-outline" title="Shipping label, 100 x 150 mm (PDF)">
          <Icon path={icons.print} size={20} />
          <span>Label</span>
        </a>
      </nav>
      <Card>
        <p className="cp-track-link">
          <Icon path={icons.public} size={20} />
          <span>Public tracking link: </span>
          <a href={trackUrl} target="_blank" rel="noopener">
            {`${location.origin}${trackUrl}`}
          </a>
        </p>
      </Card>
      <DeliveryCards parcel={parcel} />
      <div className="cp-detail-grid">
        <div className="cp-detail-media">
          {parcel.image ? (
            <Card title="Image">
              <img className="cp-parcel-image" src={`/uploads/images/${encodeURIComponent(parcel.image)}`} alt={`Parcel ${parcel.tracking_code}`} />
            </Card>
          ) : null}
          {parcel.show_map === "yes" ? (
            <Card title="Map" className="cp-map-card">
              <Suspense fallback={<p className="cp-state">Loading map ...</p>}>
                <ParcelMap
                  zoom={parcel.map_zoom}
                  current={point(parcel.map_current_latitude, parcel.map_current_longitude)}
                  pickup={point(parcel.map_pickup_latitude, parcel.map_pickup_longitude)}
                  destination={point(parcel.map_destination_latitude, parcel.map_destination_longitude)}
                  height="60vh"
                  whenIdle
                />
              </Suspense>
            </Card>
          ) : (
            <Card title="Map">
              <p className="cp-muted">
                The map is hidden on the tracking page. <Link to={`${base}/update-map`}>Update Map</Link> to show it.
              </p>
            </Card>
          )}
        </div>
        <Card title="Details" className="cp-detail-fields">
          <FieldTable parcel={parcel} />
        </Card>
      </div>
    </div>
  );
}

export default function ParcelDetail() {
  return <ParcelGate>{(parcel, base) => <Detail parcel={parcel} base={base} />}</ParcelGate>;
}
