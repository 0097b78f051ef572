import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import {
  useAdminConfirmTotpMutation,
  useAdminDisableTotpMutation,
  useAdminRegenerateRecoveryCodesMutation,
  useAdminSetUpTotpMutation,
  useAdminTeamPolicyQuery,
  useAdminTotpStatusQuery,
  useAdminUpdateTeamPolicyMutation,
  type AdminSetUpTotpMutation,
} from "../../../generated/graphql";
import { CodeField, FormStatus, PasswordField, SubmitButton } from "../../components/fields";
import { Icon } from "../../../components/Icon";
import { ListState } from "../../components/lists";
import { Card, PageHeader } from "../../components/PageHeader";
import { useFormState } from "../../hooks/useFormState";
import { useTitle } from "../../hooks/useTitle";
import * as icons from "../../icons";
import { useRefreshSession, useSession } from "../../session";

type Setup = AdminSetUpTotpMutation["setUpTotp"];

/** The base32 secret in groups of four, as authenticator apps show it. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

export default function TwoStep() {
  const { t } = useTranslation("control-account");
  useTitle(t("twoStep.title"));
  const { role, totpSetupRequired } = useSession();
  const refreshSession = useRefreshSession();
  const status = useAdminTotpStatusQuery({ fetchPolicy: "cache-and-network" });
  const [codes, setCodes] = useState<string[] | null>(null);
  const s = status.data?.totpStatus;
  return (
    <div className="cp-container cp-narrow">
      <PageHeader title={t("twoStep.title")} icon={icons.shield} back="/control/account/index.html" backLabel={t("title")} />
      {totpSetupRequired ? (
        <div className="cp-alert cp-alert-info" role="alert" data-testid="totp-required">
          {t("twoStep.required")}
        </div>
      ) : null}
      {!s ? (
        <ListState loading={status.loading} error={status.error?.message} empty />
      ) : codes ? (
        <RecoveryCodesCard codes={codes} onDone={() => setCodes(null)} />
      ) : s.enabled ? (
        <EnabledCard
          left={s.recovery_codes_left}
          required={s.required}
          onCodes={setCodes}
          onOff={() => void Promise.all([status.refetch(), refreshSession()])}
        />
      ) : (
        <SetUpCard
          onOn={async (c) => {
            setCodes(c);
            await status.refetch();
          }}
        />
      )}
      {role === "owner" ? <RequireForEveryone enabled={Boolean(s?.enabled)} onChange={() => status.refetch()} /> : null}
    </div>
  );
}

function SetUpCard({ onOn }: { onOn: (codes: string[]) => Promise<void> }) {
  const { t } = useTranslation("control-account");
  const refreshSession = useRefreshSession();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [copied, setCopied] = useState(false);
  // The password is asked before the set-up and sent again with the code: a session alone cannot turn it on.
  const form = useFormState({ password: "", code: "" });
  const [setUp] = useAdminSetUpTotpMutation();
  const [confirm] = useAdminConfirmTotpMutation();
  const start = form.submit(async () => {
    const { data } = await setUp({ variables: { input: { password: form.values.password } } });
    if (data) setSetup(data.setUpTotp);
  });
  const onConfirm = form.submit(async () => {
    const { data } = await confirm({ variables: { input: { code: form.values.code.trim(), password: form.values.password } } });
    if (!data) return;
    // The session was renewed and `me` changed (two-step sign-in on, no longer limited).
    await refreshSession();
    await onOn(data.confirmTotp.recovery_codes);
  });
  if (!setup) {
    return (
      <Card title={t("twoStep.card")} className="cp-totp">
        <form className="cp-form" onSubmit={start} noValidate>
          <FormStatus errors={form.errors} />
          <p className="cp-note">{t("twoStep.off")}</p>
          <PasswordField field={form.bind("password")} label={t("twoStep.currentPassword")} />
          <SubmitButton busy={form.busy} icon={icons.qr_code_scanner}>
            {t("twoStep.setUp")}
          </SubmitButton>
        </form>
      </Card>
    );
  }
  return (
    <Card title={t("twoStep.setUpTitle")} className="cp-totp">
      <ol className="cp-totp-steps">
        <li>
          <p>{t("twoStep.scan")}</p>
          <img className="cp-totp-qr" src={setup.qr_code} alt={t("twoStep.qrAlt")} width={200} height={200} data-testid="totp-qr" />
        </li>
        <li>
          <p>{t("twoStep.byHand")}</p>
          <div className="cp-totp-key">
            <code data-testid="totp-secret" aria-label={t("twoStep.secretKey")}>
              {grouped(setup.secret)}
            </code>
            <button
              type="button"
              className="cp-btn cp-btn-outline cp-btn-sm"
              aria-label={t("twoStep.copyKey")}
              onClick={() =>
                navigator.clipboard?.writeText(setup.secret).then(
                  () => setCopied(true),
                  () => undefined,
                )
              }
            >
              <Icon path={copied ? icons.check_circle : icons.content_copy} size={18} />
              <span>{copied ? t("twoStep.copied") : t("twoStep.copy")}</span>
            </button>
          </div>
        </li>
        <li>
          <form className="cp-form" onSubmit={onConfirm} noValidate>
            <p>{t("twoStep.enterCode")}</p>
            <FormStatus errors={form.errors} />
            <CodeField field={form.bind("code")} label={t("twoStep.code")} />
            <SubmitButton busy={form.busy}>{t("twoStep.turnOn")}</SubmitButton>
          </form>
        </li>
      </ol>
    </Card>
  );
}

function RecoveryCodesCard({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation("control-account");
  const [copied, setCopied] = useState(false);
  const text = `${t("twoStep.fileHead", { host: location.host })}\n${t("twoStep.fileNote")}\n\n${codes.join("\n")}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = "recovery-codes.txt";
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <Card title={t("twoStep.codesTitle")} className="cp-totp">
      <div className="cp-alert cp-alert-success" role="status">
        {t("twoStep.isOn")}
      </div>
      <p className="cp-note">
        <Trans t={t} i18nKey="twoStep.save" components={{ b: <strong /> }} />
      </p>
      <ul className="cp-recovery-codes" data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
      <div className="cp-totp-actions">
        <button type="button" className="cp-btn cp-btn-outline" onClick={download}>
          <Icon path={icons.download} size={20} />
          <span>{t("twoStep.download")}</span>
        </button>
        <button
          type="button"
          className="cp-btn cp-btn-outline"
          onClick={() =>
            navigator.clipboard?.writeText(codes.join("\n")).then(
              () => setCopied(true),
              () => undefined,
            )
          }
        >
          <Icon path={copied ? icons.check_circle : icons.content_copy} size={20} />
          <span>{copied ? t("twoStep.copied") : t("twoStep.copy")}</span>
        </button>
        <button type="button" className="cp-btn cp-btn-primary" onClick={onDone}>
          <span>{t("twoStep.saved")}</span>
        </button>
      </div>
    </Card>
  );
}

function EnabledCard({ left, required, onCodes, onOff }: { left: number; required: boolean; onCodes: (codes: string[]) => void; onOff: () => void }) {
  const { t } = useTranslation("control-account");
  const form = useFormState({ password: "" });
  const [disable] = useAdminDisableTotpMutation();
  const [regenerate] = useAdminRegenerateRecoveryCodesMutation();
  const proof = () => ({ password: form.values.password });
  const onRegenerate = form.submit(async () => {
    const { data } = await regenerate({ variables: { input: proof() } });
    if (data) onCodes(data.regenerateRecoveryCodes.recovery_codes);
  });
  const onDisable = form.submit(async () => {
    await disable({ variables: { input: proof() } });
    onOff();
  });
  return (
    <Card title={t("twoStep.card")} className="cp-totp">
      <p className="cp-totp-state">
        <span className="cp-badge cp-badge-ok" data-testid="totp-on">
          {t("on")}
        </span>
        <span className="cp-muted">{left <= 3 ? t("twoStep.leftLow", { count: left }) : t("twoStep.left", { count: left })}</span>
      </p>
      <form className="cp-form" onSubmit={onRegenerate} noValidate>
        <p className="cp-note">{required ? t("twoStep.confirmNew") : t("twoStep.confirmNewOrOff")}</p>
        <FormStatus errors={form.errors} />
        <PasswordField field={form.bind("password")} label={t("twoStep.currentPassword")} />
        <div className="cp-totp-actions">
          <SubmitButton busy={form.busy} icon={icons.lock}>
            {t("twoStep.newCodes")}
          </SubmitButton>
          {required ? null : (
            <button type="button" className="cp-btn cp-btn-outline cp-danger" disabled={form.busy} onClick={() => onDisable()}>
              <span>{t("twoStep.turnOff")}</span>
            </button>
          )}
        </div>
        {required ? <p className="cp-muted">{t("twoStep.cannotOff")}</p> : null}
      </form>
    </Card>
  );
}

function RequireForEveryone({ enabled, onChange }: { enabled: boolean; onChange: () => void }) {
  const { t } = useTranslation("control-account");
  const policy = useAdminTeamPolicyQuery({ fetchPolicy: "cache-and-network" });
  const [update] = useAdminUpdateTeamPolicyMutation();
  const form = useFormState({});
  const on = Boolean(policy.data?.teamPolicy.require_totp);
  const toggle = (next: boolean) =>
    form.submit(async () => {
      await update({ variables: { input: { require_totp: next } } });
      await policy.refetch();
      onChange();
      return next ? t("team.nowRequired") : t("team.upToEach");
    })();
  return (
    <Card title={t("team.title")} className="cp-totp">
      <div className="cp-form">
        <FormStatus errors={form.errors} message={form.message} />
        <label className="cp-check">
          <input type="checkbox" name="require_totp" checked={on} disabled={form.busy || !policy.data} onChange={(e) => void toggle(e.target.checked)} />
          <span>
            <strong>{t("team.require")}</strong>
            <small className="cp-muted">{enabled ? t("team.hint") : t("team.hintOwnFirst")}</small>
          </span>
        </label>
      </div>
    </Card>
  );
}
