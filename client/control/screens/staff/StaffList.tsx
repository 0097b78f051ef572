import { useState, type FormEvent } from "react";
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
import "./staff.css";
import { MEMBER_NAME_MAX } from "@shared/modules/admin/member.codes";
import * as icons from "../../icons";

const ROLE_TEXT: Record<string, string> = {
  owner: "Owner: everything, including staff, settings, webhooks and API keys",
  dispatcher: "Dispatcher: parcels, history, invoices, e-mail, pages and reviews",
  courier: "Courier: sees parcels and adds history entries (scan, delivery)",
};
const ROLE_OPTIONS = ROLES.map((r) => ({ value: r, label: r.charAt(0).toUpperCase() + r.slice(1) }));

type Member = AdminStaffFieldsFragment;
const stateOf = (m: Member) => (m.disabled ? "disabled" : m.invited ? "invited" : "active");
const STATE_BADGE: Record<string, string> = { active: "cp-badge-ok", invited: "cp-badge-warn", disabled: "cp-badge-muted" };

function InviteForm() {
  const form = useFormState({ email: "", name: "", role: "dispatcher" });
  const [invite] = useAdminInviteMemberMutation({ refetchQueries: [AdminStaffDocument], awaitRefetchQueries: true });
  const onSubmit = form.submit(async () => {
    const { data } = await invite({ variables: { input: { email: form.values.email.trim(), name: form.values.name.trim() || null, role: form.values.role } } });
    form.setValues({ email: "", name: "", role: form.values.role });
    return `Invitation sent to ${data?.inviteMember.email}: the link in it works once, for a limited time.`;
  });
  return (
    <Card title="Invite a member" className="cp-staff-invite">
      <form className="cp-inline-form" onSubmit={onSubmit} noValidate aria-label="Invite a member">
        <FormStatus errors={form.errors} message={form.message} />
        <div className="cp-inline-fields">
          <TextField field={form.bind("email")} label="Email" type="email" autoComplete="off" />
          <TextField field={form.bind("name")} label="Name" optional autoComplete="off" maxLength={MEMBER_NAME_MAX} />
          <SelectField field={form.bind("role")} label="Role" options={ROLE_OPTIONS} />
          <SubmitButton busy={form.busy} icon={icons.send}>
            Send Invitation
          </SubmitButton>
        </div>
        <p className="cp-hint">
          {ROLE_TEXT[form.values.role]} The name is how others see the member (the dispatch board, run sheets); without one, the e-mail.
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
  const save = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await update({ variables: { input: { id: m.id, name: name.trim() || null } } });
      toast(name.trim() ? `Name saved: ${name.trim()}.` : `Name removed: ${m.email} is shown by the e-mail.`, "done");
    } catch (err) {
      toast(errorMessages(err)[0] ?? "Could not save the name");
    }
  };
  const changed = name.trim() !== (m.name ?? "");
  return (
    <form className="cp-staff-name" onSubmit={save} aria-label={`Name of ${m.email}`}>
      <label className="cp-staff-role">
        <span className="cp-label">Name</span>
        <input className="cp-input" name="name" value={name} maxLength={MEMBER_NAME_MAX} onChange={(e) => setName(e.currentTarget.value)} autoComplete="off" />
      </label>
      {changed ? (
        <button type="submit" className="cp-btn cp-btn-outline cp-btn-sm" disabled={loading}>
          Save name
        </button>
      ) : null}
    </form>
  );
}

function Row({ m, me }: { m: Member; me: boolean }) {
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
      toast(errorMessages(e)[0] ?? "Could not change the member");
    }
  };
  const setRole = (role: string) =>
    run(() => update({ variables: { input: { id: m.id, role } } }), `Role changed to ${role}${me ? "" : "; their sessions ended"}.`);
  const toggle = () =>
    run(() => update({ variables: { input: { id: m.id, disabled: !m.disabled } } }), m.disabled ? "Enabled again." : "Disabled; their sessions ended.");
  const resetTwoStep = () => {
    if (!window.confirm(`Reset two-step sign-in of ${m.email}? Their app and recovery codes stop working, their sessions end, and they are told by e-mail.`))
      return;
    void run(() => resetTotp({ variables: { id: m.id } }), "Two-step sign-in reset; their sessions ended and they were told by e-mail.");
  };
  const resend = () => run(() => invite({ variables: { input: { email: m.email, role: m.role } } }), "A fresh link was sent; the old one no longer works.");
  return (
    <li className="cp-card cp-staff-row" data-testid="staff-row" data-email={m.email}>
      <div className="cp-webhook-head">
        <span className="cp-row-icon cp-accent" aria-hidden="true">
          <Icon path={icons.person} size={24} />
        </span>
        <div className="cp-row-main">
          <strong className="cp-break">
            {m.name || m.email}
            {me ? <span className="cp-muted"> (you)</span> : null}
          </strong>
          {m.name ? <span className="cp-muted cp-small cp-break">{m.email}</span> : null}
          <span className="cp-webhook-meta">
            <span className="cp-badge cp-badge-status" data-testid="staff-role">
              {m.role}
            </span>
            <span className={`cp-badge ${STATE_BADGE[state]}`} data-testid="staff-state">
              {state}
            </span>
            <span className="cp-muted cp-small">
              <Icon path={icons.shield} size={14} /> two-step {m.totp_enabled ? "on" : "off"}
            </span>
            <span className="cp-muted cp-small">{m.last_sign_in_at ? `last sign-in ${new Date(m.last_sign_in_at).toLocaleString()}` : "never signed in"}</span>
          </span>
        </div>
        <DeleteButton
          label={`Remove ${m.email}`}
          busy={del.busyId === m.id}
          onClick={() => del.run(m.id, () => remove({ variables: { id: m.id }, update: (cache) => evict(cache, "StaffMember", m.id) }))}
        />
      </div>
      <div className="cp-webhook-actions cp-staff-actions">
        <label className="cp-staff-role">
          <span className="cp-label">Role</span>
          <select
            className="cp-input cp-select"
            value={m.role}
            disabled={updating}
            onChange={(e) => void setRole(e.currentTarget.value)}
            aria-label={`Role of ${m.email}`}
          >
            {ROLE_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        <NameForm m={m} />
        <button type="button" className="cp-btn cp-btn-outline cp-btn-sm" onClick={toggle} disabled={updating}>
          <Icon path={m.disabled ? icons.check_circle : icons.lock} size={18} />
          <span>{m.disabled ? "Enable" : "Disable"}</span>
        </button>
        {m.totp_enabled && !me ? (
          <button
            type="button"
            className="cp-btn cp-btn-outline cp-btn-sm"
            onClick={resetTwoStep}
            disabled={resetting}
            aria-label={`Reset two-step sign-in of ${m.email}`}
          >
            <Icon path={icons.shield} size={18} />
            <span>Reset two-step</span>
          </button>
        ) : null}
        {m.invited ? (
          <button type="button" className="cp-btn cp-btn-outline cp-btn-sm" onClick={resend} disabled={inviting}>
            <Icon path={icons.send} size={18} />
            <span>{inviting ? "Sending ..." : "Send a new link"}</span>
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
  useTitle("Staff");
  const { email } = useSession();
  const { data, loading, error, fetchMore } = useAdminStaffQuery({ fetchPolicy: "cache-and-network" });
  const more = useNextPage("staff", data, fetchMore);
  const rows = data?.staff.data ?? [];
  return (
    <div className="cp-container">
      <PageHeader
        title="Staff"
        icon={icons.people}
        sub="Who may use the control panel, and what each role may do."
        back="/control/index.html"
        backLabel="Control panel home"
      />
      <InviteForm />
      <ListState
        loading={loading}
        error={firstError(error)}
        empty={rows.length === 0}
        emptyState={{ title: "No team members yet", hint: "Invite a member with the form above: they get an e-mail to set their password." }}
      />
      {rows.length ? (
        <ul className="cp-list" aria-label="Staff members">
          {rows.map((m) => (
            <Row key={m.id} m={m} me={m.email === email} />
          ))}
        </ul>
      ) : null}
      <NextPage nextPageUrl={data?.staff.next_page_url} more={more} />
      <Card title="Roles" className="cp-help-card">
        <ul className="cp-staff-roles">
          {ROLES.map((r) => (
            <li key={r} className="cp-small">
              {ROLE_TEXT[r]}
            </li>
          ))}
        </ul>
        <p className="cp-small cp-muted">Changing a role, disabling or removing a member ends their sessions at once. The site always keeps an active owner.</p>
      </Card>
    </div>
  );
}
