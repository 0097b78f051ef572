import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormStatus, SubmitButton, TextAreaField, TextField } from "../../components/fields";
import { Card, PageHeader } from "../../components/PageHeader";
import { useTitle } from "../../hooks/useTitle";
import type { AdminSettingsQuery } from "../../../generated/graphql";
import { SettingsGate } from "./SettingsGate";
import { HTML_SAVED_KEY, useHtmlSettingsForm } from "./useHtmlSettingsForm";
import { MAX_LENGTH } from "@shared/core/lengths.codes";
import * as icons from "../../icons";
import { SETTINGS_NS } from "./deliveryDay";

function savedBeforeReload(): boolean {
  try {
    const saved = sessionStorage.getItem(HTML_SAVED_KEY) === "1";
    sessionStorage.removeItem(HTML_SAVED_KEY);
    return saved;
  } catch {
    return false;
  }
}

function Form({ settings }: { settings: AdminSettingsQuery["adminSettings"] }) {
  const { bind, errors, message, busy, onSubmit } = useHtmlSettingsForm(settings);
  const [saved] = useState(savedBeforeReload);
  const { t } = useTranslation(SETTINGS_NS);
  return (
    <Card>
      <form className="cp-form" onSubmit={onSubmit} noValidate>
        <FormStatus errors={errors} message={message || (saved && !errors.length ? t("html.saved") : "")} />
        <TextField field={bind("meta_description")} label={t("html.metaDescription")} optional hint={t("html.metaDescriptionHint")} />
        <TextAreaField field={bind("chat_code")} label={t("html.chatCode")} optional rows={10} maxLength={MAX_LENGTH.chatCode} hint={t("html.chatCodeHint")} />
        <SubmitButton busy={busy}>{t("save")}</SubmitButton>
        <p className="cp-hint">{t("html.reloads")}</p>
      </form>
    </Card>
  );
}

export default function HtmlSettings() {
  const { t } = useTranslation(SETTINGS_NS);
  useTitle(t("menu.html"));
  return (
    <div className="cp-container cp-narrow">
      <PageHeader title={t("menu.html")} icon={icons.code} back="/control/settings" backLabel={t("back")} />
      <SettingsGate>{(s) => <Form settings={s} />}</SettingsGate>
    </div>
  );
}
