import { Link } from "react-router-dom";
import { PageHeader } from "../../components/PageHeader";
import { FormStatus } from "../../components/fields";
import { Icon } from "../../../components/Icon";
import { useFlash } from "../../hooks/lists";
import { useTitle } from "../../hooks/useTitle";
import { ParcelGate } from "./ParcelGate";
import { useRole } from "../../session";
import { mayOpen } from "../../roles";
import { labelUrl } from "./labels";
import { useCurrency } from "../shippers/common";
import {
  AddressesSection,
  ContentsSection,
  HistorySection,
  MapSection,
  NoticeSection,
  ProofSection,
  SectionLink,
  StatusSection,
  type Parcel,
} from "./ParcelSections";
import "./detail.css";
import * as icons from "../../icons";

/**
 * The parcel's staff page, grouped as the public tracking page is: the status first (its label large, the latest
 * entry, the last news), then proof of delivery, sender and recipient, contents and value, the history, the map, and
 * what the recipient is told. Every action is in the toolbar under the title; each section has the one that changes it.
 */
function Detail({ parcel, base }: { parcel: Parcel; base: string }) {
  const { role } = useRole();
  useTitle(`Parcel ${parcel.tracking_code}`);
  const flash = useFlash();
  const currency = useCurrency();
  const trackUrl = `/track.html?code=${encodeURIComponent(parcel.tracking_code)}`;
  const may = (to: string) => mayOpen(role, to);
  const links = [
    { to: `${base}/update`, label: "Update Parcel", icon: icons.edit },
    { to: `${base}/activities`, label: "Update History", icon: icons.history },
    { to: `${base}/update-map`, label: "Update Map", icon: icons.map },
    { to: `${base}/update-image`, label: "Update Image", icon: icons.image },
    ...(parcel.delivery_proof ? [] : [{ to: `${base}/deliver`, label: "Record Delivery", icon: icons.check_circle }]),
  ].filter((l) => may(l.to));
  // Named apart from the toolbar's links (one name, one link), each saying what it changes.
  const link = (to: string, label: string, icon: string, name?: string) =>
    may(to) ? <SectionLink to={to} label={label} icon={icon} name={name} /> : undefined;
  return (
    <div className="cp-container">
      <PageHeader
        title={<span className="cp-mono">{parcel.tracking_code}</span>}
        sub={`${parcel.recipient_name} · ${parcel.destination}`}
        back="/control/parcels/list.html"
        backLabel="Back to parcels"
      />
      <FormStatus errors={[]} message={flash} />
      <nav className="cp-actions cp-ptoolbar" aria-label="Parcel actions">
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
      <div className="cp-pgrid">
        <div className="cp-pcol">
          <StatusSection parcel={parcel} trackUrl={trackUrl} action={link(`${base}/activities/create`, "Add entry", icons.add, "Add entry to the history")} />
          <HistorySection parcel={parcel} action={link(`${base}/activities`, "All entries", icons.history, "All entries of the history")} />
          <MapSection parcel={parcel} action={link(`${base}/update-map`, "Change", icons.map, "Change the map")} />
        </div>
        <div className="cp-pcol">
          <ProofSection parcel={parcel} action={link(`${base}/deliver`, "Record", icons.check_circle, "Record the delivery")} />
          <AddressesSection parcel={parcel} action={link(`${base}/update`, "Edit", icons.edit, "Edit sender and recipient")} />
          <ContentsSection parcel={parcel} currency={currency} action={link(`${base}/update`, "Edit", icons.edit, "Edit contents and value")} />
          <NoticeSection parcel={parcel} action={link(`${base}/update`, "Edit", icons.edit, "Edit notifications and privacy")} />
        </div>
      </div>
    </div>
  );
}

export default function ParcelDetail() {
  return <ParcelGate>{(parcel, base) => <Detail parcel={parcel} base={base} />}</ParcelGate>;
}
