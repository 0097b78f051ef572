import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useAdminCodBalancesQuery, useAdminCodLedgerQuery, useAdminReverseCodEntryMutation, type AdminCodLedgerQuery } from "../../../generated/graphql";
import { errorMessages } from "../../../errors";
import { DateFilter, FilterButtons, ListState, ListTable } from "../../components/lists";
import { PageHeader } from "../../components/PageHeader";
import { ErrorList } from "../../../components/ErrorList";
import { Icon } from "../../../components/Icon";
import { useToast } from "../../components/Toast";
import { firstError } from "../../hooks/errors";
import { useFilterParams } from "../../hooks/lists";
import { useTitle } from "../../hooks/useTitle";
import { COD_NOTE_MAX } from "@shared/modules/cod/cod.codes";
import { moment } from "../../time";
import * as icons from "../../icons";
import { accountName, Amount, CodField, CodTabs, NS, said, splitErrors, useCouriers, useMayManage, useShippers } from "./common";

type Entry = AdminCodLedgerQuery["codLedger"]["data"][number];

/** The ledger's filters (GET /api/cod/ledger, codLedger), kept in the address. */
const FILTERS = ["from", "to", "shipper_id", "courier_id", "tracking_code"] as const;
type Filters = Record<(typeof FILTERS)[number], string>;
const PER_PAGE = 25;

const given = (f: Filters) =>
  Object.fromEntries(
    Object.entries(f)
      .filter(([, v]) => v.trim() !== "")
      .map(([k, v]) => [k, v.trim()]),
  );

/** The owner's reversal of an entry: why (kept on the reversing entry), confirmed first. */
function ReverseForm({ entry, onDone }: { entry: Entry; onDone: () => void }) {
  const { t } = useTranslation(NS);
  const toast = useToast();
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<string[]>([]);
  const [reverse, { loading }] = useAdminReverseCodEntryMutation();
  const { byField, rest } = splitErrors(errors, ["note"] as const);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!note.trim()) return setErrors([`note: ${t("reverse.noteRequired")}`]);
    if (!window.confirm(t("reverse.confirm", { id: entry.id }))) return;
    setErrors([]);
    try {
      const r = await reverse({ variables: { input: { entry_id: entry.id, note: note.trim() } } });
      toast(t("reverse.done", { id: entry.id, reversal: r.data!.reverseCodEntry.id }), "done");
      onDone();
    } catch (err) {
      const msgs = errorMessages(err);
      setErrors(msgs.length ? msgs : [t("reverse.failed")]);
    }
  };
  return (
    <form className="cp-cod-reverse" onSubmit={submit} noValidate aria-label={t("reverse.label", { id: entry.id })} data-testid="reverse-form">
      {rest.length ? (
        <div className="cp-alert cp-alert-error" role="alert" data-testid="form-errors">
          <ErrorList errors={rest.map((m) => said(m, { entry_id: t("ledger.entry") }))} />
        </div>
      ) : null}
      <CodField label={t("reverse.note")} hint={t("reverse.hint")} errors={byField.note}>
        {(p) => (
          <textarea
            {...p}
            className="cp-input cp-textarea"
            name="note"
            rows={2}
            maxLength={COD_NOTE_MAX}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        )}
      </CodField>
      <button type="submit" className="cp-btn cp-btn-primary cp-btn-sm" disabled={loading} aria-busy={loading || undefined}>
        <Icon path={icons.undo} size={18} />
        <span>{t("reverse.submit", { id: entry.id })}</span>
      </button>
    </form>
  );
}

/** The ledger: every entry, newest first, filtered and paged, as a CSV file too; the owner reverses an entry. */
export default function CodLedger() {
  const { t } = useTranslation(NS);
  useTitle(t("ledger.title"));
  const manage = useMayManage();
  const shippers = useShippers();
  const couriers = useCouriers();
  const { params, setParams, applied, draft, set, clear } = useFilterParams(FILTERS);
  const page = Math.max(1, Number(params.get("page")) || 1);
  const [reversing, setReversing] = useState<number | null>(null);
  const filters = given(applied);
  const { data, loading, error, refetch } = useAdminCodLedgerQuery({
    variables: {
      from: filters.from,
      to: filters.to,
      tracking_code: filters.tracking_code,
      shipper_id: filters.shipper_id ? Number(filters.shipper_id) : undefined,
      courier_id: filters.courier_id ? Number(filters.courier_id) : undefined,
      page,
      per_page: PER_PAGE,
    },
    fetchPolicy: "cache-and-network",
  });
  const ledger = data?.codLedger;
  const rows = ledger?.data ?? [];
  const reversed = new Set(rows.map((e) => e.reverses).filter((x): x is number => x !== null));
  // A member who holds cash but drives no run (an owner who delivered) is named from the balances.
  const held = useAdminCodBalancesQuery({ fetchPolicy: "cache-first" }).data?.codBalances.couriers ?? [];
  const names = {
    courier: (id: number) => couriers.nameOf(id) ?? held.find((c) => c.courier_id === id)?.name ?? null,
    shipper: shippers.nameOf,
  };
  const go = (f: Filters, p = 1) => {
    const q = new URLSearchParams(given(f));
    if (p > 1) q.set("page", String(p));
    setParams(q);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    go(draft);
  };
  const csv = `/api/cod/ledger?${new URLSearchParams({ ...filters, format: "csv" })}`;
  const cols = [t("ledger.when"), t("ledger.kind"), { label: t("ledger.amount"), num: true }, t("ledger.debit"), t("ledger.credit"), t("ledger.about")];

  return (
    <div className="cp-container">
      <PageHeader
        title={t("ledger.title")}
        icon={icons.receipt_long}
        back="/control/index.html"
        backLabel={t("home")}
        sub={t("ledger.sub")}
        actions={
          <a href={csv} className="cp-btn cp-btn-outline" download data-testid="ledger-csv">
            <Icon path={icons.download} size={20} />
            <span>{t("ledger.csv")}</span>
          </a>
        }
      />
      <CodTabs />
      <form className="cp-card cp-cod-filters" onSubmit={submit} aria-label={t("ledger.filterLabel")}>
        <DateFilter id="led-from" label={t("filters.from")} value={draft.from} onChange={set("from")} />
        <DateFilter id="led-to" label={t("filters.to")} value={draft.to} onChange={set("to")} />
        <div className="cp-field">
          <label htmlFor="led-shipper" className="cp-label">
            {t("filters.shipper")}
          </label>
          <select id="led-shipper" className="cp-input cp-select" value={draft.shipper_id} onChange={set("shipper_id")}>
            <option value="">{t("filters.everyShipper")}</option>
            {shippers.list.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <div className="cp-field">
          <label htmlFor="led-courier" className="cp-label">
            {t("filters.courier")}
          </label>
          <select id="led-courier" className="cp-input cp-select" value={draft.courier_id} onChange={set("courier_id")}>
            <option value="">{t("filters.everyCourier")}</option>
            {couriers.list.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div className="cp-field">
          <label htmlFor="led-code" className="cp-label">
            {t("filters.trackingCode")}
          </label>
          <input id="led-code" className="cp-input" value={draft.tracking_code} onChange={set("tracking_code")} maxLength={64} autoComplete="off" />
        </div>
        <FilterButtons className="cp-cod-filter-buttons" reset={clear} />
      </form>
      <ListState loading={loading} error={firstError(error)} empty={rows.length === 0} emptyText={t("ledger.empty")} />
      {rows.length ? (
        <>
          <p className="cp-muted cp-small" aria-live="polite" data-testid="ledger-total">
            {t("ledger.total", { count: ledger!.total, page: ledger!.current_page, last: ledger!.last_page })}
          </p>
          <ListTable
            testId="ledger-table"
            className="cp-cod-table cp-cod-ledger"
            caption={t("ledger.title")}
            columns={manage ? [...cols, t("ledger.action")] : cols}
          >
            {rows.map((e) => (
              <tr key={e.id} data-testid="ledger-row" data-entry-id={e.id} data-kind={e.kind}>
                <td data-label={t("ledger.when")}>
                  <time dateTime={e.at}>{moment(e.at)}</time>
                  <small className="cp-muted cp-cod-block">#{e.id}</small>
                </td>
                <td data-label={t("ledger.kind")}>{t(`kinds.${e.kind}`)}</td>
                <td data-label={t("ledger.amount")} className="cp-num">
                  <Amount amount={e.amount} currency={e.currency} testId="entry-amount" />
                </td>
                <td data-label={t("ledger.debit")} className="cp-break">
                  {accountName(t, e.debit, names)}
                </td>
                <td data-label={t("ledger.credit")} className="cp-break">
                  {accountName(t, e.credit, names)}
                </td>
                <td data-label={t("ledger.about")} className="cp-break">
                  {e.tracking_code ? <span className="cp-mono cp-cod-block">{e.tracking_code}</span> : null}
                  {e.cashup_id ? <small className="cp-cod-block">{t("ledger.cashup", { id: e.cashup_id })}</small> : null}
                  {e.remittance_id ? <small className="cp-cod-block">{t("ledger.remittance", { id: e.remittance_id })}</small> : null}
                  {e.reverses ? <small className="cp-cod-block">{t("ledger.reverses", { id: e.reverses })}</small> : null}
                  {e.note ? <small className="cp-muted cp-cod-block">{e.note}</small> : null}
                </td>
                {manage ? (
                  <td data-label={t("ledger.action")}>
                    {e.kind === "reversed" ? null : reversed.has(e.id) ? (
                      <small className="cp-muted">{t("ledger.isReversed")}</small>
                    ) : reversing === e.id ? (
                      <ReverseForm
                        entry={e}
                        onDone={() => {
                          setReversing(null);
                          void refetch();
                        }}
                      />
                    ) : (
                      <button
                        type="button"
                        className="cp-btn cp-btn-outline cp-btn-sm"
                        onClick={() => setReversing(e.id)}
                        aria-label={t("reverse.open", { id: e.id })}
                      >
                        <Icon path={icons.undo} size={18} />
                        <span>{t("reverse.button")}</span>
                      </button>
                    )}
                  </td>
                ) : null}
              </tr>
            ))}
          </ListTable>
          <nav className="cp-pager" aria-label={t("ledger.pager")}>
            <button type="button" className="cp-btn cp-btn-outline" disabled={page <= 1 || loading} onClick={() => go(applied, page - 1)}>
              {t("ledger.newer")}
            </button>
            <button type="button" className="cp-btn cp-btn-outline" disabled={!ledger?.next_page_url || loading} onClick={() => go(applied, page + 1)}>
              {t("ledger.older")}
            </button>
          </nav>
        </>
      ) : null}
    </div>
  );
}
