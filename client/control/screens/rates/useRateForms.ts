import {
  useAdminCreateServiceMutation,
  useAdminCreateZoneMutation,
  useAdminUpdateServiceMutation,
  useAdminUpdateZoneMutation,
  type AdminServiceFieldsFragment,
  type AdminZonesQuery,
} from "../../../generated/graphql";
import { useFormState } from "../../hooks/useFormState";
import { numberOrNull, str } from "../../hooks/values";

type Zone = AdminZonesQuery["zones"][number];

/** "de, AT ch" -> ["DE", "AT", "CH"]: a list typed with commas or spaces. */
export const listOf = (s: string, upper = false) =>
  s
    .split(/[\s,;]+/)
    .map((x) => (upper ? x.toUpperCase() : x))
    .filter(Boolean);

/** A zone's name, countries and postcode entries (prefixes such as 10, ranges such as 1000-1999). */
export function useZoneForm(zone: Zone | null, done: () => void) {
  const blank = { name: "", countries: "", postcodes: "" };
  const form = useFormState(zone ? { name: zone.name, countries: zone.countries.join(", "), postcodes: zone.postcodes.join(", ") } : blank);
  const [create] = useAdminCreateZoneMutation({ refetchQueries: ["AdminZones"] });
  const [update] = useAdminUpdateZoneMutation({ refetchQueries: ["AdminRateCards"] });
  const onSubmit = form.submit(async () => {
    const v = form.values;
    const input = { name: v.name.trim(), countries: listOf(v.countries, true), postcodes: listOf(v.postcodes) };
    if (zone) await update({ variables: { id: zone.id, input } });
    else {
      await create({ variables: { input } });
      form.setValues(blank);
    }
    done();
    return zone ? `Zone ${input.name} saved` : `Zone ${input.name} added`;
  });
  return { ...form, onSubmit };
}

/** A service: code, name, transit days, the day's cutoff, the volumetric divisor, active. */
export function useServiceForm(s: AdminServiceFieldsFragment | null, done: () => void) {
  const blank = { code: "", name: "", transit_days_min: "1", transit_days_max: "2", cutoff: "17:00", volumetric_divisor: "5000", active: "true" };
  const form = useFormState(
    s
      ? {
          code: s.code,
          name: s.name,
          transit_days_min: str(s.transit_days_min),
          transit_days_max: str(s.transit_days_max),
          cutoff: s.cutoff,
          volumetric_divisor: str(s.volumetric_divisor),
          active: s.active ? "true" : "false",
        }
      : blank,
  );
  const [create] = useAdminCreateServiceMutation({ refetchQueries: ["AdminServices"] });
  const [update] = useAdminUpdateServiceMutation();
  const onSubmit = form.submit(async () => {
    const v = form.values;
    const input = {
      code: v.code.trim(),
      name: v.name.trim(),
      transit_days_min: numberOrNull(v.transit_days_min),
      transit_days_max: numberOrNull(v.transit_days_max),
      cutoff: v.cutoff,
      volumetric_divisor: numberOrNull(v.volumetric_divisor),
      active: v.active === "true",
    };
    if (s) await update({ variables: { id: s.id, input } });
    else {
      await create({ variables: { input } });
      form.setValues(blank);
    }
    done();
    return s ? `Service ${input.code} saved` : `Service ${input.code} added`;
  });
  return { ...form, onSubmit };
}
