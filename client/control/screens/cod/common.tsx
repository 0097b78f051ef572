import { useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { useAdminCodCouriersQuery, useAdminShippersQuery } from "../../../generated/graphql";
import { parseAccount } from "@shared/modules/cod/cod.codes";
import { parseMoney } from "@shared/core/money";
import { COD_NOTE_MAX } from "@shared/modules/cod/cod.codes";
import { errorMessages } from "../../../errors";
import { ErrorList } from "../../../components/ErrorList";
import { fieldLabel, readableMessage } from "../../fieldLabels";
import { roleCan } from "../../roles";
import { useSession } from "../../session";
import { money } from "../../time";
import { SectionTabs } from "../../components/SectionTabs";
import "./cod.css";

/** The COD screens' texts (client/i18n/locales/control/control-cod). */
export const NS = "control-cod";

/** Whether the member moves money (reversals, remittances): the owner's `cod:manage`. */
export function useMayManage(): boolean {
  const { role } = useSession();
  return roleCan(role, "cod:manage");
}

/** An integer amount of the smallest unit, in the control panel's language; negative ones marked. */
export function Amount({ amount, currency, testId }: { amount: number; currency: string; testId?: string }) {
  return (
    <span className={amount < 0 ? "cp-cod-amount cp-cod-negative" : "cp-cod-amount"} data-testid={testId} data-amount={amount}>
      {money(amount, currency)}
    </span>
  );
}

/** An amount in a table's number column, named by the column (`label`) on a phone. */
export function AmountCell({ label, ...amount }: { label: string; amount: number; currency: string; testId?: string }) {
  return (
    <td data-label={label} className="cp-num">
      <Amount {...amount} />
    </td>
  );
}

/** A figure of a cash-up or a remittance: its name and amount ("–" while there is none); test ids on the value or the amount. */
export interface Figure {
  label: string;
  amount: number | null;
  testId?: string;
  amountTestId?: string;
}

/** Figures side by side (expected, counted, difference; a remittance's sums), in `currency`. */
export function Figures({ figures, currency, live }: { figures: Figure[]; currency: string; live?: boolean }) {
  return (
    <dl className="cp-cod-compare" aria-live={live ? "polite" : undefined}>
      {figures.map((f) => (
        <div key={f.label}>
          <dt>{f.label}</dt>
          <dd data-testid={f.testId}>{f.amount === null ? "–" : <Amount amount={f.amount} currency={currency} testId={f.amountTestId} />}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The COD area's sections, under each screen's title. */
export function CodTabs() {
  const { t } = useTranslation(NS);
  const tabs = [
    { to: "/control/cod/index.html", label: t("tabs.balances") },
    { to: "/control/cod/cashups.html", label: t("tabs.cashups") },
    { to: "/control/cod/remittances.html", label: t("tabs.remittances") },
    { to: "/control/cod/ledger.html", label: t("tabs.ledger") },
  ];
  return <SectionTabs tabs={tabs} label={t("tabs.label")} />;
}

/** The shippers (the first 100) by id: the filters' and the remittance form's choices. */
export function useShippers() {
  const { data } = useAdminShippersQuery({ variables: { per_page: 100 } });
  const list = (data?.shippers.data ?? []).map((s) => ({ id: s.id, name: s.company ? `${s.company} (${s.name})` : s.name }));
  return { list, nameOf: (id: number) => list.find((s) => s.id === id)?.name ?? null };
}

/** The members who may hold cash (couriers and dispatchers who drive) by id. */
export function useCouriers() {
  const { data } = useAdminCodCouriersQuery({ variables: { date: new Date().toISOString().slice(0, 10) } });
  const list = (data?.dispatch.couriers ?? []).map((c) => ({ id: c.id, name: c.name?.trim() || c.email, email: c.email }));
  return { list, nameOf: (id: number) => list.find((c) => c.id === id)?.name ?? null };
}

/** A ledger account in words: "courier:3" -> "Cash held by Kim", "depot_cash" -> "Depot cash". */
export function accountName(t: TFunction, account: string, names: { courier: (id: number) => string | null; shipper: (id: number) => string | null }) {
  const a = parseAccount(account);
  if (!a) return account;
  if (a.kind === "courier") return t("accounts.courierOf", { name: names.courier(a.id) ?? t("memberNumber", { id: a.id }) });
  if (a.kind === "shipper") return t("accounts.shipperOf", { name: names.shipper(a.id) ?? t("shipperNumber", { id: a.id }) });
  return t(`accounts.${a.kind}`);
}

/**
 * Typed money (major units, "12.50" or "12,50") as the smallest unit, exactly: read from the text, never through a
 * float ("12.50" EUR -> 1250); null for blank, NaN for anything else (letters, more decimals than the currency has,
 * a minus).
 */
export const typedAmount = (text: string, currency: string): number | null => parseMoney(text, currency, { negative: false });

/** The server's messages of a form split: those naming one of `fields` (shown beside it), and the rest. */
export function splitErrors<F extends string>(errors: string[], fields: readonly F[]): { byField: Partial<Record<F, string[]>>; rest: string[] } {
  const byField: Partial<Record<F, string[]>> = {};
  const rest: string[] = [];
  for (const e of errors) {
    const f = fields.find((name) => e.startsWith(`${name} `) || e.startsWith(`${name}:`));
    if (f) (byField[f] ??= []).push(e);
    else rest.push(e);
  }
  return { byField, rest };
}

/**
 * A message naming a field as the screen labels it: the server's ("note is required", "courier_id: ... holds no
 * cash") with the field's label of this screen (`labels`, in the member's language) or of the control panel.
 */
export function said(message: string, labels: Record<string, string> = {}): string {
  const colon = /^([a-z][a-z0-9_.]*): (.*)$/s.exec(message);
  if (colon) return `${labels[colon[1]] ?? fieldLabel(colon[1])}: ${colon[2]}`;
  return readableMessage(message, labels);
}

/** The server's messages of a failed call, or `fallback` when it gave none. */
export function refusals(err: unknown, fallback: string): string[] {
  const messages = errorMessages(err);
  return messages.length ? messages : [fallback];
}

/** A form's messages that name none of its fields, above it, each with its fields by this screen's `labels`. */
export function FormErrors({ messages, labels }: { messages: string[]; labels?: Record<string, string> }) {
  if (!messages.length) return null;
  return (
    <div className="cp-alert cp-alert-error" role="alert" data-testid="form-errors">
      <ErrorList errors={messages.map((m) => said(m, labels))} />
    </div>
  );
}

/** A form field's own messages, under it (its input names this id in aria-describedby). */
export function FieldErrors({ id, messages, label }: { id: string; messages?: string[]; label: string }) {
  if (!messages?.length) return null;
  return (
    <div id={id} className="cp-cod-field-error" role="alert" data-testid="field-error">
      {messages.map((m) => {
        const name = /^([a-z][a-z0-9_]*)/.exec(m)?.[1] ?? "";
        return <p key={m}>{said(m, { [name]: label })}</p>;
      })}
    </div>
  );
}

/** A labelled input of the COD forms with its own error messages under it. */
export function CodField({
  label,
  hint,
  errors,
  children,
}: {
  label: string;
  hint?: ReactNode;
  errors?: string[];
  children: (props: { id: string; "aria-describedby"?: string; "aria-invalid"?: boolean }) => ReactNode;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : "", errors?.length ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className="cp-field">
      <label htmlFor={id} className="cp-label">
        {label}
      </label>
      {children({ id, "aria-describedby": described || undefined, "aria-invalid": errors?.length ? true : undefined })}
      {hint ? (
        <small id={`${id}-hint`} className="cp-hint">
          {hint}
        </small>
      ) : null}
      <FieldErrors id={`${id}-error`} messages={errors} label={label} />
    </div>
  );
}

/** A remittance's status as a badge, in the member's language. */
export function RemittanceBadge({ status }: { status: string }) {
  const { t } = useTranslation(NS);
  const tone = status === "paid" ? "cp-badge-ok" : status === "open" ? "cp-badge-warn" : "cp-badge-muted";
  return (
    <span className={`cp-badge ${tone}`} data-status={status}>
      {["open", "paid", "cancelled"].includes(status) ? t(`remittances.status.${status}`) : status}
    </span>
  );
}

/** The note of a cash-up or a reversal (up to COD_NOTE_MAX characters), its messages under it. */
export function NoteField({
  label,
  hint,
  errors,
  value,
  onChange,
}: {
  label: string;
  hint: string;
  errors?: string[];
  value: string;
  onChange: (note: string) => void;
}) {
  return (
    <CodField label={label} hint={hint} errors={errors}>
      {(p) => (
        <textarea
          {...p}
          className="cp-input cp-textarea"
          name="note"
          rows={2}
          maxLength={COD_NOTE_MAX}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </CodField>
  );
}
