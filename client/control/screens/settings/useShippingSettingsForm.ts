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
    // Read in the currency the form saves (the amount kept is the smallest unit of it); "3,000.00" is read as 300000.
    const unit = /^[A-Z]{3}$/.test(currency) ? currency : s.currency;
    const max_amount = parseMoney(v.max_amount, unit, { negative: false });
    if (max_amount === null || Number.isNaN(max_amount) || max_amount < 1)
      throw new Error(`Largest amount must be an amount in ${unit} above zero, such as 2500.00`);
    await save({
      variables: { input: { shipper_signup: v.shipper_signup, currency, pickup_cutoff: v.pickup_cutoff.trim(), max_amount } },
    });
    return "Shipping settings saved";
  });
  return { ...form, onSubmit };
}
