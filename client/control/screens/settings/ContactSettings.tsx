import { FormStatus, SubmitButton, TextField } from "../../components/fields";
import { Card, PageHeader } from "../../components/PageHeader";
import { useTitle } from "../../hooks/useTitle";
import type { AdminSettingsQuery } from "../../../generated/graphql";
import { SettingsGate } from "./SettingsGate";
import { MAX_LENGTH } from "@shared/core/lengths.codes";
import { useContactSettingsForm } from "./useContactSettingsForm";
import * as icons from "../../icons";

function Form({ settings }: { settings: AdminSettingsQuery["adminSettings"] }) {
  const { bind, errors, message, busy, onSubmit } = useContactSettingsForm(settings);
  return (
    <Card>
      <form className="cp-form" onSubmit={onSubmit} noValidate>
        <FormStatus errors={errors} message={message} />
        <TextField
          field={bind("company_name")}
          label="Company name"
          maxLength={MAX_LENGTH.companyName}
          autoComplete="organization"
          optional
          hint="Shown in the site's and the control panel's headers, the browser's tab, every e-mail and every PDF (labels, invoices, statements, run sheets). Left empty, the server's COMPANY_NAME is used."
        />
        <TextField
          field={bind("contact_email")}
          label="Contact Email"
          type="email"
          hint="Shown on the site, receives visitors' messages and sends your e-mails."
        />
        <div className="cp-field-row">
          <TextField field={bind("contact_phone")} label="Contact Phone" type="tel" optional />
          <TextField field={bind("contact_phone_alt")} label="Contact Phone Alt" type="tel" optional />
        </div>
        <div className="cp-field-row cp-field-row-3">
          <TextField field={bind("contact_twitter")} label="Contact Twitter" optional />
          <TextField field={bind("contact_telegram")} label="Contact Telegram" optional />
          <TextField field={bind("contact_instagram")} label="Contact Instagram" optional />
        </div>
        <TextField field={bind("contact_address")} label="Contact Address" optional />
        <SubmitButton busy={busy}>Save</SubmitButton>
      </form>
    </Card>
  );
}

export default function ContactSettings() {
  useTitle("Contact Info");
  return (
    <div className="cp-container cp-narrow">
      <PageHeader title="Contact Info" icon={icons.contact_mail} back="/control/settings" backLabel="Back to settings" />
      <SettingsGate>{(s) => <Form settings={s} />}</SettingsGate>
    </div>
  );
}
