import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { moneyInput, parseMoney } from "@shared/core/money";
import { fieldLabel, readableMessage } from "../../fieldLabels";
import { statusLabel } from "../../options";
import { controlLanguage, money } from "../../time";
import { languageOf } from "@shared/i18n/languages";
import "./cod.css";
import type { AdminParcelQuery } from "../../../generated/graphql";

/**
 * Cash on delivery on the parcel's screens (contract section 12): the amount typed in the major unit of the site's
 * currency ("12.50"), sent as the exact integer of its smallest unit (1250, read from the text, never through a
 * float), the server's refusals said beside the field in the member's language, and the staff page's COD group.
 */

export const NS = "control-parcels";
type Parcel = AdminParcelQuery["adminParcel"];

/** The typed amount as the smallest unit: null when blank, NaN when it is not an amount of the currency. */
export const codMinor = (text: string, currency: string): number | null => parseMoney(text, currency, { negative: false });

/** The amount as the field shows it, with the language's decimal mark ("12,50" in German), blank for none. */
export function codText(amount: number | null | undefined, currency: string): string {
  const text = moneyInput(amount ?? null, currency);
  const mark = new Intl.NumberFormat(languageOf(controlLanguage()).tag).formatToParts(1.5).find((p) => p.type === "decimal")?.value ?? ".";
  // Only a comma or a point is read back (parseMoney): another mark (Arabic's) keeps the point.
  return mark === "," ? text.replace(".", ",") : text;
}

/** The client's own check of the typed amount: the refusal naming the field as labelled, or null. */
export function codTypedError(t: TFunction, text: string, currency: string): string | null {
  const n = codMinor(text, currency);
  return n !== null && Number.isNaN(n) ? t("cod.errors.notAmount", { ns: NS, field: fieldLabel("cod_amount"), currency }) : null;
}

const RANGE = /^cod_amount must be a whole number .*? from 1 to (\d+) \(the setting cod_max\)/;
const TYPE = /^cod_amount must be a whole number of the currency's smallest unit \(above 0\)/;
const LOCKED = /^cod_amount can no longer be changed or removed: (the parcel|its collection) is (.+)$/;
const CURRENCY = /^cod_currency must be ([A-Z]{3}) /;

/**
 * The server's words about cash on delivery in the member's language, the field named as the screen labels it; null for
 * any other message. `unit`: the amounts as typed on the screen (major unit) or in the CSV (the smallest unit).
 */
export function codMessage(t: TFunction, message: string, currency: string, unit: "major" | "minor" = "major"): string | null {
  const field = fieldLabel("cod_amount");
  let m = RANGE.exec(message);
  if (m) {
    const max = Number(m[1]);
    return unit === "major"
      ? t("cod.errors.range", { ns: NS, field, min: money(1, currency), max: money(max, currency) })
      : t("cod.errors.rangeMinor", { ns: NS, field, max, maxMoney: money(max, currency) });
  }
  if (TYPE.test(message)) return unit === "major" ? t("cod.errors.positive", { ns: NS, field }) : t("cod.errors.wholeMinor", { ns: NS, field });
  m = LOCKED.exec(message);
  if (m) {
    const what = m[2].replace(/ /g, "_");
    return m[1] === "the parcel"
      ? t("cod.errors.lockedParcel", { ns: NS, field, status: statusLabel(what) ?? m[2] })
      : t("cod.errors.lockedCollection", { ns: NS, field, status: t(`cod.status.${what}`, { ns: NS, defaultValue: m[2] }) });
  }
  m = CURRENCY.exec(message);
  if (m) return t("cod.errors.currency", { ns: NS, field: fieldLabel("cod_currency"), currency: m[1] });
  return null;
}

/** Whether a message is about the amount (shown beside its field rather than in the form's panel). */
export const isCodMessage = (m: string) => m.startsWith("cod_amount ");

/** The COD amount's field: typed in the currency's major unit, its hint, and the server's or the form's refusal beside it. */
export function CodAmountField({
  value,
  onChange,
  currency,
  errors,
  local,
  locked,
}: {
  value: string;
  onChange: (v: string) => void;
  currency: string;
  /** The server's refusals of the form: those about the amount are said here. */
  errors: string[];
  /** The form's own refusal of what was typed. */
  local?: string | null;
  locked?: string | null;
}) {
  const { t } = useTranslation(NS);
  const id = useId();
  const said = [...(local ? [local] : []), ...errors.filter(isCodMessage).map((m) => codMessage(t, m, currency) ?? readableMessage(m))];
  return (
    <div className="cp-field" data-testid="cod-amount-field">
      <label htmlFor={id} className="cp-label">
        {t("cod.label", { field: fieldLabel("cod_amount"), currency })}
        <span className="cp-optional"> {t("form.optional", { ns: "control" })}</span>
      </label>
      <input
        id={id}
        name="cod_amount"
        className="cp-input"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={Boolean(locked)}
        aria-invalid={said.length ? true : undefined}
        aria-describedby={`${id}-hint${said.length ? ` ${id}-error` : ""}`}
      />
      <small id={`${id}-hint`} className="cp-hint">
        {locked ?? t("cod.hint", { example: money(1250, currency) })}
      </small>
      {said.length ? (
        <small id={`${id}-error`} className="cp-field-error" role="alert" data-testid="cod-amount-error">
          {said.join(" ")}
        </small>
      ) : null}
    </div>
  );
}

/** Why the amount can no longer be changed (the server's 409 rule, said before trying), or null. */
export function codLock(t: TFunction, parcel: Parcel): string | null {
  const taken = parcel.cod && !["expected", "void"].includes(parcel.cod.status);
  if (taken) return t("cod.lockedTaken", { ns: NS, status: t(`cod.status.${parcel.cod!.status}`, { ns: NS }) });
  if (["out_for_delivery", "delivered", "returned_to_sender", "cancelled"].includes(parcel.status_code ?? ""))
    return t("cod.lockedStatus", { ns: NS, status: statusLabel(parcel.status_code) });
  return null;
}

/** The screens' labels of these wire fields (fieldLabel's), read before the JSX that shows them. */
export function labels<K extends string>(...names: K[]): Record<K, string> {
  return Object.fromEntries(names.map((n) => [n, fieldLabel(n)])) as Record<K, string>;
}
