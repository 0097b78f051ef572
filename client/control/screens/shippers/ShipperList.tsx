import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
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
import { Money, MoneyField, ShipperTabs, useCurrency } from "./common";
import { useShipperEditForm } from "./useShipperForms";
import * as icons from "../../icons";

/** The rate cards a shipper may be priced on (blank: the default card). */
export function useCardOptions() {
  const { data } = useAdminRateCardsQuery();
  return (data?.rateCards ?? []).filter((c) => c.id !== "default").map((c) => ({ value: c.id, label: `${c.name} (${c.id})` }));
}

function Editor({ shipper, currency, close }: { shipper: AdminShipperFieldsFragment; currency: string; close: () => void }) {
  const { t } = useTranslation("control-shippers");
  const { bind, values, setValues, errors, message, busy, onSubmit } = useShipperEditForm(shipper, currency);
  const cards = useCardOptions();
  return (
    <form className="cp-form cp-ship-editor" onSubmit={onSubmit} noValidate aria-label={t("actions.editNamed", { ns: "control", name: shipper.name })}>
      <FormStatus errors={errors} message={message} />
      <div className="cp-field-row">
        <SelectField field={bind("rate_card_id")} label={t("shippers.rateCard")} options={cards} optional emptyLabel={t("shippers.defaultCard")} />
        <MoneyField
          name="credit_limit"
          label={t("shippers.creditLimit")}
          currency={currency}
          value={values.credit_limit}
          onChange={(e) => setValues((v) => ({ ...v, credit_limit: e.target.value }))}
          optional
          invalid={errors.some((m) => m.startsWith("credit_limit"))}
          hint={t("creditHint")}
        />
      </div>
      <div className="cp-form-actions">
        <SubmitButton busy={busy}>{t("actions.save", { ns: "control" })}</SubmitButton>
        <button type="button" className="cp-btn cp-btn-outline" onClick={close}>
          {t("actions.close", { ns: "control" })}
        </button>
      </div>
    </form>
  );
}

function ShipperCard({ shipper, currency }: { shipper: AdminShipperFieldsFragment; currency: string }) {
  const { t } = useTranslation("control-shippers");
  const [open, setOpen] = useState(false);
  const [error, setError] = useState("");
  const [update, { loading }] = useAdminUpdateShipperMutation();
  const toggle = async () => {
    if (!shipper.disabled && !window.confirm(t("shippers.confirmDisable", { name: shipper.name }))) return;
    setError("");
    try {
      await update({ variables: { input: { id: shipper.id, disabled: !shipper.disabled } } });
    } catch (e) {
      setError(errorMessages(e)[0] ?? t(shipper.disabled ? "shippers.enableFailed" : "shippers.disableFailed"));
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
          {shipper.disabled ? <span className="cp-badge cp-badge-fail">{t("shippers.disabled")}</span> : null}
          {shipper.email_verified ? null : <span className="cp-badge cp-badge-muted">{t("shippers.unverified")}</span>}
        </span>
      </div>
      <dl className="cp-facts cp-ship-facts">
        <div>
          <dt>{t("shippers.balance")}</dt>
          <dd className={over ? "cp-ship-over" : undefined} data-testid="shipper-balance">
            <Money amount={shipper.balance} currency={currency} />
          </dd>
        </div>
        <div>
          <dt>{t("shippers.creditLimit")}</dt>
          <dd data-testid="shipper-credit-limit">
            {shipper.credit_limit === null || shipper.credit_limit === undefined ? (
              t("shippers.noLimit")
            ) : (
              <Money amount={shipper.credit_limit} currency={currency} />
            )}
          </dd>
        </div>
        <div>
          <dt>{t("shippers.rateCard")}</dt>
          <dd data-testid="shipper-card">{shipper.rate_card_id ?? t("shippers.default")}</dd>
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
          <button
            type="button"
            className="cp-btn cp-btn-outline cp-btn-sm"
            onClick={() => setOpen(true)}
            aria-label={t("actions.editNamed", { ns: "control", name: shipper.name })}
          >
            <Icon path={icons.edit} size={18} />
            <span>{t("actions.edit", { ns: "control" })}</span>
          </button>
        )}
        <Link
          className="cp-btn cp-btn-outline cp-btn-sm"
          to={`/control/bookings/list.html?shipper_id=${shipper.id}`}
          aria-label={t("shippers.bookingsOf", { name: shipper.name })}
        >
          {t("tabs.bookings")}
        </Link>
        <Link
          className="cp-btn cp-btn-outline cp-btn-sm"
          to={`/control/statements/list.html?shipper_id=${shipper.id}`}
          aria-label={t("shippers.statementsOf", { name: shipper.name })}
        >
          {t("tabs.statements")}
        </Link>
        <button
          type="button"
          className={`cp-btn cp-btn-sm ${shipper.disabled ? "cp-btn-primary" : "cp-btn-outline cp-danger"}`}
          onClick={toggle}
          disabled={loading}
          aria-label={t(shipper.disabled ? "shippers.enableNamed" : "shippers.disableNamed", { name: shipper.name })}
        >
          <Icon path={icons.block} size={18} />
          <span>{t(shipper.disabled ? "shippers.enable" : "shippers.disable")}</span>
        </button>
      </div>
    </li>
  );
}

export default function ShipperList() {
  const { t } = useTranslation("control-shippers");
  useTitle(t("shippers.title"));
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
        title={t("shippers.title")}
        icon={icons.people}
        back="/control/index.html"
        backLabel={t("actions.home", { ns: "control" })}
        sub={t("shippers.sub")}
        actions={<AddButton to="/control/shippers/create.html">{t("create.title")}</AddButton>}
      />
      <ShipperTabs />
      <FormStatus errors={[]} message={flash} />
      <form className="cp-ship-search" role="search" onSubmit={submit}>
        <label htmlFor="shipper-search" className="cp-visually-hidden">
          {t("shippers.search")}
        </label>
        <input
          id="shipper-search"
          className="cp-input"
          type="search"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder={t("shippers.searchPlaceholder")}
          maxLength={100}
        />
        <button type="submit" className="cp-btn cp-btn-primary">
          <Icon path={icons.search} size={20} />
          <span>{t("shippers.searchButton")}</span>
        </button>
      </form>
      {data ? (
        <p className="cp-list-count cp-muted" aria-live="polite">
          {search ? t("shippers.countMatching", { count: data.shippers.total, search }) : t("shippers.count", { count: data.shippers.total })}
        </p>
      ) : null}
      <ListState
        loading={loading}
        error={firstError(error)}
        empty={rows.length === 0}
        emptyState={
          search
            ? { title: t("shippers.noMatch", { search }), hint: t("shippers.noMatchHint") }
            : {
                title: t("shippers.empty"),
                hint: t("shippers.emptyHint"),
                action: { to: "/control/shippers/create.html", label: t("shippers.emptyAction") },
              }
        }
      />
      {rows.length ? (
        <ul className="cp-ship-cards" aria-label={t("shippers.title")}>
          {rows.map((s) => (
            <ShipperCard key={s.id} shipper={s} currency={currency} />
          ))}
        </ul>
      ) : null}
      <NextPage nextPageUrl={data?.shippers.next_page_url} more={more} />
    </div>
  );
}
