import { useTranslation } from "react-i18next";
import { SETTINGS_NS } from "./deliveryDay";
import { useAdminUpdateContactSettingsMutation, type AdminSettingsQuery } from "../../../generated/graphql";
import { useFormState } from "../../hooks/useFormState";
import { textOrNull } from "../../hooks/values";
import { setProductName } from "../../../components/brand";

type Settings = AdminSettingsQuery["adminSettings"];
export const CONTACT_OPTIONAL = ["contact_phone", "contact_phone_alt", "contact_twitter", "contact_telegram", "contact_instagram", "contact_address"] as const;

export function useContactSettingsForm(s: Settings) {
  const { t } = useTranslation(SETTINGS_NS);
  const form = useFormState({
    company_name: s.company_name,
    contact_email: s.contact_email,
    ...(Object.fromEntries(CONTACT_OPTIONAL.map((k) => [k, s[k]])) as Record<(typeof CONTACT_OPTIONAL)[number], string>),
  });
  const [save] = useAdminUpdateContactSettingsMutation({ refetchQueries: ["AdminSettings"] });
  const onSubmit = form.submit(async () => {
    const v = form.values;
    const input = {
      company_name: v.company_name.trim(),
      contact_email: v.contact_email.trim(),
      ...Object.fromEntries(CONTACT_OPTIONAL.map((k) => [k, textOrNull(v[k]) ?? ""])),
    };
    const r = await save({ variables: { input } });
    // Every header showing the name follows at once (the server writes it into each page from now on).
    const name = r.data?.updateContactSettings.company_name;
    if (name) setProductName(name);
    return t("contact.saved");
  });
  return { ...form, onSubmit };
}
