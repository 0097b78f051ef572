import { useTranslation } from "react-i18next";
import { SETTINGS_NS } from "./deliveryDay";
import { useAdminUpdateHtmlSettingsMutation, type AdminSettingsQuery } from "../../../generated/graphql";
import { useFormState } from "../../hooks/useFormState";

export const HTML_SAVED_KEY = "cp-html-saved";

/** Saves meta description and chat code, then reloads the page so the new head and chat code apply. */
export function useHtmlSettingsForm(s: AdminSettingsQuery["adminSettings"]) {
  const { t } = useTranslation(SETTINGS_NS);
  const form = useFormState({ meta_description: s.meta_description, chat_code: s.chat_code });
  const [save] = useAdminUpdateHtmlSettingsMutation();
  const onSubmit = form.submit(async () => {
    await save({ variables: { input: { meta_description: form.values.meta_description.trim(), chat_code: form.values.chat_code } } });
    try {
      sessionStorage.setItem(HTML_SAVED_KEY, "1");
    } catch {
      // Only the message after the reload is lost.
    }
    window.location.reload();
    return t("html.saved");
  });
  return { ...form, onSubmit };
}
