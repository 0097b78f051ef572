import { useAdminUpdateShippingSettingsMutation, type AdminSettingsQuery } from "../../../generated/graphql";
import { moneyInput, parseMoney } from "@shared/core/money";
import { useFormState } from "../../hooks/useFormState";

export function useShippingSettingsForm(s: AdminSettingsQuery["adminSettings"]) {
  const form = useFormState({
    shipper_signup: s.shipper_signup,
    currency: s.currency,
    pickup_cutoff: s.pickup_cutoff,
    max_amount: moneyInput(s.max_amount, s.currency),
  });
  const [save] = useAdminUpdateShippingSettingsMutation({ refetchQueries: ["AdminSettings", "ShippingCurrency"] });
  const onSubmit = form.submit(async () => {
    const v = form.values;
    const currency = v.currency.trim().toUpperCase();
    // Read in the currency the form saves (the amount kept is the smallest unit of it); a wrong text goes to the server as
    // it was typed would not: -1 is refused there naming max_amount.
    const max_amount = parseMoney(v.max_amount, /^[A-Z]{3}$/.test(currency) ? currency : s.currency, { negative: false }) ?? -1;
    await save({
      variables: { input: { shipper_signup: v.shipper_signup, currency, pickup_cutoff: v.pickup_cutoff.trim(), max_amount } },
    });
    return "Shipping settings saved";
  });
  return { ...form, onSubmit };
}
