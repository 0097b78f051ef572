import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { useAdminToRescheduleQuery } from "../../../generated/graphql";
import { ListState, NextPage } from "../../components/lists";
import { PageHeader } from "../../components/PageHeader";
import { firstError } from "../../hooks/errors";
import { useNextPage } from "../../hooks/lists";
import { useTitle } from "../../hooks/useTitle";
import { failureReasonLabel } from "../../options";
import { day, moment } from "../../time";
import * as icons from "../../icons";
import { NS } from "./cod";
import { AddHistoryLink, ParcelRow, RowCount } from "./ParcelRow";

/** The recipient's choice after the last failed attempt, as staff read it. */
export function rescheduleText(t: TFunction, p: { reschedule_choice?: string | null; reschedule_date?: string | null }): string | null {
  if (p.reschedule_choice === "depot") return t("reschedule.depot", { ns: NS });
  if (p.reschedule_choice === "delivery" && p.reschedule_date) return t("reschedule.delivery", { ns: NS, day: day(p.reschedule_date) });
  return null;
}

/** Parcels whose last delivery attempt failed, with the recipient's choice when they made one. */
export default function ToReschedule() {
  const { t } = useTranslation(NS);
  useTitle(t("reschedule.title"));
  const { data, loading, error, fetchMore } = useAdminToRescheduleQuery({ fetchPolicy: "cache-and-network" });
  const more = useNextPage("parcels", data, fetchMore);
  const rows = data?.parcels.data ?? [];
  return (
    <div className="cp-container">
      <PageHeader title={t("reschedule.title")} icon={icons.schedule} sub={t("reschedule.sub")} back="/control/parcels/list.html" backLabel={t("back")} />
      {data && rows.length ? (
        <p className="cp-muted cp-list-count" role="status" data-testid="reschedule-count">
          {t("reschedule.count", { count: data.parcels.total })}
        </p>
      ) : null}
      <ListState
        loading={loading && !data}
        error={firstError(error)}
        empty={rows.length === 0}
        emptyState={{ title: t("reschedule.emptyTitle"), hint: t("reschedule.emptyHint") }}
      />
      {rows.length ? (
        <ul className="cp-list" aria-label={t("reschedule.list")}>
          {rows.map((p) => {
            const choice = rescheduleText(t, p);
            return (
              <ParcelRow
                key={p.id}
                testId="reschedule-row"
                parcel={p}
                lead={
                  <RowCount
                    n={p.delivery_attempts}
                    unit={t("reschedule.attempts", { count: p.delivery_attempts })}
                    title={t("reschedule.failedAttempts", { count: p.delivery_attempts })}
                  />
                }
                details={`${p.status_reason ? ` · ${failureReasonLabel(p.status_reason)}` : ""} · ${day(p.last_event_at, { day: "numeric", month: "short", year: "numeric" })}`}
                note={
                  choice ? (
                    <small className="cp-reschedule-choice" data-testid="reschedule-choice">
                      {choice}
                      {p.rescheduled_at ? ` ${t("reschedule.chosen", { when: moment(p.rescheduled_at) })}` : ""}
                    </small>
                  ) : (
                    <small className="cp-muted">{p.allow_reschedule ? t("reschedule.noChoice") : t("reschedule.off")}</small>
                  )
                }
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
