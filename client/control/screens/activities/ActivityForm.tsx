import { useParams } from "react-router-dom";
import { useAdminActivityQuery, type AdminActivityFieldsFragment, type AdminParcelQuery } from "../../../generated/graphql";
import { FormStatus, SelectField, SubmitButton, TextAreaField, TextField } from "../../components/fields";
import { Card, PageHeader } from "../../components/PageHeader";
import { ListState } from "../../components/lists";
import { Icon } from "../../../components/Icon";
import { firstError, isNotFound } from "../../hooks/errors";
import { useTitle } from "../../hooks/useTitle";
import { isoToLocal, zoneName } from "../../hooks/values";
import { ACTIVITY_COLOR_OPTIONS, ACTIVITY_ICON_OPTIONS, COLOR_SWATCH, FAILURE_REASON_OPTIONS, STATUS_OPTIONS } from "../../options";
import { ParcelGate } from "../parcels/ParcelGate";
import { NotFoundCard } from "../NotFound";
import { useActivityForm } from "./useActivityForm";
import { MAX_LENGTH } from "@shared/core/lengths.codes";
import * as icons from "../../icons";
import { activityIconPath } from "../../../components/activityIcons";

type Parcel = AdminParcelQuery["adminParcel"];

/** The failure reasons, plus an older free-text reason as it was typed. */
const reasonOptions = (current: string) =>
  current && !FAILURE_REASON_OPTIONS.some((o) => o.value === current)
    ? [...FAILURE_REASON_OPTIONS, { value: current, label: current }]
    : FAILURE_REASON_OPTIONS;

function Form({ parcel, base, activity }: { parcel: Parcel; base: string; activity?: AdminActivityFieldsFragment }) {
  const title = activity ? "Edit Activity" : "Add Activity";
  useTitle(`${title} ${parcel.tracking_code}`);
  const { bind, values, errors, busy, onSubmit, statusField } = useActivityForm(parcel, activity);
  const now = isoToLocal(new Date().toISOString());
  return (
    <div className="cp-container cp-narrow">
      <PageHeader
        title={title}
        icon={icons.history}
        sub={<span className="cp-mono">{parcel.tracking_code}</span>}
        back={`${base}/activities`}
        backLabel="Back to the history"
      />
      <Card>
        <form className="cp-form" onSubmit={onSubmit} noValidate>
          <FormStatus errors={errors} />
          <TextField field={bind("title")} autoFocus={!activity} />
          <TextAreaField field={bind("description")} height="250px" maxLength={MAX_LENGTH.description} />
          <div className="cp-field-row">
            <SelectField
              field={statusField}
              label="Status"
              optional
              emptyLabel="(none)"
              options={STATUS_OPTIONS}
              hint="Sets the parcel's status: progress bar, e-mail to the recipient, webhooks. Picks a matching icon and colour."
            />
            {values.status_code === "delivery_failed" ? (
              <SelectField
                field={bind("status_reason")}
                label="Why the attempt failed"
                optional
                emptyLabel="(no reason)"
                options={reasonOptions(values.status_reason)}
                hint="The tracking page says it in the visitor's language: Attempt 2 failed: nobody home."
              />
            ) : (
              <TextField field={bind("status_reason")} label="Status reason" optional hint="Why, e.g. the reason of a failed delivery." />
            )}
          </div>
          <div className="cp-field-row">
            <SelectField
              field={bind("icon")}
              options={ACTIVITY_ICON_OPTIONS}
              preview={
                <span className="cp-select-preview" style={{ color: COLOR_SWATCH[values.color] }}>
                  <Icon path={activityIconPath(values.icon)} size={26} />
                </span>
              }
            />
            <SelectField
              field={bind("color")}
              label="Color"
              options={ACTIVITY_COLOR_OPTIONS}
              preview={<span className="cp-select-preview cp-swatch" style={{ background: COLOR_SWATCH[values.color] }} aria-hidden="true" />}
            />
          </div>
          <TextField
            field={bind("created_at")}
            type="datetime-local"
            label="When it happened"
            optional
            max={now}
            hint={`Blank: now. Your time zone: ${zoneName()}.`}
          />
          <SubmitButton busy={busy}>Save</SubmitButton>
        </form>
      </Card>
    </div>
  );
}

function EditLoader({ parcel, base }: { parcel: Parcel; base: string }) {
  const id = Number(useParams().aid);
  const { data, loading, error } = useAdminActivityQuery({ variables: { id }, skip: !Number.isInteger(id) });
  const activity = data?.activity;
  if (!Number.isInteger(id) || isNotFound(error) || (activity && activity.parcel_id !== parcel.id)) return <NotFoundCard what="activity" />;
  if (!activity)
    return (
      <div className="cp-container">
        <ListState loading={loading} error={firstError(error)} empty />
      </div>
    );
  return <Form parcel={parcel} base={base} activity={activity} />;
}

export function ActivityCreate() {
  return <ParcelGate>{(parcel, base) => <Form parcel={parcel} base={base} />}</ParcelGate>;
}

export function ActivityEdit() {
  return <ParcelGate>{(parcel, base) => <EditLoader parcel={parcel} base={base} />}</ParcelGate>;
}
