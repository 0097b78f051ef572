import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import { useAdminStaleParcelsQuery } from "../../../generated/graphql";
import { FormStatus, TextField } from "../../components/fields";
import { ListState, NextPage } from "../../components/lists";
import { Card, PageHeader } from "../../components/PageHeader";
import { Icon } from "../../../components/Icon";
import { firstError } from "../../hooks/errors";
import { useNextPage } from "../../hooks/lists";
import { useTitle } from "../../hooks/useTitle";
import { statusText } from "../../options";
import { fieldLabel } from "../../fieldLabels";
import * as icons from "../../icons";
import { day, moment, number } from "../../time";
import { labels, NS } from "./cod";
import { AddHistoryLink, ParcelRow, RowCount } from "./ParcelRow";

const DEFAULT_STALE_DAYS = 5;
const MAX_DAYS = 3650;

const validDays = (s: string | null) => {
  const n = Number(s);
  return s !== null && s.trim() !== "" && Number.isInteger(n) && n >= 1 && n <= MAX_DAYS ? n : null;
};

const daysAgo = (iso: string) => Math.max(0, Math.floor((Date.now() - Date.parse(iso)) / 86_400_000));

/** Parcels still on their way with no history entry for `stale_days` days: the ones to chase. */
export default function StaleParcels() {
  const { t } = useTranslation(NS);
  useTitle(t("stale.title"));
  const f = labels("stale_days");
  const [params, setParams] = useSearchParams();
  const days = validDays(params.get("stale_days")) ?? DEFAULT_STALE_DAYS;
  const [text, setText] = useState(String(days));
  const [errors, setErrors] = useState<string[]>([]);
  const { data, loading, error, fetchMore } = useAdminStaleParcelsQuery({ variables: { stale_days: days } });
  const more = useNextPage("parcels", data, fetchMore);
  const rows = data?.parcels.data ?? [];

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const n = validDays(text);
    if (n === null) {
      setErrors([t("stale.daysError", { field: fieldLabel("stale_days"), max: number(MAX_DAYS) })]);
      return;
    }
    setErrors([]);
    setParams({ stale_days: String(n) }, { replace: true });
  };

  return (
    <div className="cp-container">
      <PageHeader title={t("stale.title")} icon={icons.schedule} sub={t("stale.sub")} back="/control/parcels/list.html" backLabel={t("back")} />
      <Card>
        <form className="cp-inline-form" onSubmit={onSubmit} noValidate>
          <FormStatus errors={errors} />
          <div className="cp-inline-fields">
            <TextField
              field={{ name: "stale_days", value: text, onChange: (e) => setText(e.target.value), "aria-invalid": errors.length ? true : undefined }}
              label={f.stale_days}
              type="number"
              min={1}
              max={MAX_DAYS}
            />
            <button type="submit" className="cp-btn cp-btn-primary">
              <Icon path={icons.filter_list} size={20} />
              <span>{t("form.show", { ns: "control" })}</span>
            </button>
          </div>
        </form>
      </Card>
      {data && !loading && rows.length ? (
        <p className="cp-muted cp-list-count" role="status" data-testid="stale-count">
          {t("stale.count", { count: data.parcels.total, days: t("stale.forDays", { count: days }) })}
        </p>
      ) : null}
      <ListState
        loading={loading}
        error={firstError(error)}
        empty={rows.length === 0}
        emptyState={{ title: t("stale.emptyTitle"), hint: t("stale.emptyHint", { count: days }) }}
      />
      {rows.length ? (
        <ul className="cp-list" aria-label={t("stale.title")}>
          {rows.map((p) => {
            const quiet = daysAgo(p.last_event_at);
            return (
              <ParcelRow
                key={p.id}
                testId="stale-row"
                parcel={p}
                lead={<RowCount n={quiet} unit={t("stale.unitDays", { count: quiet })} title={t("stale.lastNews", { when: moment(p.last_event_at) })} />}
                details={` · ${statusText(p.status_code, p.status) ?? t("stale.noStatus")} · ${t("stale.lastNews", { when: day(p.last_event_at, { day: "numeric", month: "short", year: "numeric" }) })}`}
                actions={<AddHistoryLink code={p.tracking_code} />}
              />
            );
          })}
        </ul>
      ) : null}
      <NextPage nextPageUrl={data?.parcels.next_page_url} more={more} />
    </div>
  );
}
