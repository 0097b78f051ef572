import { useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { useAdminRateCardsQuery, useAdminShippersQuery, useAdminUpdateShipperMutation, type AdminShipperFieldsFragment } from "../../../generated/graphql";
import { errorMessages } from "../../../errors";
import { AddButton, ListState, NextPage } from "../../components/lists";
import { FormStatus, SelectField, SubmitButton } from "../../components/fields";
import { PageHeader } from "../../components/PageHeader";
import { Icon } from "../../../components/Icon";
import { firstError } from "../../hooks/errors";
import { useFlash, useNextPage } from "../../hooks/lists";
import { useTitle } from "../../hooks/useTitle";
import { Money, MoneyField, ShippingTabs, useCurrency } from "./common";
import { useShipperEditForm } from "./useShipperForms";
import * as icons from "../../icons";

/** The rate cards a shipper may be priced on (blank: the default card). */
export function useCardOptions() {
  const { data } = useAdminRateCardsQuery();
  return (data?.rateCards ?? []).filter((c) => c.id !== "default").map((c) => ({ value: c.id, label: `${c.name} (${c.id})` }));
}

function Editor({ shipper, currency, close }: { shipper: AdminShipperFieldsFragment; currency: string; close: () => void }) {
  const { bind, values, setValues, errors, message, busy, onSubmit } = useShipperEditForm(shipper, currency);
  const cards = useCardOptions();
  return (
    <form className="cp-form cp-ship-editor" onSubmit={onSubmit} noValidate aria-label={`Edit ${shipper.name}`}>
      <FormStatus errors={errors} message={message} />
      <div className="cp-field-row">
        <SelectField field={bind("rate_card_id")} label="Rate card" options={cards} optional emptyLabel="Default card" />
        <MoneyField
          name="credit_limit"
          label="Credit limit"
          currency={currency}
          value={values.credit_limit}
          onChange={(e) => setValues((v) => ({ ...v, credit_limit: e.target.value }))}
          optional
          invalid={errors.some((m) => m.startsWith("credit_limit"))}
          hint="Unpaid bookings may not go above it. Blank: no limit."
        />
      </div>
      <div className="cp-form-actions">
        <SubmitButton busy={busy}>Save</SubmitButton>
        <button type="button" className="cp-btn cp-btn-outline" onClick={close}>
          Close
        </button>
      </div>
    </form>
  );
}

function ShipperCard({ shipper, currency }: { shipper: AdminShipperFieldsFragment; currency: string }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState("");
  const [update, { loading }] = useAdminUpdateShipperMutation();
  const toggle = async () => {
    const verb = shipper.disabled ? "Enable" : "Disable";
    if (!shipper.disabled && !window.confirm(`Disable ${shipper.name}? Its sessions and API keys stop at once.`)) return;
    setError("");
    try {
      await update({ variables: { input: { id: shipper.id, disabled: !shipper.disabled } } });
    } catch (e) {
      setError(errorMessages(e)[0] ?? `Could not ${verb.toLowerCase()} the shipper`);
    }
  };
  const over = shipper.credit_limit !== null && shipper.credit_limit !== undefined && shipper.balance > shipper.credit_limit;
  return (
    <li className="cp-card cp-ship-card" data-testid="shipper-row">
      <div className="cp-ship-card-head">
        <div className="cp-row-main">
          <strong>{shipper.company || shipper.name}</strong>
          <small className="cp-muted cp-break">
            {shipper.company ? `${shipper.name} · ` : ""}
            {shipper.email}
          </small>
        </div>
        <span className="cp-ship-badges">
          {shipper.disabled ? <span className="cp-badge cp-badge-fail">disabled</span> : null}
          {shipper.email_verified ? null : <span className="cp-badge cp-badge-muted">e-mail not verified</span>}
        </span>
      </div>
      <dl className="cp-facts cp-ship-facts">
        <div>
          <dt>Balance</dt>
          <dd className={over ? "cp-ship-over" : undefined} data-testid="shipper-balance">
            <Money amount={shipper.balance} currency={currency} />
          </dd>
        </div>
        <div>
          <dt>Credit limit</dt>
          <dd data-testid="shipper-credit-limit">
            {shipper.credit_limit === null || shipper.credit_limit === undefined ? "No limit" : <Money amount={shipper.credit_limit} currency={currency} />}
          </dd>
        </div>
        <div>
          <dt>Rate card</dt>
          <dd data-testid="shipper-card">{shipper.rate_card_id ?? "default"}</dd>
        </div>
      </dl>
      {error ? (
        <p className="cp-alert cp-alert-error" role="alert">
          {error}
        </p>
      ) : null}
      {open ? <Editor shipper={shipper} currency={currency} close={() => setOpen(false)} /> : null}
      <div className="cp-ship-actions">
        {open ? null : (
          <button type="button" className="cp-btn cp-btn-outline cp-btn-sm" onClick={() => setOpen(true)} aria-label={`Edit ${shipper.name}`}>
            <Icon path={icons.edit} size={18} />
            <span>Edit</span>
          </button>
        )}
        <Link
          className="cp-btn cp-btn-outline cp-btn-sm"
          to={`/control/bookings/list.html?shipper_id=${shipper.id}`}
          aria-label={`Bookings of ${shipper.name}`}
        >
          Bookings
        </Link>
        <Link
          className="cp-btn cp-btn-outline cp-btn-sm"
          to={`/control/statements/list.html?shipper_id=${shipper.id}`}
          aria-label={`Statements of ${shipper.name}`}
        >
          Statements
        </Link>
        <button
          type="button"
          className={`cp-btn cp-btn-sm ${shipper.disabled ? "cp-btn-primary" : "cp-btn-outline cp-danger"}`}
          onClick={toggle}
          disabled={loading}
          aria-label={`${shipper.disabled ? "Enable" : "Disable"} ${shipper.name}`}
        >
          <Icon path={icons.block} size={18} />
          <span>{shipper.disabled ? "Enable" : "Disable"}</span>
        </button>
      </div>
    </li>
  );
}

export default function ShipperList() {
  useTitle("Shippers");
  const flash = useFlash();
  const currency = useCurrency();
  const [params, setParams] = useSearchParams();
  const search = params.get("search") ?? "";
  const [draft, setDraft] = useState(search);
  const { data, loading, error, fetchMore } = useAdminShippersQuery({ variables: { search: search || undefined }, fetchPolicy: "cache-and-network" });
  const more = useNextPage("shippers", data, fetchMore);
  const rows = data?.shippers.data ?? [];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setParams(draft.trim() ? { search: draft.trim() } : {});
  };
  return (
    <div className="cp-container">
      <PageHeader
        title="Shippers"
        icon={icons.people}
        back="/control/index.html"
        backLabel="Control panel home"
        sub="Business customers: their cards, credit and unpaid balance"
        actions={<AddButton to="/control/shippers/create.html">Create Shipper</AddButton>}
      />
      <ShippingTabs />
      <FormStatus errors={[]} message={flash} />
      <form className="cp-ship-search" role="search" onSubmit={submit}>
        <label htmlFor="shipper-search" className="cp-visually-hidden">
          Search shippers
        </label>
        <input
          id="shipper-search"
          className="cp-input"
          type="search"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder="Name, company or e-mail"
          maxLength={100}
        />
        <button type="submit" className="cp-btn cp-btn-primary">
          <Icon path={icons.search} size={20} />
          <span>Search</span>
        </button>
      </form>
      {data ? (
        <p className="cp-list-count cp-muted" aria-live="polite">
          {data.shippers.total} shipper{data.shippers.total === 1 ? "" : "s"}
          {search ? ` matching “${search}”` : ""}
        </p>
      ) : null}
      <ListState
        loading={loading}
        error={firstError(error)}
        empty={rows.length === 0}
        emptyState={
          search
            ? { title: `No shipper matches "${search}"`, hint: "Search by name, company or e-mail, or clear the search." }
            : {
                title: "No shippers yet",
                hint: "Shippers sign up from the quote page (when sign-up is open in Shipping Settings), or you create them here.",
                action: { to: "/control/shippers/create.html", label: "Create a shipper" },
              }
        }
      />
      {rows.length ? (
        <ul className="cp-ship-cards" aria-label="Shippers">
          {rows.map((s) => (
            <ShipperCard key={s.id} shipper={s} currency={currency} />
          ))}
        </ul>
      ) : null}
      <NextPage nextPageUrl={data?.shippers.next_page_url} more={more} />
    </div>
  );
}
