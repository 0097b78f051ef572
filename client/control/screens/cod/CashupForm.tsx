import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useAdminCreateCodCashupMutation, type AdminCodCashupFieldsFragment } from "../../../generated/graphql";
import { majorText } from "@shared/core/money";
import { SubmitButton } from "../../components/fields";
import { useToast } from "../../components/Toast";
import * as icons from "../../icons";
import { CodField, Figures, FormErrors, NoteField, NS, refusals, splitErrors, typedAmount } from "./common";

export interface CourierCash {
  courier_id: number;
  name: string;
  cash_held: number;
  collections: number;
}

const FIELDS = ["counted_amount", "note"] as const;

/**
 * Counting one courier's cash in (POST /api/cod/cashups, createCodCashup): the amount counted typed in the currency
 * (e.g. 12.50) and sent exactly in its smallest unit, the difference from what the courier holds shown as it is
 * typed, and a note required when they differ (the server's 422 shown under the field it names).
 */
export function CashupForm({ courier, currency, onSaved }: { courier: CourierCash; currency: string; onSaved: (c: AdminCodCashupFieldsFragment) => void }) {
  const { t } = useTranslation(NS);
  const toast = useToast();
  const [counted, setCounted] = useState("");
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<string[]>([]);
  const [create, { loading }] = useAdminCreateCodCashupMutation();
  const minor = typedAmount(counted, currency);
  const valid = minor !== null && !Number.isNaN(minor);
  const difference = valid ? minor - courier.cash_held : null;
  const { byField, rest } = splitErrors(errors, FIELDS);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (loading) return;
    if (!valid) {
      setErrors([`counted_amount: ${counted.trim() ? t("cashup.badAmount", { example: majorText(1250, currency) }) : t("cashup.amountRequired")}`]);
      return;
    }
    // A difference without a note is the server's to refuse (422 naming note): said under the note field.
    setErrors([]);
    try {
      const r = await create({ variables: { input: { courier_id: courier.courier_id, counted_amount: minor, note: note.trim() || null } } });
      const c = r.data!.createCodCashup;
      toast(t("cashup.saved", { name: courier.name, amount: majorText(c.counted_amount, c.currency) + " " + c.currency }), "done");
      onSaved(c);
    } catch (err) {
      // The server's rule of the note, in the member's language (its English message names the amounts).
      setErrors(refusals(err, t("cashup.failed")).map((m) => (m.startsWith("note is required") ? `note: ${t("cashup.noteRequired")}` : m)));
    }
  };

  return (
    <form className="cp-cod-cashup" onSubmit={onSubmit} noValidate aria-label={t("cashup.formLabel", { name: courier.name })} data-testid="cashup-form">
      <FormErrors messages={rest} labels={{ courier_id: t("cashup.courier") }} />
      <div className="cp-cod-cashup-fields">
        <CodField
          label={t("cashup.counted", { currency })}
          hint={t("cashup.countedHint", { example: majorText(1250, currency) })}
          errors={byField.counted_amount}
        >
          {(p) => (
            <input
              {...p}
              className="cp-input"
              name="counted_amount"
              inputMode="decimal"
              autoComplete="off"
              value={counted}
              onChange={(e) => setCounted(e.target.value)}
              placeholder={majorText(courier.cash_held, currency)}
            />
          )}
        </CodField>
        <NoteField label={t("cashup.note")} hint={t("cashup.noteHint")} errors={byField.note} value={note} onChange={setNote} />
      </div>
      <Figures
        live
        currency={currency}
        figures={[
          { label: t("cashup.expected"), amount: courier.cash_held },
          { label: t("cashup.countedShort"), amount: valid ? minor : null },
          { label: t("cashup.difference"), amount: difference, testId: "cashup-difference" },
        ]}
      />
      <SubmitButton busy={loading} icon={icons.check_circle}>
        {t("cashup.submit")}
      </SubmitButton>
    </form>
  );
}

/** What a saved cash-up found: expected against counted, and the difference. */
export function CashupResult({ c, onClose }: { c: AdminCodCashupFieldsFragment; onClose: () => void }) {
  const { t } = useTranslation(NS);
  return (
    <section className="cp-card cp-cod-result" data-testid="cashup-result" aria-labelledby={`cashup-${c.id}`}>
      <h2 id={`cashup-${c.id}`} className="cp-card-title">
        {t("cashup.resultTitle", { name: c.courier_name ?? t("memberNumber", { id: c.courier_id }) })}
      </h2>
      <Figures
        currency={c.currency}
        figures={[
          { label: t("cashup.expected"), amount: c.expected_amount, testId: "result-expected" },
          { label: t("cashup.countedShort"), amount: c.counted_amount, testId: "result-counted" },
          { label: t("cashup.difference"), amount: c.difference, testId: "result-difference" },
        ]}
      />
      <p className="cp-small">
        {t("cashup.resultCollections", { count: c.collections.length })}
        {c.note ? ` · ${t("cashup.noteSaid", { note: c.note })}` : ""}
      </p>
      <button type="button" className="cp-btn cp-btn-outline cp-btn-sm" onClick={onClose}>
        {t("close")}
      </button>
    </section>
  );
}
