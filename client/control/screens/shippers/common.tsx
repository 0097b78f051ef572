import { useId, type ChangeEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useAdminShippersQuery, useShippingCurrencyQuery } from "../../../generated/graphql";
import { majorText } from "@shared/core/money";
import { statusLabel } from "../../options";
import { money } from "../../time";
import { SectionTabs } from "../../components/SectionTabs";
import "./shipping.css";

/** The site's currency (the setting currency): every amount of this area is in it. */
export function useCurrency(): string {
  const { data } = useShippingCurrencyQuery();
  return data?.settings.currency ?? "EUR";
}

/** An amount in the smallest unit with its currency, in the control panel's language. */
export function Money({ amount, currency }: { amount: number | null | undefined; currency: string }) {
  return amount === null || amount === undefined ? <span className="cp-muted">-</span> : <>{money(amount, currency)}</>;
}

/** The shipping area's sections (shippers, bookings, pickups, statements, rates), in the member's language. */
export function ShipperTabs() {
  const { t } = useTranslation("control-shippers");
  const tabs = [
    { to: "/control/shippers/list.html", label: t("tabs.shippers") },
    { to: "/control/bookings/list.html", label: t("tabs.bookings") },
    { to: "/control/pickups/list.html", label: t("tabs.pickups") },
    { to: "/control/statements/list.html", label: t("tabs.statements") },
    { to: "/control/rates/zones.html", label: t("tabs.rates") },
  ];
  return <ShippingTabs tabs={tabs} label={t("tabs.label")} />;
}

/** A row of sections, under each of the shipping area's screens' titles (the rates screens give their own). */
export const ShippingTabs = SectionTabs;

/** The shippers to pick from (the first 100 by id) and each one's name by id. */
export function useShipperNames() {
  const { t } = useTranslation("control-shippers");
  const { data } = useAdminShippersQuery({ variables: { per_page: 100 } });
  const list = data?.shippers.data ?? [];
  const byId = new Map(list.map((s) => [s.id, s.company ? `${s.company} (${s.name})` : s.name]));
  return { list, nameOf: (id: number) => byId.get(id) ?? t("shipperNumber", { id }) };
}

/** A select of shippers; `all` labels the empty choice (a filter), else one must be chosen. */
export function ShipperSelect({
  id,
  name = "shipper_id",
  value,
  onChange,
  all,
  invalid,
}: {
  id: string;
  name?: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLSelectElement>) => void;
  all?: string;
  invalid?: boolean;
}) {
  const { t } = useTranslation("control-shippers");
  const { list, nameOf } = useShipperNames();
  const known = list.some((s) => String(s.id) === value);
  return (
    <select id={id} name={name} className="cp-input cp-select" value={value} onChange={onChange} required={!all} aria-invalid={invalid || undefined}>
      <option value="">{all ?? t("chooseShipper")}</option>
      {list.map((s) => (
        <option key={s.id} value={s.id}>
          {nameOf(s.id)}
        </option>
      ))}
      {value && !known ? <option value={value}>{nameOf(Number(value))}</option> : null}
    </select>
  );
}

/** A money input: typed in the currency (e.g. 12.50), sent in its smallest unit by the form. */
export function MoneyField({
  name,
  label,
  value,
  onChange,
  currency,
  hint,
  optional,
  invalid,
}: {
  name: string;
  label: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  currency: string;
  hint?: ReactNode;
  optional?: boolean;
  invalid?: boolean;
}) {
  const id = useId();
  const { t } = useTranslation("control");
  return (
    <div className="cp-field">
      <label htmlFor={id} className="cp-label">
        {label} ({currency}){optional ? <span className="cp-optional"> {t("form.optional")}</span> : null}
      </label>
      <input
        id={id}
        className="cp-input"
        name={name}
        value={value}
        onChange={onChange}
        inputMode="decimal"
        autoComplete="off"
        placeholder={majorText(0, currency)}
        required={!optional}
        aria-invalid={invalid || undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      {hint ? (
        <small id={`${id}-hint`} className="cp-hint">
          {hint}
        </small>
      ) : null}
    </div>
  );
}

const STATUS_TONE: Record<string, string> = {
  cancelled: "cp-badge-muted",
  delivered: "cp-badge-ok",
  paid: "cp-badge-ok",
  open: "cp-badge-warn",
  pending: "cp-badge-warn",
  requested: "cp-badge-warn",
  delivery_failed: "cp-badge-fail",
  exception: "cp-badge-fail",
};

/** A pickup's or statement's status that is no parcel's (requested, collected, open, paid, cancelled): this area's words. */
const OTHER_STATUSES = new Set(["requested", "collected", "open", "paid", "cancelled"]);

function Badge({ status, label }: { status: string; label: string }) {
  return (
    <span className={`cp-badge ${STATUS_TONE[status] ?? "cp-badge-status"}`} data-status={status}>
      {label}
    </span>
  );
}

function OtherStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("control-shippers");
  return <Badge status={status} label={OTHER_STATUSES.has(status) ? t(`status.${status}`) : status.replace(/_/g, " ")} />;
}

/**
 * A booking's, pickup's or statement's status as a badge, in words ("Picked up", not picked_up); the code stays in data-status.
 * A parcel's status reads `control`'s words (the parcels' screens show it too, without this area's texts).
 */
export function StatusBadge({ status }: { status: string }) {
  const label = statusLabel(status);
  return label ? <Badge status={status} label={label} /> : <OtherStatusBadge status={status} />;
}

/** Today in the browser's calendar, YYYY-MM-DD. */
export function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}
