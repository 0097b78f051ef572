import { useTranslation } from "react-i18next";
import { SETTINGS_NS } from "./deliveryDay";
import { useAdminUpdateShippingSettingsMutation, type AdminSettingsQuery } from "../../../generated/graphql";
import { moneyInput, parseMoney } from "@shared/core/money";
import { useFormState } from "../../hooks/useFormState";

export function useShippingSettingsForm(s: AdminSettingsQuery["adminSettings"]) {
  const { t } = useTranslation(SETTINGS_NS);
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
    if (max_amount === null || Number.isNaN(max_amount) || max_amount < 1) throw new Error(t("shipping.maxAmountBad", { currency: unit }));
    await save({
      variables: { input: { shipper_signup: v.shipper_signup, currency, pickup_cutoff: v.pickup_cutoff.trim(), max_amount } },
    });
    return t("shipping.saved");
  });
  return { ...form, onSubmit };
}
