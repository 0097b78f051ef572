import { useTranslation } from "react-i18next";
import { LANGUAGES } from "@shared/i18n/languages";
import { FormStatus, SelectField, SubmitButton } from "../../components/fields";
import { Card, PageHeader } from "../../components/PageHeader";
import { useTitle } from "../../hooks/useTitle";
import type { AdminSettingsQuery } from "../../../generated/graphql";
import { SettingsGate } from "./SettingsGate";
import { useGeneralSettingsForm } from "./useGeneralSettingsForm";
import * as icons from "../../icons";
import { SETTINGS_NS } from "./deliveryDay";

/** Each language by its own name (as the language chooser shows them). */
const LANGUAGE_OPTIONS = LANGUAGES.map((l) => ({ value: l.code, label: l.name }));

function Form({ settings }: { settings: AdminSettingsQuery["adminSettings"] }) {
  const { bind, errors, message, busy, onSubmit } = useGeneralSettingsForm(settings);
  const { t } = useTranslation(SETTINGS_NS);
  return (
    <Card>
      <form className="cp-form" onSubmit={onSubmit} noValidate>
        <FormStatus errors={errors} message={message} />
        <SelectField field={bind("language")} label={t("general.language")} options={LANGUAGE_OPTIONS} hint={t("general.languageHint")} />
        <SubmitButton busy={busy}>{t("save")}</SubmitButton>
      </form>
    </Card>
  );
}

export default function GeneralSettings() {
  const { t } = useTranslation(SETTINGS_NS);
  useTitle(t("menu.general"));
  return (
    <div className="cp-container cp-narrow">
      <PageHeader title={t("menu.general")} icon={icons.translate} back="/control/settings" backLabel={t("back")} />
      <SettingsGate>{(s) => <Form settings={s} />}</SettingsGate>
    </div>
  );
}
