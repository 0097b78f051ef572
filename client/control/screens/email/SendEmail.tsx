import { Link } from "react-router-dom";
import { useTranslation } from "react-i18next";
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
  const { t } = useTranslation("control-email");
  const [toField, subjectField, bodyField, passwordField] = [bind("to"), bind("subject"), bind("body"), bind("password")];
  return (
    <>
      <Card className="cp-mail-info">
        <dl className="cp-facts">
          <div>
            <dt>{t("send.driver")}</dt>
            <dd data-testid="mail-driver">{settings.mail_driver}</dd>
          </div>
          <div>
            <dt>{t("send.template")}</dt>
            <dd data-testid="mail-template">{settings.mail_template}</dd>
          </div>
          <div>
            <dt>{t("send.sender")}</dt>
            <dd data-testid="mail-sender">{settings.contact_email || t("send.notSet")}</dd>
          </div>
        </dl>
        <p className="cp-hint">
          <Link to="/control/settings/mail">{t("send.changeSettings")}</Link>
          {" · "}
          <Link to="/control/settings/contact">{t("send.changeSender")}</Link>
        </p>
      </Card>
      <Card>
        <form className="cp-form" onSubmit={onSubmit} noValidate>
          <FormStatus errors={errors} message={message} />
          <TextField field={toField} label={t("send.to")} type="email" autoComplete="email" autoFocus />
          <TextField field={subjectField} label={t("send.subject")} />
          <TextAreaField field={bodyField} label={t("send.body")} rows={10} maxLength={MAX_LENGTH.mailBody} />
          {smtp ? (
            <PasswordField
              field={passwordField}
              label={t("send.password")}
              autoComplete="off"
              hint={t("send.passwordHint", { mailbox: settings.contact_email || t("send.theMailbox") })}
            />
          ) : null}
          <SubmitButton busy={busy} icon={icons.send}>
            {t("send.submit")}
          </SubmitButton>
        </form>
      </Card>
    </>
  );
}

export default function SendEmail() {
  const { t } = useTranslation("control-email");
  useTitle(t("send.title"));
  const { data, loading, error } = useAdminSettingsQuery({ fetchPolicy: "network-only" });
  return (
    <div className="cp-container cp-narrow">
      <PageHeader
        title={t("send.title")}
        icon={icons.email}
        back="/control/index.html"
        backLabel={t("send.home")}
        actions={
          <Link to="/control/email/outbox.html" className="cp-btn cp-btn-outline">
            <Icon path={icons.outbox} size={20} />
            <span>{t("send.outbox")}</span>
          </Link>
        }
      />
      {data?.adminSettings ? <Form settings={data.adminSettings} /> : <ListState loading={loading} error={firstError(error)} empty />}
    </div>
  );
}
