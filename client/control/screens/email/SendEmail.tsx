import { Link } from "react-router-dom";
import { useAdminSettingsQuery, type AdminSettingsQuery } from "../../../generated/graphql";
import { FormStatus, PasswordField, SubmitButton, TextAreaField, TextField } from "../../components/fields";
import { Card, PageHeader } from "../../components/PageHeader";
import { ListState } from "../../components/lists";
import { Icon } from "../../../components/Icon";
import { firstError } from "../../hooks/errors";
import { useTitle } from "../../hooks/useTitle";
import { useSendEmailForm } from "./useSendEmailForm";
import { MAX_LENGTH } from "@shared/core/lengths.codes";
import * as icons from "../../icons";

function Form({ settings }: { settings: AdminSettingsQuery["adminSettings"] }) {
  const smtp = settings.mail_driver === "smtp";
  const { bind, errors, message, busy, onSubmit } = useSendEmailForm(smtp);
  return (
    <>
      <Card className="cp-mail-info">
        <dl className="cp-facts">
          <div>
            <dt>Mail driver</dt>
            <dd data-testid="mail-driver">{settings.mail_driver}</dd>
          </div>
          <div>
            <dt>Mail template</dt>
            <dd data-testid="mail-template">{settings.mail_template}</dd>
          </div>
          <div>
            <dt>Sender</dt>
            <dd data-testid="mail-sender">{settings.contact_email || "not set"}</dd>
          </div>
        </dl>
        <p className="cp-hint">
          <Link to="/control/settings/mail">Change the mail settings</Link>
          {" · "}
          <Link to="/control/settings/contact">Change the sender (contact e-mail)</Link>
        </p>
      </Card>
      <Card>
        <form className="cp-form" onSubmit={onSubmit} noValidate>
          <FormStatus errors={errors} message={message} />
          <TextField field={bind("to")} label="To" type="email" autoComplete="email" autoFocus />
          <TextField field={bind("subject")} label="Subject" />
          <TextAreaField field={bind("body")} label="Body" rows={10} maxLength={MAX_LENGTH.mailBody} />
          {smtp ? (
            <PasswordField
              field={bind("password")}
              label="Password (Your Email Password)"
              autoComplete="off"
              hint={`The password of ${settings.contact_email || "the sender's mailbox"}; used for this message only and never stored.`}
            />
          ) : null}
          <SubmitButton busy={busy} icon={icons.send}>
            Send
          </SubmitButton>
        </form>
      </Card>
    </>
  );
}

export default function SendEmail() {
  useTitle("Send Email");
  const { data, loading, error } = useAdminSettingsQuery({ fetchPolicy: "network-only" });
  return (
    <div className="cp-container cp-narrow">
      <PageHeader
        title="Send Email"
        icon={icons.email}
        back="/control/index.html"
        backLabel="Control panel home"
        actions={
          <Link to="/control/email/outbox.html" className="cp-btn cp-btn-outline">
            <Icon path={icons.outbox} size={20} />
            <span>Outbox</span>
          </Link>
        }
      />
      {data?.adminSettings ? <Form settings={data.adminSettings} /> : <ListState loading={loading} error={firstError(error)} empty />}
    </div>
  );
}
