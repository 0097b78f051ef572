import { Link } from "react-router-dom";
import { useTranslation } from "react-i18next";
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
  CodSection,
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
import { NS } from "./cod";

/**
 * The parcel's staff page, grouped as the public tracking page is: the status first (its label large, the latest
 * entry, the last news), then proof of delivery, sender and recipient, contents and value, the history, the map, and
 * what the recipient is told. Every action is in the toolbar under the title; each section has the one that changes it.
 */
function Detail({ parcel, base }: { parcel: Parcel; base: string }) {
  const { role } = useRole();
  const { t } = useTranslation(NS);
  useTitle(t("detail.pageTitle", { code: parcel.tracking_code }));
  const flash = useFlash();
  const currency = useCurrency();
  const trackUrl = `/track.html?code=${encodeURIComponent(parcel.tracking_code)}`;
  const may = (to: string) => mayOpen(role, to);
  const links = [
    { to: `${base}/update`, label: t("update.title"), icon: icons.edit },
    { to: `${base}/activities`, label: t("detail.updateHistory"), icon: icons.history },
    { to: `${base}/update-map`, label: t("map.title"), icon: icons.map },
    { to: `${base}/update-image`, label: t("image.title"), icon: icons.image },
    ...(parcel.delivery_proof ? [] : [{ to: `${base}/deliver`, label: t("deliver.title"), icon: icons.check_circle }]),
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
        backLabel={t("back")}
      />
      <FormStatus errors={[]} message={flash} />
      <nav className="cp-actions cp-ptoolbar" aria-label={t("detail.actions")}>
        {links.map((l) => (
          <Link key={l.to} to={l.to} className="cp-btn cp-btn-outline">
            <Icon path={l.icon} size={20} />
            <span>{l.label}</span>
          </Link>
        ))}
        <a href={labelUrl(parcel.tracking_code)} target="_blank" rel="noopener" className="cp-btn cp-btn-outline" title={t("detail.labelHint")}>
          <Icon path={icons.print} size={20} />
          <span>{t("detail.label")}</span>
        </a>
      </nav>
      <div className="cp-pgrid">
        <div className="cp-pcol">
          <StatusSection
            parcel={parcel}
            trackUrl={trackUrl}
            action={link(`${base}/activities/create`, t("detail.addEntry"), icons.add, t("detail.addEntryName"))}
          />
          <HistorySection parcel={parcel} action={link(`${base}/activities`, t("detail.allEntries"), icons.history, t("detail.allEntriesName"))} />
          <MapSection parcel={parcel} action={link(`${base}/update-map`, t("detail.change"), icons.map, t("detail.changeMap"))} />
        </div>
        <div className="cp-pcol">
          <ProofSection parcel={parcel} action={link(`${base}/deliver`, t("detail.record"), icons.check_circle, t("detail.recordName"))} />
          <AddressesSection parcel={parcel} action={link(`${base}/update`, t("actions.edit", { ns: "control" }), icons.edit, t("detail.editAddresses"))} />
          <CodSection parcel={parcel} action={link(`${base}/update`, t("actions.edit", { ns: "control" }), icons.edit, t("detail.editCod"))} />
          <ContentsSection
            parcel={parcel}
            currency={currency}
            action={link(`${base}/update`, t("actions.edit", { ns: "control" }), icons.edit, t("detail.editContents"))}
          />
          <NoticeSection parcel={parcel} action={link(`${base}/update`, t("actions.edit", { ns: "control" }), icons.edit, t("detail.editNotices"))} />
        </div>
      </div>
    </div>
  );
}

export default function ParcelDetail() {
  return <ParcelGate>{(parcel, base) => <Detail parcel={parcel} base={base} />}</ParcelGate>;
}
