import { useAdminUpdateMailSettingsMutation, type AdminSettingsQuery } from "../../../generated/graphql";
import { useFormState } from "../../hooks/useFormState";

export function useMailSettingsForm(s: AdminSettingsQuery["adminSettings"]) {
  const form = useFormState({ mail_driver: s.mail_driver, mail_template: s.mail_template });
  const [save] = useAdminUpdateMailSettingsMutation({ refetchQueries: ["AdminSettings"] });
  const onSubmit = form.submit(async () => {
    await save({ variables: { input: { mail_driver: form.values.mail_driver, mail_template: form.values.mail_template } } });
    return "Mail settings saved";
  });
  return { ...form, onSubmit };
}
