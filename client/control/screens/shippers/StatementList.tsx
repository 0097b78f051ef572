import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useAdminMailStatementMutation, useAdminStatementsQuery, type AdminStatementFieldsFragment } from "../../../generated/graphql";
import { errorMessages } from "../../../errors";
import { AddButton, ListState, NextPage } from "../../components/lists";
import { FilterButtons } from "../../components/FilteredList";
import { FormStatus, SubmitButton, TextField } from "../../components/fields";
import { PageHeader } from "../../components/PageHeader";
import { Icon } from "../../../components/Icon";
import { firstError } from "../../hooks/errors";
import { useListFilters, useFlash, useNextPage } from "../../hooks/lists";
import { useTitle } from "../../hooks/useTitle";
import { Money, ShipperSelect, ShipperTabs, StatusBadge, useShipperNames } from "./common";
import { day, moment } from "../../time";
import { usePayStatementForm } from "./useStatementForms";
import * as icons from "../../icons";

/** The filters the list takes, kept in the address. */
const FILTERS = ["shipper_id", "status"] as const;
/** A calendar day as the statements give it ("24 Nov 2026" in the language). */
const MEDIUM: Intl.DateTimeFormatOptions = { dateStyle: "medium" };

function PayForm({ s }: { s: AdminStatementFieldsFragment }) {
  const { t } = useTranslation("control-shippers");
  const { bind, errors, message, busy, onSubmit } = usePayStatementForm(s);
  return (
    <form className="cp-form cp-ship-pay" onSubmit={onSubmit} noValidate aria-label={t("statements.payNamed", { number: s.number })}>
      <FormStatus errors={errors} message={message} />
      <div className="cp-inline-fields">
        <TextField field={bind("paid_reference")} label={t("statements.reference")} hint={t("statements.referenceHint")} />
        <SubmitButton busy={busy} icon={icons.check_circle}>
          {t("statements.pay")}
        </SubmitButton>
      </div>
    </form>
  );
}

function StatementCard({ s, shipper, initiallyOpen }: { s: AdminStatementFieldsFragment; shipper: string; initiallyOpen: boolean }) {
  const { t } = useTranslation("control-shippers");
  const [open, setOpen] = useState(initiallyOpen);
  const [mail, { loading: mailing }] = useAdminMailStatementMutation();
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const onMail = async () => {
    setNote(null);
    try {
      await mail({ variables: { id: s.id } });
      setNote({ ok: true, text: t("statements.mailed", { number: s.number, shipper }) });
    } catch (e) {
      setNote({ ok: false, text: errorMessages(e)[0] ?? t("statements.mailFailed") });
    }
  };
  return (
    <li className="cp-card cp-ship-card" data-testid="statement-row">
      <div className="cp-ship-card-head">
        <div className="cp-row-main">
          <strong className="cp-mono">{s.number}</strong>
          <small className="cp-muted">
            {shipper} · {t("statements.period", { from: day(s.from, MEDIUM), to: day(s.to, MEDIUM) })} · {t("bookings.count", { count: s.lines.length })}
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
          {s.paid_at ? t("statements.paidAt", { when: moment(s.paid_at) }) : t("status.paid")}
          {s.paid_reference ? ` · ${t("statements.paidReference", { reference: s.paid_reference })}` : ""}
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
              <caption className="cp-visually-hidden">{t("statements.linesOf", { number: s.number })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("col.date")}</th>
                  <th scope="col">{t("col.code")}</th>
                  <th scope="col">{t("col.service")}</th>
                  <th scope="col" className="cp-num">
                    {t("col.amount")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {s.lines.map((l) => (
                  <tr key={l.booking_id}>
                    <td data-label={t("col.date")}>{day(l.date, MEDIUM)}</td>
                    <td data-label={t("col.code")}>
                      <span className="cp-mono">{l.tracking_code}</span>
                    </td>
                    <td data-label={t("col.service")}>{l.service}</td>
                    <td data-label={t("col.amount")} className="cp-num">
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
        <button type="button" className="cp-btn cp-btn-outline cp-btn-sm" aria-expanded={open} onClick={() => setOpen(!open)}>
          {/* The name says what shows and which statement, and holds the words shown (axe label-content-name-mismatch). */}
          {open ? t("form.hide", { ns: "control" }) : s.status === "open" ? t("statements.detailsPay") : t("details")}
          <span className="cp-visually-hidden"> {s.number}</span>
        </button>
        <a className="cp-btn cp-btn-outline cp-btn-sm" href={s.pdf_url} target="_blank" rel="noreferrer">
          <Icon path={icons.download} size={18} />
          <span>{t("statements.pdf")}</span>
        </a>
        <button type="button" className="cp-btn cp-btn-outline cp-btn-sm" onClick={onMail} disabled={mailing} aria-busy={mailing || undefined}>
          <Icon path={icons.email} size={18} />
          <span>{mailing ? t("statements.mailing") : t("statements.mail")}</span>
          <span className="cp-visually-hidden"> {s.number}</span>
        </button>
      </div>
    </li>
  );
}

export default function StatementList() {
  const { t } = useTranslation("control-shippers");
  useTitle(t("tabs.statements"));
  const flash = useFlash();
  const { params, applied, field, submit } = useListFilters(FILTERS);
  const openId = Number(params.get("open")) || null;
  const { nameOf } = useShipperNames();
  const { data, loading, error, fetchMore } = useAdminStatementsQuery({
    variables: { shipper_id: applied.shipper_id ? Number(applied.shipper_id) : undefined, status: applied.status || undefined },
    fetchPolicy: "cache-and-network",
  });
  const more = useNextPage("statements", data, fetchMore);
  const rows = data?.statements.data ?? [];
  const create = `/control/statements/create.html${applied.shipper_id ? `?shipper_id=${applied.shipper_id}` : ""}`;
  const fields = { shipper_id: field("shipper_id"), status: field("status") };
  return (
    <div className="cp-container">
      <PageHeader
        title={t("tabs.statements")}
        icon={icons.receipt_long}
        back="/control/index.html"
        backLabel={t("actions.home", { ns: "control" })}
        sub={t("statements.sub")}
        actions={<AddButton to={create}>{t("statements.make")}</AddButton>}
      />
      <ShipperTabs />
      <FormStatus errors={[]} message={flash} />
      <form className="cp-card cp-ship-filters" onSubmit={submit} aria-label={t("statements.filter")}>
        <div className="cp-field">
          <label htmlFor="st-filter-shipper" className="cp-label">
            {t("col.shipper")}
          </label>
          <ShipperSelect id="st-filter-shipper" {...fields.shipper_id} all={t("everyShipper")} />
        </div>
        <div className="cp-field">
          <label htmlFor="st-filter-status" className="cp-label">
            {t("col.status")}
          </label>
          <select id="st-filter-status" className="cp-input cp-select" {...fields.status}>
            <option value="">{t("statements.openAndPaid")}</option>
            <option value="open">{t("status.open")}</option>
            <option value="paid">{t("status.paid")}</option>
          </select>
        </div>
        <FilterButtons className="cp-ship-filter-buttons" />
      </form>
      <ListState
        loading={loading}
        error={firstError(error)}
        empty={rows.length === 0}
        emptyState={{
          title: t(applied.shipper_id || applied.status ? "statements.noMatch" : "statements.empty"),
          hint: t("statements.emptyHint"),
          action: { to: create, label: t("statementCreate.title") },
        }}
      />
      {rows.length ? (
        <ul className="cp-ship-cards" aria-label={t("tabs.statements")}>
          {rows.map((s) => (
            <StatementCard key={s.id} s={s} shipper={nameOf(s.shipper_id)} initiallyOpen={s.id === openId} />
          ))}
        </ul>
      ) : null}
      <NextPage nextPageUrl={data?.statements.next_page_url} more={more} />
      {applied.shipper_id ? (
        <p className="cp-hint">
          <Link to={`/control/bookings/list.html?shipper_id=${applied.shipper_id}`}>
            {t("shippers.bookingsOf", { name: nameOf(Number(applied.shipper_id)) })}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
