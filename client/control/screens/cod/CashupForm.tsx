import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useAdminCreateCodCashupMutation, type AdminCodCashupFieldsFragment } from "../../../generated/graphql";
import { errorMessages } from "../../../errors";
import { majorText } from "@shared/core/money";
import { COD_NOTE_MAX } from "@shared/modules/cod/cod.codes";
import { SubmitButton } from "../../components/fields";
import { ErrorList } from "../../../components/ErrorList";
import { useToast } from "../../components/Toast";
import * as icons from "../../icons";
import { Amount, CodField, NS, said, splitErrors, typedAmount } from "./common";

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
      const msgs = errorMessages(err);
      // The server's rule of the note, in the member's language (its English message names the amounts).
      setErrors(msgs.length ? msgs.map((m) => (m.startsWith("note is required") ? `note: ${t("cashup.noteRequired")}` : m)) : [t("cashup.failed")]);
    }
  };

  return (
    <form className="cp-cod-cashup" onSubmit={onSubmit} noValidate aria-label={t("cashup.formLabel", { name: courier.name })} data-testid="cashup-form">
      {rest.length ? (
        <div className="cp-alert cp-alert-error" role="alert" data-testid="form-errors">
          <ErrorList errors={rest.map((m) => said(m, { courier_id: t("cashup.courier") }))} />
        </div>
      ) : null}
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
        <CodField label={t("cashup.note")} hint={t("cashup.noteHint")} errors={byField.note}>
          {(p) => (
            <textarea
              {...p}
              className="cp-input cp-textarea"
              name="note"
              rows={2}
              maxLength={COD_NOTE_MAX}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          )}
        </CodField>
      </div>
      <dl className="cp-cod-compare" aria-live="polite">
        <div>
          <dt>{t("cashup.expected")}</dt>
          <dd>
            <Amount amount={courier.cash_held} currency={currency} />
          </dd>
        </div>
        <div>
          <dt>{t("cashup.countedShort")}</dt>
          <dd>{valid ? <Amount amount={minor} currency={currency} /> : "–"}</dd>
        </div>
        <div>
          <dt>{t("cashup.difference")}</dt>
          <dd data-testid="cashup-difference">{difference === null ? "–" : <Amount amount={difference} currency={currency} />}</dd>
        </div>
      </dl>
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
      <dl className="cp-cod-compare">
        <div>
          <dt>{t("cashup.expected")}</dt>
          <dd data-testid="result-expected">
            <Amount amount={c.expected_amount} currency={c.currency} />
          </dd>
        </div>
        <div>
          <dt>{t("cashup.countedShort")}</dt>
          <dd data-testid="result-counted">
            <Amount amount={c.counted_amount} currency={c.currency} />
          </dd>
        </div>
        <div>
          <dt>{t("cashup.difference")}</dt>
          <dd data-testid="result-difference">
            <Amount amount={c.difference} currency={c.currency} />
          </dd>
        </div>
      </dl>
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
