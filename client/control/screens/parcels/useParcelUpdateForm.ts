import { useNavigate } from "react-router-dom";
import { useAdminUpdateParcelMutation, type AdminParcelQuery, type UpdateParcelInput } from "../../../generated/graphql";
import { useFormState } from "../../hooks/useFormState";
import { useTranslation } from "react-i18next";
import { inputOf, valuesOf, zoomError, type ParcelValues } from "./parcelFields";
import { NS } from "./cod";

type Parcel = AdminParcelQuery["adminParcel"];

/**
 * Edits the given fields of a parcel (all of them, or the map's), then back to its detail page; `extra` adds to what is
 * sent, `check` may stop the sending (false: the screen shows why).
 */
export function useParcelUpdateForm(
  parcel: Parcel,
  fields: readonly (keyof ParcelValues)[],
  flash: string,
  extra?: () => Partial<UpdateParcelInput>,
  check?: () => boolean,
) {
  const { t } = useTranslation(NS);
  const all = valuesOf(parcel);
  const form = useFormState(Object.fromEntries(fields.map((f) => [f, all[f]])) as Partial<ParcelValues> as Record<string, string>);
  const [update] = useAdminUpdateParcelMutation();
  const navigate = useNavigate();
  const onSubmit = form.submit(async () => {
    if ("map_zoom" in form.values) {
      const e = zoomError(t, form.values.map_zoom);
      if (e) {
        form.setErrors([e]);
        return;
      }
    }
    if (check && !check()) return;
    const { data } = await update({ variables: { input: { ...inputOf(parcel.id, form.values), ...extra?.() } } });
    const code = data?.updateParcel.tracking_code ?? parcel.tracking_code;
    navigate(`/control/parcels/${encodeURIComponent(code)}`, { state: { flash } });
  });
  return { ...form, onSubmit };
}
