import { useState } from "react";
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
  useTitle("Two-Step Sign-In");
  const { role, totpSetupRequired } = useSession();
  const refreshSession = useRefreshSession();
  const status = useAdminTotpStatusQuery({ fetchPolicy: "cache-and-network" });
  const [codes, setCodes] = useState<string[] | null>(null);
  const s = status.data?.totpStatus;
  return (
    <div className="cp-container cp-narrow">
      <PageHeader title="Two-Step Sign-In" icon={icons.shield} back="/control/account/index.html" backLabel="My Account" />
      {totpSetupRequired ? (
        <div className="cp-alert cp-alert-info" role="alert" data-testid="totp-required">
          The owner requires two-step sign-in for every member. Set it up to use the control panel.
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
      <Card title="Two-step sign-in" className="cp-totp">
        <form className="cp-form" onSubmit={start} noValidate>
          <FormStatus errors={form.errors} />
          <p className="cp-note">
            Off. With two-step sign-in on, signing in asks for your password and a 6-digit code from an authenticator app on your phone (Google Authenticator,
            Microsoft Authenticator, 1Password, Aegis, ...), so a stolen password alone is not enough.
          </p>
          <PasswordField field={form.bind("password")} label="Your current password" />
          <SubmitButton busy={form.busy} icon={icons.qr_code_scanner}>
            Set Up
          </SubmitButton>
        </form>
      </Card>
    );
  }
  return (
    <Card title="Set up two-step sign-in" className="cp-totp">
      <ol className="cp-totp-steps">
        <li>
          <p>Scan this QR code with your authenticator app:</p>
          <img
            className="cp-totp-qr"
            src={setup.qr_code}
            alt="QR code of your two-step sign-in secret, for an authenticator app"
            width={200}
            height={200}
            data-testid="totp-qr"
          />
        </li>
        <li>
          <p>Or enter this key by hand (time-based, 6 digits):</p>
          <div className="cp-totp-key">
            <code data-testid="totp-secret" aria-label="Secret key">
              {grouped(setup.secret)}
            </code>
            <button
              type="button"
              className="cp-btn cp-btn-outline cp-btn-sm"
              aria-label="Copy the key"
              onClick={() =>
                navigator.clipboard?.writeText(setup.secret).then(
                  () => setCopied(true),
                  () => undefined,
                )
              }
            >
              <Icon path={copied ? icons.check_circle : icons.content_copy} size={18} />
              <span>{copied ? "Copied" : "Copy"}</span>
            </button>
          </div>
        </li>
        <li>
          <form className="cp-form" onSubmit={onConfirm} noValidate>
            <p>Enter the code the app shows now:</p>
            <FormStatus errors={form.errors} />
            <CodeField field={form.bind("code")} label="6-digit code" />
            <SubmitButton busy={form.busy}>Turn On</SubmitButton>
          </form>
        </li>
      </ol>
    </Card>
  );
}

function RecoveryCodesCard({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const text = `Recovery codes for two-step sign-in (${location.host})\nEach code works once, instead of the code of your app.\n\n${codes.join("\n")}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = "recovery-codes.txt";
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <Card title="Your recovery codes" className="cp-totp">
      <div className="cp-alert cp-alert-success" role="status">
        Two-step sign-in is on.
      </div>
      <p className="cp-note">
        Save these codes somewhere safe. If you lose your phone, each one signs you in once instead of a code. <strong>They are shown this once.</strong>
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
          <span>Download .txt</span>
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
          <span>{copied ? "Copied" : "Copy"}</span>
        </button>
        <button type="button" className="cp-btn cp-btn-primary" onClick={onDone}>
          <span>I Have Saved Them</span>
        </button>
      </div>
    </Card>
  );
}

function EnabledCard({ left, required, onCodes, onOff }: { left: number; required: boolean; onCodes: (codes: string[]) => void; onOff: () => void }) {
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
    <Card title="Two-step sign-in" className="cp-totp">
      <p className="cp-totp-state">
        <span className="cp-badge cp-badge-ok" data-testid="totp-on">
          On
        </span>
        <span className="cp-muted">
          {left} of 10 recovery codes left{left <= 3 ? ": make new ones soon" : ""}
        </span>
      </p>
      <form className="cp-form" onSubmit={onRegenerate} noValidate>
        <p className="cp-note">To make new recovery codes{required ? "" : " or turn two-step sign-in off"}, confirm with your current password.</p>
        <FormStatus errors={form.errors} />
        <PasswordField field={form.bind("password")} label="Your current password" />
        <div className="cp-totp-actions">
          <SubmitButton busy={form.busy} icon={icons.lock}>
            New Recovery Codes
          </SubmitButton>
          {required ? null : (
            <button type="button" className="cp-btn cp-btn-outline cp-danger" disabled={form.busy} onClick={() => onDisable()}>
              <span>Turn Off</span>
            </button>
          )}
        </div>
        {required ? <p className="cp-muted">The owner requires two-step sign-in for everyone, so it cannot be turned off.</p> : null}
      </form>
    </Card>
  );
}

function RequireForEveryone({ enabled, onChange }: { enabled: boolean; onChange: () => void }) {
  const policy = useAdminTeamPolicyQuery({ fetchPolicy: "cache-and-network" });
  const [update] = useAdminUpdateTeamPolicyMutation();
  const form = useFormState({});
  const on = Boolean(policy.data?.teamPolicy.require_totp);
  const toggle = (next: boolean) =>
    form.submit(async () => {
      await update({ variables: { input: { require_totp: next } } });
      await policy.refetch();
      onChange();
      return next ? "Every member must now use two-step sign-in." : "Two-step sign-in is up to each member.";
    })();
  return (
    <Card title="For the whole team" className="cp-totp">
      <div className="cp-form">
        <FormStatus errors={form.errors} message={form.message} />
        <label className="cp-check">
          <input type="checkbox" name="require_totp" checked={on} disabled={form.busy || !policy.data} onChange={(e) => void toggle(e.target.checked)} />
          <span>
            <strong>Require two-step sign-in for everyone</strong>
            <small className="cp-muted">
              Members without it are sent to set it up after signing in and can do nothing else until then.
              {enabled ? "" : " Turn it on for your own account first."}
            </small>
          </span>
        </label>
      </div>
    </Card>
  );
}
