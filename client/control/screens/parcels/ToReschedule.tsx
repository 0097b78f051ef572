import { useAdminToRescheduleQuery } from "../../../generated/graphql";
import { ListState, NextPage } from "../../components/lists";
import { PageHeader } from "../../components/PageHeader";
import { firstError } from "../../hooks/errors";
import { useNextPage } from "../../hooks/lists";
import { useTitle } from "../../hooks/useTitle";
import { failureReasonLabel } from "../../options";
import * as icons from "../../icons";
import { AddHistoryLink, ParcelRow, RowCount } from "./ParcelRow";

const day = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString(undefined, { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" });

/** The recipient's choice after the last failed attempt, as staff read it. */
export function rescheduleText(p: { reschedule_choice?: string | null; reschedule_date?: string | null }): string | null {
  if (p.reschedule_choice === "depot") return "Recipient will pick it up at the depot";
  if (p.reschedule_choice === "delivery" && p.reschedule_date) return `Recipient asks for delivery on ${day(p.reschedule_date)}`;
  return null;
}

/** Parcels whose last delivery attempt failed, with the recipient's choice when they made one. */
export default function ToReschedule() {
  useTitle("To reschedule");
  const { data, loading, error, fetchMore } = useAdminToRescheduleQuery({ fetchPolicy: "cache-and-network" });
  const more = useNextPage("parcels", data, fetchMore);
  const rows = data?.parcels.data ?? [];
  return (
    <div className="cp-container">
      <PageHeader
        title="To reschedule"
        icon={icons.schedule}
        sub="The last delivery attempt failed: plan the next one. The recipient's choice is shown where they made one on the tracking page."
        back="/control/parcels/list.html"
        backLabel="Back to parcels"
      />
      {data && rows.length ? (
        <p className="cp-muted cp-list-count" role="status" data-testid="reschedule-count">
          {data.parcels.total === 1 ? "1 parcel" : `${data.parcels.total} parcels`} waiting for a new attempt.
        </p>
      ) : null}
      <ListState
        loading={loading && !data}
        error={firstError(error)}
        empty={rows.length === 0}
        emptyState={{ title: "No parcels to reschedule", hint: "After a failed delivery attempt, the parcel waits here until it goes out again." }}
      />
      {rows.length ? (
        <ul className="cp-list" aria-label="Parcels to reschedule">
          {rows.map((p) => {
            const choice = rescheduleText(p);
            return (
              <ParcelRow
                key={p.id}
                testId="reschedule-row"
                parcel={p}
                lead={<RowCount n={p.delivery_attempts} one="attempt" many="attempts" title={`${p.delivery_attempts} failed attempts`} />}
                details={`${p.status_reason ? ` · ${failureReasonLabel(p.status_reason)}` : ""} · ${new Date(p.last_event_at).toLocaleDateString()}`}
                note={
                  choice ? (
                    <small className="cp-reschedule-choice" data-testid="reschedule-choice">
                      {choice}
                      {p.rescheduled_at ? ` (chosen ${new Date(p.rescheduled_at).toLocaleString()})` : ""}
                    </small>
                  ) : (
                    <small className="cp-muted">{p.allow_reschedule ? "No choice from the recipient yet" : "Rescheduling by the recipient is off"}</small>
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
