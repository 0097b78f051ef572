import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/max";

/**
 * A recipient's number in E.164 (`+` and digits), or null when it cannot be read as a valid number.
 * A national number ("030 1234567") is read with the recipient address's country (ISO 3166 alpha-2);
 * a number with its `+` or `00` prefix needs none.
 */
export function toE164(raw: string | null | undefined, country?: string | null): string | null {
  const text = (raw ?? "").trim();
  if (!text) return null;
  const international = text.replace(/^00(?=[1-9])/, "+");
  const region = country && /^[A-Za-z]{2}$/.test(country) ? (country.toUpperCase() as CountryCode) : undefined;
  const parsed = parsePhoneNumberFromString(international, region ? { defaultCountry: region } : undefined);
  return parsed && parsed.isValid() ? parsed.number : null;
}

/** The country of a parcel's stored recipient address (JSON text of address.rules' Address), if any. */
export function addressCountry(stored: string | null | undefined): string | null {
  if (!stored) return null;
  try {
    const a = JSON.parse(stored) as { country?: unknown };
    return typeof a.country === "string" ? a.country : null;
  } catch {
    return null;
  }
}
