import { useAdminUpdateContactSettingsMutation, type AdminSettingsQuery } from "../../../generated/graphql";
import { useFormState } from "../../hooks/useFormState";
import { textOrNull } from "../../hooks/values";

type Settings = AdminSettingsQuery["adminSettings"];
export const CONTACT_OPTIONAL = ["contact_phone", "contact_phone_alt", "contact_twitter", "contact_telegram", "contact_instagram", "contact_address"] as const;

export function useContactSettingsForm(s: Settings) {
  const form = useFormState({
    contact_email: s.contact_email,
    ...(Object.fromEntries(CONTACT_OPTIONAL.map((k) => [k, s[k]])) as Record<(typeof CONTACT_OPTIONAL)[number], string>),
  });
  const [save] = useAdminUpdateContactSettingsMutation({ refetchQueries: ["AdminSettings"] });
  const onSubmit = form.submit(async () => {
    const v = form.values;
    const input = { contact_email: v.contact_email.trim(), ...Object.fromEntries(CONTACT_OPTIONAL.map((k) => [k, textOrNull(v[k]) ?? ""])) };
    await save({ variables: { input } });
    return "Contact info saved";
  });
  return { ...form, onSubmit };
}
