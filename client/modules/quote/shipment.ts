import type { ParcelDimsInput, PlaceInput } from "../../generated/shipper";

/** A quote's place as typed (strings), and a parcel's row. */
export interface PlaceDraft {
  country: string;
  postcode: string;
  city: string;
}
export interface ParcelDraft {
  weight_kg: string;
  length_cm: string;
  width_cm: string;
  height_cm: string;
}
export const EMPTY_PARCEL: ParcelDraft = { weight_kg: "", length_cm: "", width_cm: "", height_cm: "" };

const num = (s: string): number | null => {
  const t = s.trim().replace(",", ".");
  return t === "" ? null : Number(t);
};
const opt = (s: string) => s.trim() || null;

export const placeInput = (p: PlaceDraft): PlaceInput => ({ country: p.country, postcode: opt(p.postcode), city: opt(p.city) });

/** The parcels on the wire: an empty weight is 0, so the server names the field; a typed non-number is NaN, sent as null. */
export const parcelsInput = (rows: ParcelDraft[]): ParcelDimsInput[] =>
  rows.map((r) => {
    const n = (s: string) => {
      const v = num(s);
      return v === null || Number.isNaN(v) ? null : v;
    };
    return { weight_kg: n(r.weight_kg) ?? 0, length_cm: n(r.length_cm), width_cm: n(r.width_cm), height_cm: n(r.height_cm) };
  });

/** Whether every row has a positive weight (the live quote waits for one). */
export const parcelsReady = (rows: ParcelDraft[]) => rows.length > 0 && rows.every((r) => (num(r.weight_kg) ?? 0) > 0);
