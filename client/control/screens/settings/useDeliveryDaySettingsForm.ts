import { useTranslation } from "react-i18next";
import { useCallback } from "react";
import { useAdminUpdateDispatchSettingsMutation, type AdminSettingsQuery } from "../../../generated/graphql";
import type { DispatchSettingKey } from "@shared/modules/settings/settings.codes";
import { useFormState } from "../../hooks/useFormState";
import type { Point } from "./DepotMap";
import { numberOf, problemsOf, SETTINGS_NS } from "./deliveryDay";

const text = (n: number | null | undefined) => (n === null || n === undefined ? "" : String(n));

type Settings = AdminSettingsQuery["adminSettings"];

export function useDeliveryDaySettingsForm(s: Settings) {
  const { t } = useTranslation(SETTINGS_NS);
  const form = useFormState({
    depot_latitude: text(s.depot_latitude),
    depot_longitude: text(s.depot_longitude),
    courier_speed_kmh: text(s.courier_speed_kmh),
    stop_minutes: text(s.stop_minutes),
    notify_stops_before: text(s.notify_stops_before),
    delivery_window_minutes: text(s.delivery_window_minutes),
  });
  const { setValues } = form;
  const [save] = useAdminUpdateDispatchSettingsMutation({ refetchQueries: ["AdminSettings"] });
  /** The map's click or drag: both fields at once. */
  const place = useCallback(
    (p: Point) => setValues((old) => ({ ...old, depot_latitude: String(p.latitude), depot_longitude: String(p.longitude) })),
    [setValues],
  );
  const onSubmit = form.submit(async () => {
    const v = form.values;
    const problems = problemsOf(v);
    if (problems.length) {
      form.setErrors(problems);
      return;
    }
    const n = (k: DispatchSettingKey) => numberOf(v[k]);
    await save({
      variables: {
        input: {
          // Both blank: no depot (runs then need a start of their own).
          depot_latitude: n("depot_latitude"),
          depot_longitude: n("depot_longitude"),
          courier_speed_kmh: n("courier_speed_kmh"),
          stop_minutes: n("stop_minutes"),
          notify_stops_before: n("notify_stops_before"),
          delivery_window_minutes: n("delivery_window_minutes"),
        },
      },
    });
    return t("dd.saved");
  });
  return { ...form, place, onSubmit };
}
