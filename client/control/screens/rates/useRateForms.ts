import {
  useAdminCreateServiceMutation,
  useAdminCreateZoneMutation,
  useAdminUpdateServiceMutation,
  useAdminUpdateZoneMutation,
  type AdminServiceFieldsFragment,
  type AdminZonesQuery,
} from "../../../generated/graphql";
import { useTranslation } from "react-i18next";
import { useFormState } from "../../hooks/useFormState";
import { numberOrNull, str } from "../../hooks/values";

type Zone = AdminZonesQuery["zones"][number];

/** "de, AT ch" -> ["DE", "AT", "CH"]: a list typed with commas or spaces. */
export const listOf = (s: string, upper = false) =>
  s
    .split(/[\s,;]+/)
    .map((x) => (upper ? x.toUpperCase() : x))
    .filter(Boolean);

/**
 * A row's form (a zone, a service): the typed values of `row`, or blank for a new one; on submit `input` of them is
 * saved over the row, or added and the form blanked; the form then closes and the flash names the row.
 */
function useRowForm<V extends Record<string, string>, I>(o: {
  row: { id: number } | null;
  values: V | null;
  blank: V;
  input: (v: V) => I;
  create: (input: I) => Promise<unknown>;
  update: (id: number, input: I) => Promise<unknown>;
  done: () => void;
  flash: (input: I, saved: boolean) => string;
}) {
  const form = useFormState(o.values ?? o.blank);
  const onSubmit = form.submit(async () => {
    const input = o.input(form.values);
    if (o.row) await o.update(o.row.id, input);
    else {
      await o.create(input);
      form.setValues(o.blank);
    }
    o.done();
    return o.flash(input, o.row !== null);
  });
  return { ...form, onSubmit };
}

/** A zone's name, countries and postcode entries (prefixes such as 10, ranges such as 1000-1999). */
export function useZoneForm(zone: Zone | null, done: () => void) {
  const [create] = useAdminCreateZoneMutation({ refetchQueries: ["AdminZones"] });
  const [update] = useAdminUpdateZoneMutation({ refetchQueries: ["AdminRateCards"] });
  const { t } = useTranslation("control-rates");
  return useRowForm({
    row: zone,
    values: zone && { name: zone.name, countries: zone.countries.join(", "), postcodes: zone.postcodes.join(", ") },
    blank: { name: "", countries: "", postcodes: "" },
    input: (v) => ({ name: v.name.trim(), countries: listOf(v.countries, true), postcodes: listOf(v.postcodes) }),
    create: (input) => create({ variables: { input } }),
    update: (id, input) => update({ variables: { id, input } }),
    done,
    flash: (input, saved) => t(saved ? "zones.saved" : "zones.added", { name: input.name }),
  });
}

/** A service: code, name, transit days, the day's cutoff, the volumetric divisor, active. */
export function useServiceForm(s: AdminServiceFieldsFragment | null, done: () => void) {
  const [create] = useAdminCreateServiceMutation({ refetchQueries: ["AdminServices"] });
  const [update] = useAdminUpdateServiceMutation();
  const { t } = useTranslation("control-rates");
  return useRowForm({
    row: s,
    values: s && {
      code: s.code,
      name: s.name,
      transit_days_min: str(s.transit_days_min),
      transit_days_max: str(s.transit_days_max),
      cutoff: s.cutoff,
      volumetric_divisor: str(s.volumetric_divisor),
      active: s.active ? "true" : "false",
    },
    blank: { code: "", name: "", transit_days_min: "1", transit_days_max: "2", cutoff: "17:00", volumetric_divisor: "5000", active: "true" },
    input: (v) => ({
      code: v.code.trim(),
      name: v.name.trim(),
      transit_days_min: numberOrNull(v.transit_days_min),
      transit_days_max: numberOrNull(v.transit_days_max),
      cutoff: v.cutoff,
      volumetric_divisor: numberOrNull(v.volumetric_divisor),
      active: v.active === "true",
    }),
    create: (input) => create({ variables: { input } }),
    update: (id, input) => update({ variables: { id, input } }),
    done,
    flash: (input, saved) => t(saved ? "services.saved" : "services.added", { code: input.code }),
  });
}
