import { useTranslation } from "react-i18next";
import { SETTINGS_NS } from "./deliveryDay";
import { useState } from "react";
import { useAdminUpdateMailSettingsMutation, type AdminSettingsQuery } from "../../../generated/graphql";
import { useFormState } from "../../hooks/useFormState";

export function useMailSettingsForm(s: AdminSettingsQuery["adminSettings"]) {
  const { t } = useTranslation(SETTINGS_NS);
  const form = useFormState({ mail_driver: s.mail_driver, mail_template: s.mail_template });
  const [allowPlain, setAllowPlain] = useState(s.smtp_allow_plain);
  const [save] = useAdminUpdateMailSettingsMutation({ refetchQueries: ["AdminSettings"] });
  const onSubmit = form.submit(async () => {
    await save({ variables: { input: { mail_driver: form.values.mail_driver, mail_template: form.values.mail_template, smtp_allow_plain: allowPlain } } });
    return t("mail.saved");
  });
  return { ...form, allowPlain, setAllowPlain, onSubmit };
}
