import { Link } from "react-router-dom";
import { FormStatus, SelectField, SubmitButton } from "../../components/fields";
import { Card, PageHeader } from "../../components/PageHeader";
import { useTitle } from "../../hooks/useTitle";
import { Icon } from "../../../components/Icon";
import { MAIL_DRIVER_OPTIONS, MAIL_TEMPLATE_OPTIONS } from "../../options";
import type { AdminSettingsQuery } from "../../../generated/graphql";
import { SettingsGate } from "./SettingsGate";
import { useMailSettingsForm } from "./useMailSettingsForm";
import { SMTP_PLAIN_WARNING } from "@shared/modules/settings/settings.codes";
import * as icons from "../../icons";

function Form({ settings }: { settings: AdminSettingsQuery["adminSettings"] }) {
  const { bind, errors, message, busy, onSubmit, allowPlain, setAllowPlain } = useMailSettingsForm(settings);
  return (
    <Card>
      <form className="cp-form" onSubmit={onSubmit} noValidate>
        <FormStatus errors={errors} message={message} />
        <SelectField
          field={bind("mail_driver")}
          options={MAIL_DRIVER_OPTIONS}
          hint="mail: the server sends every message. smtp: your Send Email messages go through the SMTP server signed in as the contact e-mail, with the password you type when sending."
        />
        <label className="cp-check">
          <input type="checkbox" name="smtp_allow_plain" checked={allowPlain} onChange={(ev) => setAllowPlain(ev.target.checked)} />
          <span>
            <strong>Allow SMTP without TLS</strong>
            <small className="cp-muted">Off: Send Email refuses an SMTP server that offers no TLS (STARTTLS, or port 465).</small>
          </span>
        </label>
        {allowPlain ? (
          <p className="cp-alert cp-alert-warn" role="alert" data-testid="smtp-plain-warning">
            <Icon path={icons.error} size={20} />
            <span>{SMTP_PLAIN_WARNING}</span>
          </p>
        ) : null}
        <SelectField
          field={bind("mail_template")}
          options={MAIL_TEMPLATE_OPTIONS}
          hint="The look of every e-mail the site sends. plain is text only; html1 to html4 are designs with your contact details."
        />
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
