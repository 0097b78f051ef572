import { useState } from "react";
import { FormStatus, SubmitButton, TextAreaField, TextField } from "../../components/fields";
import { Card, PageHeader } from "../../components/PageHeader";
import { useTitle } from "../../hooks/useTitle";
import type { AdminSettingsQuery } from "../../../generated/graphql";
import { SettingsGate } from "./SettingsGate";
import { HTML_SAVED_KEY, useHtmlSettingsForm } from "./useHtmlSettingsForm";
import { MAX_LENGTH } from "@shared/core/lengths.codes";
import * as icons from "../../icons";

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
  return (
    <Card>
      <form className="cp-form" onSubmit={onSubmit} noValidate>
        <FormStatus errors={errors} message={message || (saved && !errors.length ? "Html settings saved" : "")} />
        <TextField field={bind("meta_description")} label="Meta Description" optional hint="The description search engines show for the site." />
        <TextAreaField
          field={bind("chat_code")}
          label="Chat Code"
          optional
          rows={10}
          maxLength={MAX_LENGTH.chatCode}
          hint="The snippet of your live-chat provider (script tags). It is added to every public page."
        />
        <SubmitButton busy={busy}>Save</SubmitButton>
        <p className="cp-hint">The page reloads after saving.</p>
      </form>
    </Card>
  );
}

export default function HtmlSettings() {
  useTitle("Html Settings");
  return (
    <div className="cp-container cp-narrow">
      <PageHeader title="Html Settings" icon={icons.code} back="/control/settings" backLabel="Back to settings" />
      <SettingsGate>{(s) => <Form settings={s} />}</SettingsGate>
    </div>
  );
}
