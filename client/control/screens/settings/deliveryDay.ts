// The Delivery day screen's words and checks, without React (DeliveryDaySettings.tsx, its form hook, the Dispatch board).
import type { TFunction } from "i18next";
import { DISPATCH_LIMITS, DISPATCH_SETTING_KEYS, type DispatchSettingKey } from "@shared/modules/settings/settings.codes";
import { number } from "../../time";
import type { Point } from "./DepotMap";

/** Where the screen is (Settings links here, and so does the Dispatch board while no depot is set). */
export const DELIVERY_DAY_PATH = "/control/settings/delivery-day";

/** The settings screens' texts (client/i18n/locales/control/control-settings/<code>.json). */
export const SETTINGS_NS = "control-settings";

/**
 * The screen's label of each delivery-day setting, in the language: the fields show them, and every message naming a
 * field (the server's, by its wire name, or the form's own) names it so. The numbers' ranges and units are
 * DISPATCH_LIMITS (shared with the server's validation).
 */
export const deliveryDayLabel = (t: TFunction, key: DispatchSettingKey) => t(`dd.label.${key}`);

/** A limit's unit in the language ("minutes", "stops"; km/h as the language writes it). */
/** A limit as the language writes it, without grouping (1440 minutes, not 1,440). */
const limit = (n: number) => number(n, { useGrouping: false });

const unitOf = (t: TFunction, unit: string) => (unit === "km/h" ? t("dd.unit.kmh") : unit ? t(`dd.unit.${unit}`, { defaultValue: unit }) : "");

/** "From 1 to 200 km/h.": a number's range, in the language. */
export function rangeText(t: TFunction, key: DispatchSettingKey): string {
  const l = DISPATCH_LIMITS[key];
  const values = { min: limit(l.min), max: limit(l.max), unit: unitOf(t, l.unit) };
  return t(l.unit ? (l.whole ? "dd.rangeUnitWhole" : "dd.rangeUnit") : l.whole ? "dd.rangeWhole" : "dd.range", values);
}

/** The text of a field as a number: null when blank, NaN when it is not one. */
export const numberOf = (v: string) => (v.trim() === "" ? null : Number(v.trim().replace(",", ".")));

/** The depot the fields hold now, or null (blank, or not a place). */
export function depotOf(values: { depot_latitude: string; depot_longitude: string }): Point | null {
  const latitude = numberOf(values.depot_latitude);
  const longitude = numberOf(values.depot_longitude);
  if (latitude === null || longitude === null || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  return Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180 ? { latitude, longitude } : null;
}

/**
 * Refusals the form can tell before asking the server: blank or not a number (wire names: the screen shows
 * them labelled, in the language). Ranges are the server's to refuse, with the same message the API gives.
 */
export function problemsOf(values: Record<DispatchSettingKey, string>): string[] {
  const problems: string[] = [];
  const lat = values.depot_latitude.trim();
  const lng = values.depot_longitude.trim();
  if (!lat && lng) problems.push("depot_latitude is required with depot_longitude");
  if (lat && !lng) problems.push("depot_longitude is required with depot_latitude");
  for (const k of DISPATCH_SETTING_KEYS) {
    const n = numberOf(values[k]);
    const depot = k === "depot_latitude" || k === "depot_longitude";
    if (n === null && !depot) problems.push(`${k} is required`);
    else if (n !== null && !Number.isFinite(n)) {
      const l = DISPATCH_LIMITS[k];
      problems.push(`${k} must be ${l.whole ? "a whole number" : "a number"}`);
    }
  }
  return problems;
}
