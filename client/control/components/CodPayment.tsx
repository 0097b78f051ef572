import { useId } from "react";
import { useTranslation } from "react-i18next";
import { COD_METHODS, COD_REFERENCE_MAX } from "@shared/modules/cod/cod.codes";
import { Icon } from "../../components/Icon";
import * as icons from "../icons";
import { controlLanguage, money } from "../time";
import { languageOf } from "@shared/i18n/languages";
import type { CodDue, DraftProblem, PaymentDraft, Refusal } from "../../modules/delivery/codPayment";
import "../../modules/delivery/cod.css";

/** The namespace of the proof form and the payment at the door (the run screen, the scan screen and the parcel's screen use them). */
export const PROOF_NS = "control-proof";

/**
 * An amount inside a sentence: in a right-to-left language isolated (FSI ... PDI), so "UK£ 49.90" keeps its own order
 * among the Arabic or Persian words around it.
 */
export function amountIn(amount: number, currency: string): string {
  const text = money(amount, currency);
  return "rtl" in languageOf(controlLanguage()) ? `\u2068${text}\u2069` : text;
}

/** The member's words for what the form or the server refused about a payment: each names its field as labelled. */
export function usePaymentWords() {
  const { t } = useTranslation(PROOF_NS);
  const amountLabel = t("pay.amount");
  const referenceLabel = t("pay.reference");
  const problem = (p: DraftProblem): string => {
    if (p.field === "reference")
      return p.problem === "required"
        ? t("problems.referenceRequired", { field: referenceLabel })
        : t("problems.referenceLong", { field: referenceLabel, n: COD_REFERENCE_MAX });
    if (p.problem === "different") return t("problems.different", { field: amountLabel, amount: amountIn(p.due.amount, p.due.currency) });
    return t(`problems.${p.problem}`, { field: amountLabel });
  };
  const refusal = (r: Refusal): string => {
    if (r.field === null) return r.message;
    if (r.field === "cod") return r.due ? t("problems.required", { amount: amountIn(r.due.amount, r.due.currency) }) : t("problems.requiredNoAmount");
    if (r.field === "amount")
      return r.due
        ? t("problems.different", { field: amountLabel, amount: amountIn(r.due.amount, r.due.currency) })
        : t("problems.invalid", { field: amountLabel });
    if (r.field === "method") return t("problems.method", { field: t("pay.method") });
    return problem({ field: "reference", problem: r.problem });
  };
  return { problem, refusal };
}

/**
 * The payment at the door: the amount to collect in large type, the amount taken (prefilled with it), cash or card,
 * and a card's receipt number. Used by the proof form, the run screen's offline Deliver and the scan screen.
 */
export function CodPaymentFields({
  due,
  draft,
  onChange,
  invalid = [],
}: {
  due: CodDue;
  draft: PaymentDraft;
  onChange: (draft: PaymentDraft) => void;
  /** Fields to mark as refused. */
  invalid?: ("amount" | "reference")[];
}) {
  const { t } = useTranslation(PROOF_NS);
  const id = useId();
  const symbol = currencySymbol(due.currency);
  return (
    <fieldset className="cp-cod-pay" data-testid="cod-payment">
      <legend className="cp-cod-due">
        <Icon path={icons.payments} size={24} />
        <span>
          <span className="cp-cod-due-label">{t("pay.legend")}</span>
          <strong className="cp-cod-due-amount" data-testid="cod-due">
            {t("pay.collect", { amount: amountIn(due.amount, due.currency) })}
          </strong>
        </span>
      </legend>
      <div className="cp-field">
        <label className="cp-label" htmlFor={`${id}-amount`}>
          {t("pay.amount")}
        </label>
        <div className="cp-cod-amount">
          <input
            id={`${id}-amount`}
            className="cp-input"
            name="cod_amount_taken"
            inputMode="decimal"
            autoComplete="off"
            dir="ltr"
            value={draft.amount}
            aria-invalid={invalid.includes("amount") || undefined}
            aria-describedby={`${id}-currency`}
            onChange={(e) => onChange({ ...draft, amount: e.target.value })}
          />
          <span id={`${id}-currency`} className="cp-cod-currency">
            {symbol === due.currency ? due.currency : `${symbol} ${due.currency}`}
          </span>
        </div>
      </div>
      <fieldset className="cp-cod-methods">
        <legend className="cp-label">{t("pay.method")}</legend>
        {COD_METHODS.map((m) => (
          <label key={m} className={`cp-scan-event-choice${draft.method === m ? " is-chosen" : ""}`}>
            <input type="radio" name={`${id}-method`} value={m} checked={draft.method === m} onChange={() => onChange({ ...draft, method: m })} />
            <Icon path={m === "cash" ? icons.payments : icons.credit_card} size={22} />
            <span>{t(`pay.${m}`)}</span>
          </label>
        ))}
      </fieldset>
      {draft.method === "card" ? (
        <div className="cp-field">
          <label className="cp-label" htmlFor={`${id}-reference`}>
            {t("pay.reference")}
          </label>
          <input
            id={`${id}-reference`}
            className="cp-input"
            name="cod_reference"
            autoComplete="off"
            dir="ltr"
            maxLength={COD_REFERENCE_MAX + 1}
            value={draft.reference}
            aria-invalid={invalid.includes("reference") || undefined}
            aria-describedby={`${id}-reference-hint`}
            onChange={(e) => onChange({ ...draft, reference: e.target.value })}
          />
          <small id={`${id}-reference-hint`} className="cp-hint">
            {t("pay.referenceHint")}
          </small>
        </div>
      ) : null}
    </fieldset>
  );
}

/** The currency's symbol in the member's language ("€"), or its code where it has none. */
function currencySymbol(currency: string): string {
  try {
    return new Intl.NumberFormat(controlLanguage(), { style: "currency", currency }).formatToParts(0).find((p) => p.type === "currency")?.value ?? currency;
  } catch {
    return currency;
  }
}
