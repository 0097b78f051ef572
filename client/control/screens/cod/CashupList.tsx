import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useAdminCodCashupsQuery } from "../../../generated/graphql";
import { FilterButtons, ListState, ListTable, NextPage } from "../../components/lists";
import { PageHeader } from "../../components/PageHeader";
import { firstError } from "../../hooks/errors";
import { useFilterParams, useNextPage } from "../../hooks/lists";
import { useTitle } from "../../hooks/useTitle";
import { moment } from "../../time";
import * as icons from "../../icons";
import { Amount, CodTabs, NS, useCouriers } from "./common";

const FILTERS = ["courier_id"] as const;

/** Cash-ups (GET /api/cod/cashups): newest first, by courier, paged. */
export default function CashupList() {
  const { t } = useTranslation(NS);
  useTitle(t("cashups.title"));
  const { setParams, applied, draft, set, clear } = useFilterParams(FILTERS);
  const couriers = useCouriers();
  const { data, loading, error, fetchMore } = useAdminCodCashupsQuery({
    variables: { courier_id: applied.courier_id ? Number(applied.courier_id) : undefined, per_page: 25 },
    fetchPolicy: "cache-and-network",
  });
  const more = useNextPage("codCashups", data, fetchMore);
  const rows = data?.codCashups.data ?? [];
  const who = (id: number) => couriers.nameOf(id) ?? t("memberNumber", { id });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setParams(draft.courier_id ? { courier_id: draft.courier_id } : {});
  };
  return (
    <div className="cp-container">
      <PageHeader title={t("cashups.title")} icon={icons.payments} back="/control/index.html" backLabel={t("home")} sub={t("cashups.sub")} />
      <CodTabs />
      <form className="cp-card cp-cod-filters" onSubmit={submit} aria-label={t("cashups.filterLabel")}>
        <div className="cp-field">
          <label htmlFor="cu-courier" className="cp-label">
            {t("filters.courier")}
          </label>
          <select id="cu-courier" className="cp-input cp-select" value={draft.courier_id} onChange={set("courier_id")}>
            <option value="">{t("filters.everyCourier")}</option>
            {couriers.list.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <FilterButtons className="cp-cod-filter-buttons" reset={clear} />
      </form>
      <ListState
        loading={loading}
        error={firstError(error)}
        empty={rows.length === 0}
        emptyState={{ title: t("cashups.empty"), hint: t("cashups.emptyHint") }}
      />
      {rows.length ? (
        <>
          <p className="cp-muted cp-small" aria-live="polite">
            {t("cashups.total", { count: data!.codCashups.total })}
          </p>
          <ListTable
            className="cp-cod-table"
            testId="cashup-table"
            caption={t("cashups.title")}
            columns={[
              t("cashups.when"),
              t("cashups.courier"),
              { label: t("cashup.expected"), num: true },
              { label: t("cashup.countedShort"), num: true },
              { label: t("cashup.difference"), num: true },
              t("cashups.details"),
            ]}
          >
            {rows.map((c) => (
              <tr key={c.id} data-testid="cashup-row">
                <td data-label={t("cashups.when")}>
                  <time dateTime={c.at}>{moment(c.at)}</time>
                </td>
                <td data-label={t("cashups.courier")}>{c.courier_name ?? who(c.courier_id)}</td>
                <td data-label={t("cashup.expected")} className="cp-num">
                  <Amount amount={c.expected_amount} currency={c.currency} />
                </td>
                <td data-label={t("cashup.countedShort")} className="cp-num">
                  <Amount amount={c.counted_amount} currency={c.currency} />
                </td>
                <td data-label={t("cashup.difference")} className="cp-num">
                  <Amount amount={c.difference} currency={c.currency} testId="cashup-row-difference" />
                </td>
                <td data-label={t("cashups.details")} className="cp-break">
                  <span>{t("cashup.resultCollections", { count: c.collections.length })}</span>
                  <small className="cp-muted cp-cod-block">{t("cashups.countedBy", { name: who(c.member_id) })}</small>
                  {c.note ? <small className="cp-cod-block">{t("cashup.noteSaid", { note: c.note })}</small> : null}
                </td>
              </tr>
            ))}
          </ListTable>
        </>
      ) : null}
      <NextPage nextPageUrl={data?.codCashups.next_page_url} more={more} />
    </div>
  );
}
