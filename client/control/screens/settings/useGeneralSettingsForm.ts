import { useTranslation } from "react-i18next";
import { SETTINGS_NS } from "./deliveryDay";
import { useAdminUpdateGeneralSettingsMutation, type AdminSettingsQuery } from "../../../generated/graphql";
import { useFormState } from "../../hooks/useFormState";

/** The general group: the company's language (what the server writes, and the site shows, when nobody chose one). */
export function useGeneralSettingsForm(s: AdminSettingsQuery["adminSettings"]) {
  const { t } = useTranslation(SETTINGS_NS);
  const form = useFormState({ language: s.language });
  const [save] = useAdminUpdateGeneralSettingsMutation({ refetchQueries: ["AdminSettings"] });
  const onSubmit = form.submit(async () => {
    await save({ variables: { input: { language: form.values.language } } });
    return t("general.saved");
  });
  return { ...form, onSubmit };
}
