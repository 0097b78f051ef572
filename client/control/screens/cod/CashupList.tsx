import { useTranslation } from "react-i18next";
import { useAdminCodCashupsQuery } from "../../../generated/graphql";
import { ListTable, WhenCell } from "../../components/lists";
import { FilteredList, FilterSelect } from "../../components/FilteredList";
import { PageHeader } from "../../components/PageHeader";
import { firstError } from "../../hooks/errors";
import { useListFilters, useNextPage } from "../../hooks/lists";
import { useTitle } from "../../hooks/useTitle";
import * as icons from "../../icons";
import { AmountCell, CodTabs, NS, useCouriers } from "./common";

const FILTERS = ["courier_id"] as const;

/** Cash-ups (GET /api/cod/cashups): newest first, by courier, paged. */
export default function CashupList() {
  const { t } = useTranslation(NS);
  useTitle(t("cashups.title"));
  const list = useListFilters(FILTERS);
  const { applied } = list;
  const couriers = useCouriers();
  const { data, loading, error, fetchMore } = useAdminCodCashupsQuery({
    variables: { courier_id: applied.courier_id ? Number(applied.courier_id) : undefined, per_page: 25 },
    fetchPolicy: "cache-and-network",
  });
  const more = useNextPage("codCashups", data, fetchMore);
  const rows = data?.codCashups.data ?? [];
  const who = (id: number) => couriers.nameOf(id) ?? t("memberNumber", { id });
  return (
    <div className="cp-container">
      <PageHeader title={t("cashups.title")} icon={icons.payments} back="/control/index.html" backLabel={t("home")} sub={t("cashups.sub")} />
      <CodTabs />
      <FilteredList
        label={t("cashups.filterLabel")}
        filters={list}
        fields={
          <FilterSelect
            id="cu-courier"
            label={t("filters.courier")}
            all={t("filters.everyCourier")}
            {...list.field("courier_id")}
            options={couriers.list.map((c) => ({ value: c.id, label: c.name }))}
          />
        }
        loading={loading}
        error={firstError(error)}
        count={rows.length}
        empty={{ title: t("cashups.empty"), hint: t("cashups.emptyHint") }}
        total={data ? { text: t("cashups.total", { count: data.codCashups.total }) } : undefined}
        next={{ nextPageUrl: data?.codCashups.next_page_url, more }}
      >
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
              <WhenCell label={t("cashups.when")} at={c.at} />
              <td data-label={t("cashups.courier")}>{c.courier_name ?? who(c.courier_id)}</td>
              <AmountCell label={t("cashup.expected")} amount={c.expected_amount} currency={c.currency} />
              <AmountCell label={t("cashup.countedShort")} amount={c.counted_amount} currency={c.currency} />
              <AmountCell label={t("cashup.difference")} amount={c.difference} currency={c.currency} testId="cashup-row-difference" />
              <td data-label={t("cashups.details")} className="cp-break">
                <span>{t("cashup.resultCollections", { count: c.collections.length })}</span>
                <small className="cp-muted cp-cod-block">{t("cashups.countedBy", { name: c.member_name ?? who(c.member_id) })}</small>
                {c.note ? <small className="cp-cod-block">{t("cashup.noteSaid", { note: c.note })}</small> : null}
              </td>
            </tr>
          ))}
        </ListTable>
      </FilteredList>
    </div>
  );
}
