import { useAdminCreateShipperMutation, useAdminUpdateShipperMutation, type AdminShipperFieldsFragment } from "../../../generated/graphql";
import { useTranslation } from "react-i18next";
import { useFormState } from "../../hooks/useFormState";
import { textOrNull } from "../../hooks/values";
import { moneyInput, parseMoney } from "@shared/core/money";

/** The credit limit as typed: blank is no limit; a wrong amount is refused before the server (the message in words: fieldLabels.ts). */
function creditLimit(text: string, currency: string): number | null {
  const v = parseMoney(text, currency);
  if (Number.isNaN(v)) throw new Error(`credit_limit must be an amount in ${currency}, such as 250.00`);
  return v;
}

/** Create Shipper: a business account without a password; the server mails the invitation. */
export function useShipperCreateForm(currency: string, done: (s: AdminShipperFieldsFragment) => void) {
  const form = useFormState({ name: "", email: "", company: "", rate_card_id: "", credit_limit: "" });
  const [create] = useAdminCreateShipperMutation({ refetchQueries: ["AdminShippers"] });
  const onSubmit = form.submit(async () => {
    const v = form.values;
    const { data } = await create({
      variables: {
        input: {
          name: v.name.trim(),
          email: v.email.trim(),
          company: textOrNull(v.company),
          rate_card_id: textOrNull(v.rate_card_id),
          credit_limit: creditLimit(v.credit_limit, currency),
        },
      },
    });
    if (data) done(data.createShipper);
  });
  return { ...form, onSubmit };
}

/** A shipper's card and credit limit. */
export function useShipperEditForm(s: AdminShipperFieldsFragment, currency: string) {
  const { t } = useTranslation("control-shippers");
  const form = useFormState({ rate_card_id: s.rate_card_id ?? "", credit_limit: moneyInput(s.credit_limit, currency) });
  const [update] = useAdminUpdateShipperMutation();
  const onSubmit = form.submit(async () => {
    await update({
      variables: { input: { id: s.id, rate_card_id: form.values.rate_card_id, credit_limit: creditLimit(form.values.credit_limit, currency) } },
    });
    return t("shippers.saved");
  });
  return { ...form, onSubmit };
}
