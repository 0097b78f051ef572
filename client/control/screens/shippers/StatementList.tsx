import { useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { useAdminMailStatementMutation, useAdminStatementsQuery, type AdminStatementFieldsFragment } from "../../../generated/graphql";
import { errorMessages } from "../../../errors";
import { AddButton, FilterButtons, ListState, NextPage } from "../../components/lists";
import { FormStatus, SubmitButton, TextField } from "../../components/fields";
import { PageHeader } from "../../components/PageHeader";
import { Icon } from "../../../components/Icon";
import { firstError } from "../../hooks/errors";
import { useFilterParams, useFlash, useNextPage } from "../../hooks/lists";
import { useTitle } from "../../hooks/useTitle";
import { Money, ShipperSelect, ShippingTabs, StatusBadge, useShipperNames } from "./common";
import { usePayStatementForm } from "./useStatementForms";
import * as icons from "../../icons";

/** The filters the list takes, kept in the address. */
const FILTERS = ["shipper_id", "status"] as const;

function PayForm({ s }: { s: AdminStatementFieldsFragment }) {
  const { bind, errors, message, busy, onSubmit } = usePayStatementForm(s);
  return (
    <form className="cp-form cp-ship-pay" onSubmit={onSubmit} noValidate aria-label={`Mark ${s.number} paid`}>
      <FormStatus errors={errors} message={message} />
      <div className="cp-inline-fields">
        <TextField field={bind("paid_reference")} label="Payment reference" hint="The bank transfer's reference, a receipt number ..." />
        <SubmitButton busy={busy} icon={icons.check_circle}>
          Mark paid
        </SubmitButton>
      </div>
    </form>
  );
}

function StatementCard({ s, shipper, initiallyOpen }: { s: AdminStatementFieldsFragment; shipper: string; initiallyOpen: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  const [mail, { loading: mailing }] = useAdminMailStatementMutation();
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const onMail = async () => {
    setNote(null);
    try {
      await mail({ variables: { id: s.id } });
      setNote({ ok: true, text: `Statement ${s.number} mailed to ${shipper}` });
    } catch (e) {
      setNote({ ok: false, text: errorMessages(e)[0] ?? "Could not mail the statement" });
    }
  };
  return (
    <li className="cp-card cp-ship-card" data-testid="statement-row">
      <div className="cp-ship-card-head">
        <div className="cp-row-main">
          <strong className="cp-mono">{s.number}</strong>
          <small className="cp-muted">
            {shipper} · {s.from} to {s.to} · {s.lines.length} booking{s.lines.length === 1 ? "" : "s"}
          </small>
        </div>
        <span className="cp-ship-badges">
          <StatusBadge status={s.status} />
          <strong className="cp-ship-amount">
            <Money amount={s.total} currency={s.currency} />
          </strong>
        </span>
      </div>
      {s.status === "paid" ? (
        <p className="cp-small cp-muted" data-testid="statement-paid">
          Paid {s.paid_at ? new Date(s.paid_at).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }) : ""}
          {s.paid_reference ? ` · reference ${s.paid_reference}` : ""}
        </p>
      ) : null}
      {note ? (
        <p className={`cp-alert ${note.ok ? "cp-alert-success" : "cp-alert-error"}`} role={note.ok ? "status" : "alert"}>
          {note.text}
        </p>
      ) : null}
      {open ? (
        <div className="cp-ship-detail">
          <div className="cp-table-wrap">
            <table className="cp-table cp-table-list cp-ship-table" data-testid="statement-lines">
              <caption className="cp-visually-hidden">Bookings on {s.number}</caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Tracking code</th>
                  <th scope="col">Service</th>
                  <th scope="col" className="cp-num">
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody>
                {s.lines.map((l) => (
                  <tr key={l.booking_id}>
                    <td data-label="Date">{l.date}</td>
                    <td data-label="Tracking code">
                      <span className="cp-mono">{l.tracking_code}</span>
                    </td>
                    <td data-label="Service">{l.service}</td>
                    <td data-label="Amount" className="cp-num">
                      <Money amount={l.amount} currency={s.currency} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {s.status === "open" ? <PayForm s={s} /> : null}
        </div>
      ) : null}
      <div className="cp-ship-actions">
        <button
          type="button"
          className="cp-btn cp-btn-outline cp-btn-sm"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
          aria-label={`${open ? "Hide" : "Show"} statement ${s.number}`}
        >
          {open ? "Hide" : s.status === "open" ? "Details · Mark paid" : "Details"}
        </button>
        <a className="cp-btn cp-btn-outline cp-btn-sm" href={s.pdf_url} target="_blank" rel="noreferrer">
          <Icon path={icons.download} size={18} />
          <span>PDF</span>
        </a>
        <button
          type="button"
          className="cp-btn cp-btn-outline cp-btn-sm"
          onClick={onMail}
          disabled={mailing}
          aria-busy={mailing || undefined}
          aria-label={`Mail ${s.number} to the shipper`}
        >
          <Icon path={icons.email} size={18} />
          <span>{mailing ? "Mailing ..." : "Mail to shipper"}</span>
        </button>
      </div>
    </li>
  );
}

export default function StatementList() {
  useTitle("Statements");
  const flash = useFlash();
  const { params, setParams, applied, draft, set } = useFilterParams(FILTERS);
  const openId = Number(params.get("open")) || null;
  const { nameOf } = useShipperNames();
  const { data, loading, error, fetchMore } = useAdminStatementsQuery({
    variables: { shipper_id: applied.shipper_id ? Number(applied.shipper_id) : undefined, status: applied.status || undefined },
    fetchPolicy: "cache-and-network",
  });
  const more = useNextPage("statements", data, fetchMore);
  const rows = data?.statements.data ?? [];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setParams(Object.fromEntries(Object.entries(draft).filter(([, v]) => v)));
  };
  const create = `/control/statements/create.html${applied.shipper_id ? `?shipper_id=${applied.shipper_id}` : ""}`;
  return (
    <div className="cp-container">
      <PageHeader
        title="Statements"
        icon={icons.receipt_long}
        back="/control/index.html"
        backLabel="Control panel home"
        sub="Invoices per shipper and period"
        actions={<AddButton to={create}>Make statement</AddButton>}
      />
      <ShippingTabs />
      <FormStatus errors={[]} message={flash} />
      <form className="cp-card cp-ship-filters" onSubmit={submit} aria-label="Filter the statements">
        <div className="cp-field">
          <label htmlFor="st-filter-shipper" className="cp-label">
            Shipper
          </label>
          <ShipperSelect id="st-filter-shipper" value={draft.shipper_id} onChange={set("shipper_id")} all="Every shipper" />
        </div>
        <div className="cp-field">
          <label htmlFor="st-filter-status" className="cp-label">
            Status
          </label>
          <select id="st-filter-status" className="cp-input cp-select" value={draft.status} onChange={set("status")}>
            <option value="">Open and paid</option>
            <option value="open">open</option>
            <option value="paid">paid</option>
          </select>
        </div>
        <FilterButtons className="cp-ship-filter-buttons" />
      </form>
      <ListState
        loading={loading}
        error={firstError(error)}
        empty={rows.length === 0}
        emptyState={{
          title: applied.shipper_id || applied.status ? "No statement matches these filters" : "No statements yet",
          hint: "A statement bills a shipper's bookings of a period.",
          action: { to: create, label: "Make a statement" },
        }}
      />
      {rows.length ? (
        <ul className="cp-ship-cards" aria-label="Statements">
          {rows.map((s) => (
            <StatementCard key={s.id} s={s} shipper={nameOf(s.shipper_id)} initiallyOpen={s.id === openId} />
          ))}
        </ul>
      ) : null}
      <NextPage nextPageUrl={data?.statements.next_page_url} more={more} />
      {applied.shipper_id ? (
        <p className="cp-hint">
          <Link to={`/control/bookings/list.html?shipper_id=${applied.shipper_id}`}>Bookings of {nameOf(Number(applied.shipper_id))}</Link>
        </p>
      ) : null}
    </div>
  );
}
