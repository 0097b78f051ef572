import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useDashboardCouriersQuery, useDashboardFiltersQuery, type DashboardSummaryQuery } from "../../../generated/graphql";
import { REPORTS_NS } from "../../../i18n/load";
import { useRole } from "../../session";

type Summary = DashboardSummaryQuery["reportSummary"];
interface Choice {
  value: string;
  label: string;
}
export interface Filters {
  shipperId?: number;
  courierId?: number;
  service?: string;
}

const byLabel = (a: Choice, b: Choice) => a.label.localeCompare(b.label);

/**
 * The choices of the three filters from the lists there are: the shippers list (its first 100), the staff's couriers
 * (the owner's list; a dispatcher gets the couriers the reports named so far) and the services of the rates. A
 * service's name from its code, the code when the service is not in the list (deleted, renamed code).
 */
export function useFilterChoices(s: Summary | undefined) {
  const { role } = useRole();
  const lists = useDashboardFiltersQuery({ fetchPolicy: "cache-first" });
  const staff = useDashboardCouriersQuery({ fetchPolicy: "cache-first", skip: role !== "owner" });
  // The couriers the summaries named so far (a dispatcher's choices), gathered as each summary comes.
  const [seen, setSeen] = useState<{ from: Summary | undefined; couriers: ReadonlyMap<number, string> }>({ from: undefined, couriers: new Map() });
  if (s !== seen.from) setSeen({ from: s, couriers: new Map([...seen.couriers, ...(s?.couriers ?? []).map((c) => [c.courier_id, c.name] as const)]) });
  const shippers = useMemo(
    () => (lists.data?.shippers.data ?? []).map((x) => ({ value: String(x.id), label: x.name || x.company || `#${x.id}` })).sort(byLabel),
    [lists.data],
  );
  const services = useMemo(() => (lists.data?.services ?? []).map((x) => ({ value: x.code, label: x.name || x.code })).sort(byLabel), [lists.data]);
  const couriers =
    role === "owner"
      ? (staff.data?.staff.data ?? []).filter((m) => m.role === "courier").map((m) => ({ value: String(m.id), label: m.name || m.email }))
      : [...seen.couriers].map(([id, name]) => ({ value: String(id), label: name }));
  couriers.sort(byLabel);
  const names = useMemo(() => new Map((lists.data?.services ?? []).map((x) => [x.code, x.name || x.code])), [lists.data]);
  const serviceName = useCallback((code: string) => names.get(code) ?? code, [names]);
  return { shippers, couriers, services, serviceName };
}

/**
 * Shipper, courier and service beside the period: each applied as it is chosen, kept in the address (a link to share,
 * back and forward); "All" leaves the filter out. A value in the address that is not among the choices (a shipper past
 * the first 100) is kept and shown by its number.
 */
export function FilterPickers({
  choices,
  filters,
  change,
}: {
  choices: ReturnType<typeof useFilterChoices>;
  filters: Filters;
  change: (values: Record<string, string>) => void;
}) {
  const { t } = useTranslation(REPORTS_NS);
  const pickers = [
    { key: "shipper", label: t("shipper"), all: t("allShippers"), value: filters.shipperId ? String(filters.shipperId) : "", list: choices.shippers },
    { key: "courier", label: t("courier"), all: t("allCouriers"), value: filters.courierId ? String(filters.courierId) : "", list: choices.couriers },
    { key: "service", label: t("service"), all: t("allServices"), value: filters.service ?? "", list: choices.services },
  ];
  return (
    <div className="cp-dashboard-filters" role="group" aria-label={t("filters")}>
      {pickers.map((p) => (
        <div className="cp-field" key={p.key}>
          <label htmlFor={`report-${p.key}`} className="cp-label">
            {p.label}
          </label>
          <select id={`report-${p.key}`} className="cp-input cp-select" value={p.value} onChange={(e) => change({ [p.key]: e.target.value })}>
            <option value="">{p.all}</option>
            {p.value && !p.list.some((c) => c.value === p.value) ? <option value={p.value}>{p.key === "service" ? p.value : `#${p.value}`}</option> : null}
            {p.list.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
      ))}
    </div>
  );
}
