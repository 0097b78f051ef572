import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Icon } from "../../../components/Icon";
import * as icons from "../../icons";
import { NS } from "./cod";
import { number } from "../../time";

const parcelPath = (code: string) => `/control/parcels/${encodeURIComponent(code)}`;

/**
 * One parcel in a list of parcels (all parcels, stale ones, ones to reschedule): what stands before it
 * (`lead`), its tracking code, recipient and destination linking to its page, then `details` after the
 * destination, a `note` under that line, and `actions` after the link.
 */
export function ParcelRow({
  parcel,
  lead,
  details,
  note,
  actions,
  testId,
}: {
  parcel: { tracking_code: string; recipient_name: string; destination: string };
  lead: ReactNode;
  details: string;
  note?: ReactNode;
  actions?: ReactNode;
  testId?: string;
}) {
  return (
    <li className="cp-row" data-testid={testId}>
      {lead}
      <Link to={parcelPath(parcel.tracking_code)} className="cp-row-main">
        <strong className="cp-mono">{parcel.tracking_code}</strong>
        <span>{parcel.recipient_name}</span>
        <small className="cp-muted">
          {parcel.destination}
          {details}
        </small>
        {note}
      </Link>
      {actions}
    </li>
  );
}

/** The number a parcel row leads with (days without news, failed attempts), with its unit (in the number's plural form) under it. */
export function RowCount({ n, unit, title }: { n: number; unit: string; title: string }) {
  return (
    <span className="cp-row-icon cp-stale-days" title={title}>
      <strong>{number(n)}</strong>
      <small>{unit}</small>
    </span>
  );
}

/** The row's shortcut to add a history entry to the parcel. */
export function AddHistoryLink({ code }: { code: string }) {
  const { t } = useTranslation(NS);
  return (
    <Link to={`${parcelPath(code)}/activities/create`} className="cp-btn cp-btn-outline cp-btn-sm" aria-label={t("row.addHistory", { code })}>
      <Icon path={icons.add} size={18} />
      <span>{t("row.history")}</span>
    </Link>
  );
}
