import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { Link } from "react-router-dom";
import { useAdminDeleteActivityMutation, type AdminParcelQuery } from "../../../generated/graphql";
import { AddButton, DeleteButton, ListState } from "../../components/lists";
import { PageHeader } from "../../components/PageHeader";
import { FormStatus } from "../../components/fields";
import { Icon } from "../../../components/Icon";
import { evict, useConfirmDelete, useFlash } from "../../hooks/lists";
import { useTitle } from "../../hooks/useTitle";
import { ACTIVITY_COLOR_OPTIONS, ACTIVITY_ICON_OPTIONS, COLOR_SWATCH, labelOf, statusLabel } from "../../options";
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
function addedBy(t: TFunction<"control-activities">, kind: string | null | undefined, name: string | null | undefined): string {
  if (kind === "member" && name) return t("list.addedBy", { name });
  if (kind === "key" && name) return t("list.addedByKey", { name });
  return t("list.addedBySystem");
}

function Activities({ parcel, base }: { parcel: Parcel; base: string }) {
  const { t } = useTranslation("control-activities");
  useTitle(t("list.tabTitle", { code: parcel.tracking_code }));
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
        title={t("list.title")}
        icon={icons.history}
        sub={<span className="cp-mono">{parcel.tracking_code}</span>}
        back={base}
        backLabel={t("list.back")}
        actions={can("history:write") ? <AddButton to={`${base}/activities/create`}>{t("add")}</AddButton> : null}
      />
      <FormStatus errors={[]} message={flash} />
      <ListState
        loading={false}
        empty={rows.length === 0}
        emptyState={{
          title: t("list.emptyTitle"),
          hint: t("list.emptyHint"),
          action: { to: `${base}/activities/create`, label: t("list.addFirst") },
        }}
      />
      {rows.length ? (
        <ol className="cp-list cp-timeline" aria-label={t("list.label")}>
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
                  {addedBy(t, a.created_by_kind, a.created_by_name)}
                </small>
                <small className="cp-color-tag">
                  <span className="cp-dot" style={{ background: COLOR_SWATCH[a.color] ?? "currentColor" }} aria-hidden="true" />
                  {labelOf(ACTIVITY_COLOR_OPTIONS, a.color)} · {labelOf(ACTIVITY_ICON_OPTIONS, a.icon)}
                </small>
              </RowMain>
              {editor ? (
                <span className="cp-row-actions">
                  <Link to={`${base}/activities/${a.id}`} className="cp-icon-btn" aria-label={t("list.editNamed", { title: a.title })} title={t("list.edit")}>
                    <Icon path={icons.edit} size={20} />
                  </Link>
                  <DeleteButton
                    label={t("list.deleteNamed", { title: a.title })}
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
