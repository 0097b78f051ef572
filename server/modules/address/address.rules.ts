import { createRequire } from "node:module";
import { postcodeValidator, postcodeValidatorExistsForCountry } from "postcode-validator";
import { MAX_TEXT } from "../../../shared/core/lengths.codes.js";
import { normalCity, placeAtCity } from "./gazetteer.js";

/**
 * Structured addresses (api-contract section 10): checked field by field with messages that name
 * the field under its prefix (`sender.country`), placed at their city by the offline gazetteer when
 * they carry no coordinates. Addresses are stored as JSON text (Parcel.recipient_address, the
 * address book, pickups).
 */

export interface Address {
  name: string;
  company: string | null;
  line1: string;
  line2: string | null;
  city: string;
  postcode: string | null;
  region: string | null;
  country: string;
  phone: string | null;
  email: string | null;
  latitude: number | null;
  longitude: number | null;
  /** exact: the coordinates were given; city: placed at its city by the gazetteer; null: unplaced. */
  located: "exact" | "city" | null;
}

/** A place of a quote: the country, and the postcode and city when known. */
export interface Place {
  country: string;
  postcode: string | null;
  city: string | null;
}

const require = createRequire(import.meta.url);
let countries: { isValid(c: string): boolean; getName(c: string, lang: string): string | undefined } | undefined;
/** ISO 3166-1 (i18n-iso-countries), English names only (loaded on first use). */
function iso() {
  if (!countries) {
    const lib = require("i18n-iso-countries/index.js");
    lib.registerLocale(require("i18n-iso-countries/langs/en.json"));
    countries = lib;
  }
  return countries!;
}

export const isCountry = (c: string) => /^[A-Z]{2}$/.test(c) && iso().isValid(c);
export const countryName = (c: string) => iso().getName(c, "en") ?? c;

/** Whether the postcode fits the country's format, where postcode-validator knows it (else any postcode is taken). */
export function postcodeFits(postcode: string, country: string): boolean {
  if (!postcodeValidatorExistsForCountry(country)) return true;
  try {
    return postcodeValidator(postcode, country);
  } catch {
    return true;
  }
}

type Raw = Record<string, unknown>;

export const asObject = (raw: unknown): Raw => (raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as Raw) : {});

/** What a client's address (validated, AddressInput) is stored as: texts trimmed, blanks null, country upper case. */
export function toAddress(i: AddressFields): Address {
  const t = (v: string | null | undefined) => (typeof v === "string" && v.trim() ? v.trim() : null);
  const n = (v: number | null | undefined) => (typeof v === "number" ? v : null);
  const latitude = n(i.latitude);
  return {
    name: t(i.name) ?? "",
    company: t(i.company),
    line1: t(i.line1) ?? "",
    line2: t(i.line2),
    city: t(i.city) ?? "",
    postcode: t(i.postcode),
    region: t(i.region),
    country: (t(i.country) ?? "").toUpperCase(),
    phone: t(i.phone),
    email: t(i.email),
    latitude,
    longitude: n(i.longitude),
    located: latitude !== null ? "exact" : null,
  };
}
/** The fields of an AddressInput (address.type.ts), as a plain shape. */
export type AddressFields = { [K in Exclude<keyof Address, "located">]?: Address[K] | undefined };

/** The address placed at its city when it has no coordinates (the gazetteer; no network). */
export async function located(a: Address): Promise<Address> {
  if (a.latitude !== null && a.longitude !== null) return { ...a, located: "exact" };
  const at = await placeAtCity(a.country, a.city);
  return at ? { ...a, latitude: at.latitude, longitude: at.longitude, located: "city" } : { ...a, located: null };
}

/**
 * Whether two addresses are the same place for a courier: country, postcode, city and street line
 * alike, case, accents, spacing and punctuation aside. The name, company, contact and line2 (a floor, a
 * courtyard of the same building) may differ.
 */
export function samePlace(a: Address, b: Address): boolean {
  const key = (x: Address) => [x.country, (x.postcode ?? "").toUpperCase().replace(/[\s-]/g, ""), normalCity(x.city), normalCity(x.line1)].join("|");
  return key(a) === key(b);
}

/** One line for destination / pickup_location: street, postcode and city, region, country's name. */
export function addressLine(a: Address): string {
  const town = [a.postcode, a.city].filter(Boolean).join(" ");
  return [a.company, a.line1, a.line2, town, a.region, countryName(a.country)].filter(Boolean).join(", ").slice(0, MAX_TEXT);
}

/** What the privacy tier shows of an address: its city and country only. */
export const publicPlace = (a: Address | null) => (a ? { city: a.city, country: a.country } : null);

export const parseAddress = (json: string | null | undefined): Address | null => {
  if (!json) return null;
  try {
    return JSON.parse(json) as Address;
  } catch {
    return null;
  }
};
