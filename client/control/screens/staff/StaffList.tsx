import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import {
  AdminStaffDocument,
  useAdminDeleteMemberMutation,
  useAdminInviteMemberMutation,
  useAdminResetMemberTotpMutation,
  useAdminStaffQuery,
  useAdminUpdateMemberMutation,
  type AdminStaffFieldsFragment,
} from "../../../generated/graphql";
import { errorMessages } from "../../../errors";
import { DeleteButton, ListState, NextPage } from "../../components/lists";
import { Card, PageHeader } from "../../components/PageHeader";
import { FormStatus, SelectField, SubmitButton, TextField } from "../../components/fields";
import { Icon } from "../../../components/Icon";
import { useToast } from "../../components/Toast";
import { firstError } from "../../hooks/errors";
import { evict, useConfirmDelete, useNextPage } from "../../hooks/lists";
import { useFormState } from "../../hooks/useFormState";
import { useTitle } from "../../hooks/useTitle";
import { ROLES } from "../../roles";
import { useSession } from "../../session";
import { moment } from "../../time";
import "./staff.css";
import { MEMBER_NAME_MAX } from "@shared/modules/admin/member.codes";
import * as icons from "../../icons";

/** The Staff screen's texts (client/i18n/locales/control/control-staff/<code>.json). */
const STAFF_NS = "control-staff";
/** The roles as a chooser's options, in the language ("Dispatcher"). */
const useRoleOptions = () => {
  const { t } = useTranslation(STAFF_NS);
  return ROLES.map((r) => ({ value: r, label: t(`roleOption.${r}`) }));
};

type Member = AdminStaffFieldsFragment;
const stateOf = (m: Member) => (m.disabled ? "disabled" : m.invited ? "invited" : "active");
const STATE_BADGE: Record<string, string> = { active: "cp-badge-ok", invited: "cp-badge-warn", disabled: "cp-badge-muted" };

function InviteForm() {
  const { t } = useTranslation(STAFF_NS);
  const roleOptions = useRoleOptions();
  const form = useFormState({ email: "", name: "", role: "dispatcher" });
  const emailField = form.bind("email");
  const nameField = form.bind("name");
  const roleField = form.bind("role");
  const [invite] = useAdminInviteMemberMutation({ refetchQueries: [AdminStaffDocument], awaitRefetchQueries: true });
  const onSubmit = form.submit(async () => {
    const { data } = await invite({ variables: { input: { email: form.values.email.trim(), name: form.values.name.trim() || null, role: form.values.role } } });
    form.setValues({ email: "", name: "", role: form.values.role });
    return t("invite.sent", { email: data?.inviteMember.email ?? form.values.email.trim() });
  });
  return (
    <Card title={t("invite.title")} className="cp-staff-invite">
      <form className="cp-inline-form" onSubmit={onSubmit} noValidate aria-label={t("invite.title")}>
        <FormStatus errors={form.errors} message={form.message} />
        <div className="cp-inline-fields">
          <TextField field={emailField} label={t("invite.email")} type="email" autoComplete="off" />
          <TextField field={nameField} label={t("invite.name")} optional autoComplete="off" maxLength={MEMBER_NAME_MAX} />
          <SelectField field={roleField} label={t("invite.role")} options={roleOptions} />
          <SubmitButton busy={form.busy} icon={icons.send}>
            {t("invite.send")}
          </SubmitButton>
        </div>
        <p className="cp-hint">
          {t(`roleText.${form.values.role}`)} {t("invite.nameHint")}
        </p>
      </form>
    </Card>
  );
}

/** The member's name, changed in place (their sessions stay: a name grants nothing). */
function NameForm({ m }: { m: Member }) {
  const [name, setName] = useState(m.name ?? "");
  const [shownFor, setShownFor] = useState(m.name);
  if (shownFor !== m.name) {
    setShownFor(m.name);
    setName(m.name ?? "");
  }
  const [update, { loading }] = useAdminUpdateMemberMutation();
  const toast = useToast();
  const { t } = useTranslation(STAFF_NS);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await update({ variables: { input: { id: m.id, name: name.trim() || null } } });
      toast(name.trim() ? t("name.saved", { name: name.trim() }) : t("name.removed", { email: m.email }), "done");
    } catch (err) {
      toast(errorMessages(err)[0] ?? t("name.failed"));
    }
  };
  const changed = name.trim() !== (m.name ?? "");
  return (
    <form className="cp-staff-name" onSubmit={save} aria-label={t("name.formLabel", { email: m.email })}>
      <label className="cp-staff-role">
        <span className="cp-label">{t("name.label")}</span>
        <input className="cp-input" name="name" value={name} maxLength={MEMBER_NAME_MAX} onChange={(e) => setName(e.currentTarget.value)} autoComplete="off" />
      </label>
      {changed ? (
        <button type="submit" className="cp-btn cp-btn-outline cp-btn-sm" disabled={loading}>
          {t("name.save")}
        </button>
      ) : null}
    </form>
  );
}

function Row({ m, me }: { m: Member; me: boolean }) {
  const { t } = useTranslation(STAFF_NS);
  const roleOptions = useRoleOptions();
  const toast = useToast();
  const [update, { loading: updating }] = useAdminUpdateMemberMutation();
  const [invite, { loading: inviting }] = useAdminInviteMemberMutation();
  const [remove] = useAdminDeleteMemberMutation({ refetchQueries: [AdminStaffDocument] });
  const [resetTotp, { loading: resetting }] = useAdminResetMemberTotpMutation();
  const del = useConfirmDelete("StaffMember");
  const [note, setNote] = useState("");
  const state = stateOf(m);
  const run = async (call: () => Promise<unknown>, done: string) => {
    setNote("");
    try {
      await call();
      setNote(done);
    } catch (e) {
      toast(errorMessages(e)[0] ?? t("row.failed"));
    }
  };
  const setRole = (role: string) =>
    run(() => update({ variables: { input: { id: m.id, role } } }), t(me ? "row.roleChanged" : "row.roleChangedOther", { role: t(`role.${role}`) }));
  const toggle = () => run(() => update({ variables: { input: { id: m.id, disabled: !m.disabled } } }), m.disabled ? t("row.enabled") : t("row.disabled"));
  const resetTwoStep = () => {
    if (!window.confirm(t("row.confirmReset", { email: m.email }))) return;
    void run(() => resetTotp({ variables: { id: m.id } }), t("row.reset"));
  };
  const resend = () => run(() => invite({ variables: { input: { email: m.email, role: m.role } } }), t("row.resent"));
  return (
    <li className="cp-card cp-staff-row" data-testid="staff-row" data-email={m.email}>
      <div className="cp-webhook-head">
        <span className="cp-row-icon cp-accent" aria-hidden="true">
          <Icon path={icons.person} size={24} />
        </span>
        <div className="cp-row-main">
          <strong className="cp-break">
            {m.name || m.email}
            {me ? <span className="cp-muted"> {t("row.you")}</span> : null}
          </strong>
          {m.name ? <span className="cp-muted cp-small cp-break">{m.email}</span> : null}
          <span className="cp-webhook-meta">
            <span className="cp-badge cp-badge-status" data-testid="staff-role">
              {t(`role.${m.role}`, { defaultValue: m.role })}
            </span>
            <span className={`cp-badge ${STATE_BADGE[state]}`} data-testid="staff-state">
              {t(`state.${state}`)}
            </span>
            <span className="cp-muted cp-small">
              <Icon path={icons.shield} size={14} /> {m.totp_enabled ? t("row.twoStepOn") : t("row.twoStepOff")}
            </span>
            <span className="cp-muted cp-small">{m.last_sign_in_at ? t("row.lastSignIn", { when: moment(m.last_sign_in_at) }) : t("row.never")}</span>
          </span>
        </div>
        <DeleteButton
          label={t("row.remove", { email: m.email })}
          busy={del.busyId === m.id}
          onClick={() => del.run(m.id, () => remove({ variables: { id: m.id }, update: (cache) => evict(cache, "StaffMember", m.id) }))}
        />
      </div>
      <div className="cp-webhook-actions cp-staff-actions">
        <label className="cp-staff-role">
          <span className="cp-label">{t("row.role")}</span>
          <select
            className="cp-input cp-select"
            value={m.role}
            disabled={updating}
            onChange={(e) => void setRole(e.currentTarget.value)}
            aria-label={t("row.roleOf", { email: m.email })}
          >
            {roleOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        <NameForm m={m} />
        <button type="button" className="cp-btn cp-btn-outline cp-btn-sm" onClick={toggle} disabled={updating}>
          <Icon path={m.disabled ? icons.check_circle : icons.lock} size={18} />
          <span>{m.disabled ? t("row.enable") : t("row.disable")}</span>
        </button>
        {m.totp_enabled && !me ? (
          <button
            type="button"
            className="cp-btn cp-btn-outline cp-btn-sm"
            onClick={resetTwoStep}
            disabled={resetting}
            aria-label={t("row.resetTwoStepOf", { email: m.email })}
          >
            <Icon path={icons.shield} size={18} />
            <span>{t("row.resetTwoStep")}</span>
          </button>
        ) : null}
        {m.invited ? (
          <button type="button" className="cp-btn cp-btn-outline cp-btn-sm" onClick={resend} disabled={inviting}>
            <Icon path={icons.send} size={18} />
            <span>{inviting ? t("row.sending") : t("row.newLink")}</span>
          </button>
        ) : null}
      </div>
      {note ? (
        <p className="cp-small cp-staff-note" role="status">
          {note}
        </p>
      ) : null}
    </li>
  );
}

export default function StaffList() {
  const { t } = useTranslation(STAFF_NS);
  useTitle(t("title"));
  const { email } = useSession();
  const { data, loading, error, fetchMore } = useAdminStaffQuery({ fetchPolicy: "cache-and-network" });
  const more = useNextPage("staff", data, fetchMore);
  const rows = data?.staff.data ?? [];
  return (
    <div className="cp-container">
      <PageHeader title={t("title")} icon={icons.people} sub={t("sub")} back="/control/index.html" backLabel={t("home")} />
      <InviteForm />
      <ListState loading={loading} error={firstError(error)} empty={rows.length === 0} emptyState={{ title: t("empty.title"), hint: t("empty.hint") }} />
      {rows.length ? (
        <ul className="cp-list" aria-label={t("members")}>
          {rows.map((m) => (
            <Row key={m.id} m={m} me={m.email === email} />
          ))}
        </ul>
      ) : null}
      <NextPage nextPageUrl={data?.staff.next_page_url} more={more} />
      <Card title={t("roles")} className="cp-help-card">
        <ul className="cp-staff-roles">
          {ROLES.map((r) => (
            <li key={r} className="cp-small">
              {t(`roleText.${r}`)}
            </li>
          ))}
        </ul>
        <p className="cp-small cp-muted">{t("rolesNote")}</p>
      </Card>
    </div>
  );
}
