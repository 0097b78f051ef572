import { useTranslation } from "react-i18next";
import { FormStatus, SubmitButton, TextField } from "../../components/fields";
import { Card, PageHeader } from "../../components/PageHeader";
import { useTitle } from "../../hooks/useTitle";
import type { AdminSettingsQuery } from "../../../generated/graphql";
import { SettingsGate } from "./SettingsGate";
import { MAX_LENGTH } from "@shared/core/lengths.codes";
import { useContactSettingsForm } from "./useContactSettingsForm";
import * as icons from "../../icons";
import { SETTINGS_NS } from "./deliveryDay";

function Form({ settings }: { settings: AdminSettingsQuery["adminSettings"] }) {
  const { bind, errors, message, busy, onSubmit } = useContactSettingsForm(settings);
  const { t } = useTranslation(SETTINGS_NS);
  return (
    <Card>
      <form className="cp-form" onSubmit={onSubmit} noValidate>
        <FormStatus errors={errors} message={message} />
        <TextField
          field={bind("company_name")}
          label={t("contact.companyName")}
          maxLength={MAX_LENGTH.companyName}
          autoComplete="organization"
          optional
          hint={t("contact.companyNameHint")}
        />
        <TextField field={bind("contact_email")} label={t("contact.email")} type="email" hint={t("contact.emailHint")} />
        <div className="cp-field-row">
          <TextField field={bind("contact_phone")} label={t("contact.phone")} type="tel" optional />
          <TextField field={bind("contact_phone_alt")} label={t("contact.phoneAlt")} type="tel" optional />
        </div>
        <div className="cp-field-row cp-field-row-3">
          <TextField field={bind("contact_twitter")} label={t("contact.twitter")} optional />
          <TextField field={bind("contact_telegram")} label={t("contact.telegram")} optional />
          <TextField field={bind("contact_instagram")} label={t("contact.instagram")} optional />
        </div>
        <TextField field={bind("contact_address")} label={t("contact.address")} optional />
        <SubmitButton busy={busy}>{t("save")}</SubmitButton>
      </form>
    </Card>
  );
}

export default function ContactSettings() {
  const { t } = useTranslation(SETTINGS_NS);
  useTitle(t("menu.contact"));
  return (
    <div className="cp-container cp-narrow">
      <PageHeader title={t("menu.contact")} icon={icons.contact_mail} back="/control/settings" backLabel={t("back")} />
      <SettingsGate>{(s) => <Form settings={s} />}</SettingsGate>
    </div>
  );
}
