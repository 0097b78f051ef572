import { useParams } from "react-router-dom";
import { useTranslation } from "react-i18next";
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
/** NotFoundCard's kind (a key of control's notFound.what, not a text). */
const NOT_FOUND_KIND = "activity";

/** The failure reasons, plus an older free-text reason as it was typed. */
const reasonOptions = (current: string) =>
  current && !FAILURE_REASON_OPTIONS.some((o) => o.value === current)
    ? [...FAILURE_REASON_OPTIONS, { value: current, label: current }]
    : FAILURE_REASON_OPTIONS;

function Form({ parcel, base, activity }: { parcel: Parcel; base: string; activity?: AdminActivityFieldsFragment }) {
  const { t } = useTranslation("control-activities");
  const title = activity ? t("edit") : t("add");
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
        backLabel={t("form.back")}
      />
      <Card>
        <form className="cp-form" onSubmit={onSubmit} noValidate>
          <FormStatus errors={errors} />
          <TextField field={bind("title")} label={t("form.title")} autoFocus={!activity} />
          <TextAreaField field={bind("description")} label={t("form.description")} height="250px" maxLength={MAX_LENGTH.description} />
          <div className="cp-field-row">
            <SelectField
              field={statusField}
              label={t("form.status")}
              optional
              emptyLabel={t("form.noStatus")}
              options={STATUS_OPTIONS}
              hint={t("form.statusHint")}
            />
            {values.status_code === "delivery_failed" ? (
              <SelectField
                field={bind("status_reason")}
                label={t("form.why")}
                optional
                emptyLabel={t("form.noReason")}
                options={reasonOptions(values.status_reason)}
                hint={t("form.whyHint")}
              />
            ) : (
              <TextField field={bind("status_reason")} label={t("form.reason")} optional hint={t("form.reasonHint")} />
            )}
          </div>
          <div className="cp-field-row">
            <SelectField
              field={bind("icon")}
              label={t("form.icon")}
              options={ACTIVITY_ICON_OPTIONS}
              preview={
                <span className="cp-select-preview" style={{ color: COLOR_SWATCH[values.color] }}>
                  <Icon path={activityIconPath(values.icon)} size={26} />
                </span>
              }
            />
            <SelectField
              field={bind("color")}
              label={t("form.color")}
              options={ACTIVITY_COLOR_OPTIONS}
              preview={<span className="cp-select-preview cp-swatch" style={{ background: COLOR_SWATCH[values.color] }} aria-hidden="true" />}
            />
          </div>
          <TextField
            field={bind("created_at")}
            type="datetime-local"
            label={t("form.when")}
            optional
            max={now}
            hint={t("form.whenHint", { zone: zoneName() })}
          />
          <SubmitButton busy={busy}>{t("form.save")}</SubmitButton>
        </form>
      </Card>
    </div>
  );
}

function EditLoader({ parcel, base }: { parcel: Parcel; base: string }) {
  const id = Number(useParams().aid);
  const { data, loading, error } = useAdminActivityQuery({ variables: { id }, skip: !Number.isInteger(id) });
  const activity = data?.activity;
  if (!Number.isInteger(id) || isNotFound(error) || (activity && activity.parcel_id !== parcel.id)) return <NotFoundCard what={NOT_FOUND_KIND} />;
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
