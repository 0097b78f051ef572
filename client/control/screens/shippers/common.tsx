import { useId, type ChangeEvent, type ReactNode } from "react";
import { Link, useLocation } from "react-router-dom";
import { useAdminShippersQuery, useShippingCurrencyQuery } from "../../../generated/graphql";
import { formatMoney, majorText } from "@shared/core/money";
import { mayOpen } from "../../roles";
import { statusLabel } from "../../options";
import { useSession } from "../../session";
import "./shipping.css";

/** The site's currency (the setting currency): every amount of this area is in it. */
export function useCurrency(): string {
  const { data } = useShippingCurrencyQuery();
  return data?.settings.currency ?? "EUR";
}

/** An amount in the smallest unit with its currency, in the reader's locale. */
export function Money({ amount, currency }: { amount: number | null | undefined; currency: string }) {
  return amount === null || amount === undefined ? <span className="cp-muted">-</span> : <>{formatMoney(amount, currency)}</>;
}

export const SHIPPING_TABS = [
  { to: "/control/shippers/list.html", label: "Shippers" },
  { to: "/control/bookings/list.html", label: "Bookings" },
  { to: "/control/pickups/list.html", label: "Pickups" },
  { to: "/control/statements/list.html", label: "Statements" },
  { to: "/control/rates/zones.html", label: "Rates" },
];

/** The shipping area's own sections, under each of its screens' titles. */
export function ShippingTabs({ tabs = SHIPPING_TABS, label = "Shipping sections" }: { tabs?: { to: string; label: string }[]; label?: string }) {
  const { pathname } = useLocation();
  const { role } = useSession();
  return (
    <nav className="cp-ship-tabs" aria-label={label}>
      {tabs
        .filter((t) => mayOpen(role, t.to))
        .map((t) => {
          const on = pathname.startsWith(t.to.replace(/\/list\.html$/, ""));
          return (
            <Link key={t.to} to={t.to} className={on ? "cp-ship-tab active" : "cp-ship-tab"} aria-current={on ? "page" : undefined}>
              {t.label}
            </Link>
          );
        })}
    </nav>
  );
}

/** The shippers to pick from (the first 100 by id) and each one's name by id. */
export function useShipperNames() {
  const { data } = useAdminShippersQuery({ variables: { per_page: 100 } });
  const list = data?.shippers.data ?? [];
  const byId = new Map(list.map((s) => [s.id, s.company ? `${s.company} (${s.name})` : s.name]));
  return { list, nameOf: (id: number) => byId.get(id) ?? `Shipper #${id}` };
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
  const { list, nameOf } = useShipperNames();
  const known = list.some((s) => String(s.id) === value);
  return (
    <select id={id} name={name} className="cp-input cp-select" value={value} onChange={onChange} required={!all} aria-invalid={invalid || undefined}>
      <option value="">{all ?? "Choose a shipper"}</option>
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
  return (
    <div className="cp-field">
      <label htmlFor={id} className="cp-label">
        {label} ({currency}){optional ? <span className="cp-optional"> (Optional)</span> : null}
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

/** The words of a pickup's or statement's status (a booking's is its parcel's: options.ts's statusLabel). */
const OTHER_STATUS_LABELS: Record<string, string> = {
  requested: "Requested",
  collected: "Collected",
  open: "Open",
  paid: "Paid",
  cancelled: "Cancelled",
};

/** A booking's, pickup's or statement's status as a badge, in words ("Picked up", not picked_up); the code stays in data-status. */
export function StatusBadge({ status }: { status: string }) {
  const label = statusLabel(status) ?? OTHER_STATUS_LABELS[status] ?? status.replace(/_/g, " ");
  return (
    <span className={`cp-badge ${STATUS_TONE[status] ?? "cp-badge-status"}`} data-status={status}>
      {label}
    </span>
  );
}

/** Today in the browser's calendar, YYYY-MM-DD. */
export function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}
