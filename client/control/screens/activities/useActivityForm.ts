import { useTranslation } from "react-i18next";
import type { ChangeEvent } from "react";
import { useNavigate } from "react-router-dom";
import { useAdminCreateActivityMutation, useAdminUpdateActivityMutation, type AdminActivityFieldsFragment } from "../../../generated/graphql";
import { useFormState } from "../../hooks/useFormState";
import { isoToLocal, localToIso, textOrNull } from "../../hooks/values";
import { statusLook } from "../../options";
import { DEFAULT_ACTIVITY_COLOR, DEFAULT_ACTIVITY_ICON } from "@shared/modules/activity/activity.codes";

/** Creates a history entry for the parcel, or edits `activity`; then back to the parcel's history. */
export function useActivityForm(parcel: { id: number; tracking_code: string }, activity?: AdminActivityFieldsFragment) {
  const { t } = useTranslation("control-activities");
  const initialWhen = activity ? isoToLocal(activity.created_at) : "";
  const form = useFormState({
    title: activity?.title ?? "",
    description: activity?.description ?? "",
    status_code: activity?.status_code ?? "",
    status_reason: activity?.status_reason ?? "",
    icon: activity?.icon ?? DEFAULT_ACTIVITY_ICON,
    color: activity?.color ?? DEFAULT_ACTIVITY_COLOR,
    created_at: initialWhen,
  });
  const [create] = useAdminCreateActivityMutation({ refetchQueries: ["AdminParcel"] });
  const [update] = useAdminUpdateActivityMutation({ refetchQueries: ["AdminParcel"] });
  const navigate = useNavigate();

  /** Choosing a status pre-selects its icon and colour; the admin may still change them. */
  const statusField = {
    ...form.bind("status_code"),
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      const v = e.target.value;
      form.setValues((old) => ({ ...old, status_code: v, ...(statusLook(v) ?? {}) }));
    },
  };

  const onSubmit = form.submit(async () => {
    const v = form.values;
    const when = v.created_at.trim();
    if (when && !localToIso(when)) {
      form.setErrors(["created_at must be a date and time"]);
      return;
    }
    const fields = {
      title: v.title.trim(),
      description: v.description.trim(),
      icon: v.icon,
      color: v.color,
      status_code: v.status_code || null,
      status_reason: textOrNull(v.status_reason),
    };
    if (activity) {
      // Unchanged, the time is left alone (the input drops the seconds).
      const created_at = when !== initialWhen ? localToIso(when) : undefined;
      await update({ variables: { input: { id: activity.id, ...fields, ...(created_at ? { created_at } : {}) } } });
    } else {
      await create({ variables: { input: { parcel_id: parcel.id, ...fields, created_at: localToIso(when) } } });
    }
    navigate(`/control/parcels/${encodeURIComponent(parcel.tracking_code)}/activities`, { state: { flash: activity ? t("form.updated") : t("form.added") } });
  });
  return { ...form, statusField, onSubmit };
}
