import { useAdminUpdateShippingSettingsMutation, type AdminSettingsQuery } from "../../../generated/graphql";
import { useFormState } from "../../hooks/useFormState";

export function useShippingSettingsForm(s: AdminSettingsQuery["adminSettings"]) {
  const form = useFormState({ shipper_signup: s.shipper_signup, currency: s.currency, pickup_cutoff: s.pickup_cutoff });
  const [save] = useAdminUpdateShippingSettingsMutation({ refetchQueries: ["AdminSettings", "ShippingCurrency"] });
  const onSubmit = form.submit(async () => {
    const v = form.values;
    await save({
      variables: { input: { shipper_signup: v.shipper_signup, currency: v.currency.trim().toUpperCase(), pickup_cutoff: v.pickup_cutoff.trim() } },
    });
    return "Shipping settings saved";
  });
  return { ...form, onSubmit };
}
