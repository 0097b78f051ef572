import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useAdminCodBalancesQuery, useAdminCodLedgerQuery, useAdminReverseCodEntryMutation, type AdminCodLedgerQuery } from "../../../generated/graphql";
import { ListTable, WhenCell } from "../../components/lists";
import { FilteredList, FilterInput, FilterSelect } from "../../components/FilteredList";
import { PageHeader } from "../../components/PageHeader";
import { Icon } from "../../../components/Icon";
import { useToast } from "../../components/Toast";
import { firstError } from "../../hooks/errors";
import { useListFilters } from "../../hooks/lists";
import { useTitle } from "../../hooks/useTitle";
import * as icons from "../../icons";
import { accountName, AmountCell, CodTabs, FormErrors, NoteField, NS, refusals, splitErrors, useCouriers, useMayManage, useShippers } from "./common";

type Entry = AdminCodLedgerQuery["codLedger"]["data"][number];

/** The ledger's filters (GET /api/cod/ledger, codLedger), kept in the address. */
const FILTERS = ["from", "to", "shipper_id", "courier_id", "tracking_code"] as const;
const PER_PAGE = 25;

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
      setErrors(refusals(err, t("reverse.failed")));
    }
  };
  return (
    <form className="cp-cod-reverse" onSubmit={submit} noValidate aria-label={t("reverse.label", { id: entry.id })} data-testid="reverse-form">
      <FormErrors messages={rest} labels={{ entry_id: t("ledger.entry") }} />
      <NoteField label={t("reverse.note")} hint={t("reverse.hint")} errors={byField.note} value={note} onChange={setNote} />
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
  const list = useListFilters(FILTERS);
  const { applied, given: filters, field, page, go } = list;
  const [reversing, setReversing] = useState<number | null>(null);
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
      <FilteredList
        label={t("ledger.filterLabel")}
        filters={list}
        fields={
          <>
            <FilterInput id="led-from" type="date" label={t("filters.from")} {...field("from")} />
            <FilterInput id="led-to" type="date" label={t("filters.to")} {...field("to")} />
            <FilterSelect
              id="led-shipper"
              label={t("filters.shipper")}
              all={t("filters.everyShipper")}
              {...field("shipper_id")}
              options={shippers.list.map((s) => ({ value: s.id, label: s.name }))}
            />
            <FilterSelect
              id="led-courier"
              label={t("filters.courier")}
              all={t("filters.everyCourier")}
              {...field("courier_id")}
              options={couriers.list.map((c) => ({ value: c.id, label: c.name }))}
            />
            <FilterInput id="led-code" label={t("filters.trackingCode")} maxLength={64} autoComplete="off" {...field("tracking_code")} />
          </>
        }
        loading={loading}
        error={firstError(error)}
        count={rows.length}
        empty={t("ledger.empty")}
        total={
          ledger ? { text: t("ledger.total", { count: ledger.total, page: ledger.current_page, last: ledger.last_page }), testId: "ledger-total" } : undefined
        }
        pager={{
          label: t("ledger.pager"),
          newer: t("ledger.newer"),
          older: t("ledger.older"),
          page,
          hasNext: !!ledger?.next_page_url,
          go: (p) => go(applied, p),
        }}
      >
        <ListTable
          testId="ledger-table"
          className="cp-cod-table cp-cod-ledger"
          caption={t("ledger.title")}
          columns={manage ? [...cols, t("ledger.action")] : cols}
        >
          {rows.map((e) => (
            <tr key={e.id} data-testid="ledger-row" data-entry-id={e.id} data-kind={e.kind}>
              <WhenCell label={t("ledger.when")} at={e.at}>
                <small className="cp-muted cp-cod-block">#{e.id}</small>
              </WhenCell>
              <td data-label={t("ledger.kind")}>{t(`kinds.${e.kind}`)}</td>
              <AmountCell label={t("ledger.amount")} amount={e.amount} currency={e.currency} testId="entry-amount" />
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
      </FilteredList>
    </div>
  );
}
