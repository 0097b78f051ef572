import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { useAdminDeleteActivityMutation, type AdminParcelQuery } from "../../../generated/graphql";
import { AddButton, DeleteButton, ListState } from "../../components/lists";
import { PageHeader } from "../../components/PageHeader";
import { FormStatus } from "../../components/fields";
import { Icon } from "../../../components/Icon";
import { evict, useConfirmDelete, useFlash } from "../../hooks/lists";
import { useTitle } from "../../hooks/useTitle";
import { ACTIVITY_ICON_OPTIONS, COLOR_SWATCH, labelOf, statusLabel } from "../../options";
import { useRole } from "../../session";
import { ParcelGate } from "../parcels/ParcelGate";
import * as icons from "../../icons";
import { activityIconPath } from "../../../components/activityIcons";

type Parcel = AdminParcelQuery["adminParcel"];

/** A row's main part: a link to the edit screen where the role may edit, plain text otherwise. */
function RowMain({ to, children }: { to: string | null; children: ReactNode }) {
  return to ? (
    <Link to={to} className="cp-row-main">
      {children}
    </Link>
  ) : (
    <span className="cp-row-main">{children}</span>
  );
}

/** Who added a history entry (the control panel only; the public views never carry it). */
function addedBy(kind: string | null | undefined, name: string | null | undefined): string {
  if (kind === "member" && name) return `Added by ${name}`;
  if (kind === "key" && name) return `Added by API key ${name}`;
  return "Added by the system";
}

function Activities({ parcel, base }: { parcel: Parcel; base: string }) {
  useTitle(`History ${parcel.tracking_code}`);
  const flash = useFlash();
  const [remove] = useAdminDeleteActivityMutation();
  const del = useConfirmDelete("Activity");
  // Changing or deleting entries needs history:edit (a courier adds entries and reads them).
  const { can } = useRole();
  const editor = can("history:edit");
  const rows = parcel.history;
  return (
    <div className="cp-container">
      <PageHeader
        title="Update History"
        icon={icons.history}
        sub={<span className="cp-mono">{parcel.tracking_code}</span>}
        back={base}
        backLabel="Back to the parcel"
        actions={can("history:write") ? <AddButton to={`${base}/activities/create`}>Add Activity</AddButton> : null}
      />
      <FormStatus errors={[]} message={flash} />
      <ListState
        loading={false}
        empty={rows.length === 0}
        emptyState={{
          title: "No history yet",
          hint: "The recipient sees each entry on the tracking page; an entry with a status sets the parcel's status.",
          action: { to: `${base}/activities/create`, label: "Add the first entry" },
        }}
      />
      {rows.length ? (
        <ol className="cp-list cp-timeline" aria-label="History, oldest first">
          {rows.map((a) => (
            <li key={a.id} className="cp-row" data-testid="activity-row">
              <span className="cp-activity-lead">
                <span className="cp-activity-icon" style={{ color: COLOR_SWATCH[a.color] ?? "inherit" }}>
                  <Icon path={activityIconPath(a.icon)} size={26} label={labelOf(ACTIVITY_ICON_OPTIONS, a.icon)} />
                </span>
                <span className="cp-activity-date">
                  <span className="cp-activity-month">{a.created_at_month}</span>
                  <span className="cp-activity-day">{a.created_at_day}</span>
                  <span className="cp-activity-time">{a.created_at_time}</span>
                </span>
              </span>
              <RowMain to={editor ? `${base}/activities/${a.id}` : null}>
                <strong>{a.title}</strong>
                {a.status_code ? (
                  <span className="cp-status-line">
                    <span className="cp-badge cp-badge-status" data-testid="activity-status">
                      {statusLabel(a.status_code) ?? a.status_code}
                    </span>
                    {a.status_reason ? <span className="cp-muted cp-small">{a.status_reason}</span> : null}
                  </span>
                ) : null}
                <span className="cp-muted cp-clamp">{a.description}</span>
                <small className="cp-muted cp-small cp-added-by" data-testid="activity-added-by">
                  {addedBy(a.created_by_kind, a.created_by_name)}
                </small>
                <small className="cp-color-tag">
                  <span className="cp-dot" style={{ background: COLOR_SWATCH[a.color] ?? "currentColor" }} aria-hidden="true" />
                  {a.color} · {labelOf(ACTIVITY_ICON_OPTIONS, a.icon)}
                </small>
              </RowMain>
              {editor ? (
                <span className="cp-row-actions">
                  <Link to={`${base}/activities/${a.id}`} className="cp-icon-btn" aria-label={`Edit ${a.title}`} title="Edit">
                    <Icon path={icons.edit} size={20} />
                  </Link>
                  <DeleteButton
                    label={`Delete activity ${a.title}`}
                    busy={del.busyId === a.id}
                    onClick={() => del.run(a.id, () => remove({ variables: { id: a.id }, update: (cache) => evict(cache, "Activity", a.id) }))}
                  />
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}

export default function ActivityList() {
  return <ParcelGate>{(parcel, base) => <Activities parcel={parcel} base={base} />}</ParcelGate>;
}
