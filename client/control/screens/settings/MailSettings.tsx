import { Link } from "react-router-dom";
import { FormStatus, SelectField, SubmitButton } from "../../components/fields";
import { Card, PageHeader } from "../../components/PageHeader";
import { useTitle } from "../../hooks/useTitle";
import { MAIL_DRIVER_OPTIONS, MAIL_TEMPLATE_OPTIONS } from "../../options";
import type { AdminSettingsQuery } from "../../../generated/graphql";
import { SettingsGate } from "./SettingsGate";
import { useMailSettingsForm } from "./useMailSettingsForm";
import * as icons from "../../icons";

function Form({ settings }: { settings: AdminSettingsQuery["adminSettings"] }) {
  const { bind, errors, message, busy, onSubmit } = useMailSettingsForm(settings);
  return (
    <Card>
      <form className="cp-form" onSubmit={onSubmit} noValidate>
        <FormStatus errors={errors} message={message} />
        <SelectField
          field={bind("mail_driver")}
          options={MAIL_DRIVER_OPTIONS}
          hint="mail: the server sends every message. smtp: your Send Email messages go through the SMTP server signed in as the contact e-mail, with the password you type when sending."
        />
        <SelectField field={bind("mail_template")} options={MAIL_TEMPLATE_OPTIONS} hint="The look of every e-mail the site sends. plain is text only; html1 to html4 are designs with your contact details." />
        <SubmitButton busy={busy}>Save</SubmitButton>
      </form>
      <p className="cp-hint">
        <Link to="/control/email/send.html">Send an e-mail</Link> · <Link to="/control/email/outbox.html">Outbox</Link>
      </p>
    </Card>
  );
}

export default function MailSettings() {
  useTitle("Mail Settings");
  return (
    <div className="cp-container cp-narrow">
      <PageHeader title="Mail Settings" icon={icons.email} back="/control/settings" backLabel="Back to settings" />
      <SettingsGate>{(s) => <Form settings={s} />}</SettingsGate>
    </div>
  );
}
