import { AppError, badInput } from "../../core/errors.js";
import { validated } from "../../core/validation.js";
import { addressLine, located, toAddress, type Address } from "./address.rules.js";
import { AddressInput } from "./address.type.js";
import { addressCountry, toE164 } from "../message/phone.js";

/**
 * A parcel's structured addresses (section 10): when a parcel carries recipient_address or
 * sender_address, destination and pickup_location are written from them, with the map's
 * coordinates (exact, or the city's from the gazetteer) and the contact fields the parcel already
 * has (recipient e-mail, phone and postcode; sender name and e-mail) where those are not given.
 */
export async function parcelAddressFields(
  input: Record<string, unknown>,
  existing?: { map_destination_latitude: number | null; map_destination_longitude: number | null; recipient_address?: string | null },
): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const errors: string[] = [];
  const read = async (field: "recipient_address" | "sender_address") => {
    const v = input[field];
    if (v === undefined) return undefined;
    if (v === null) return null;
    if (typeof v !== "object" || Array.isArray(v)) return void errors.push(`${field} must be an object`);
    let a: Address;
    try {
      a = toAddress(await validated(AddressInput, v, field));
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      return void errors.push(...e.messages);
    }
    // An address placed at its city already (a booking's, the address book's) keeps saying so.
    if ((v as { located?: unknown }).located === "city" && a.latitude !== null) return { ...a, located: "city" as const };
    return located(a);
  };
  const [to, from] = [await read("recipient_address"), await read("sender_address")];
  if (errors.length) throw badInput(errors);
  const unset = (k: string) => input[k] === undefined || input[k] === null || input[k] === "";
  if (!to) Object.assign(out, pointLocated(input, existing));
  if (to === null) out.recipient_address = null;
  if (to) {
    Object.assign(out, recipientFields(to));
    for (const [k, v] of [
      ["recipient_email", to.email],
      ["recipient_phone_number", to.phone],
      ["recipient_postcode", to.postcode],
    ] as const)
      if (v && unset(k)) out[k] = v;
  }
  // The recipient's number in E.164 (contract section 13: what SMS and WhatsApp are sent to), a national one
  // read with the recipient address's country (the one given now, else the parcel's). Only a number given now
  // is read: numbers kept from before stay as they are (the messages read them when they send).
  const phone = out.recipient_phone_number ?? input.recipient_phone_number;
  if (typeof phone === "string" && phone.trim()) {
    const country = to ? to.country : to === null ? null : addressCountry(existing?.recipient_address);
    const e164 = toE164(phone, country);
    if (!e164)
      throw badInput(
        country
          ? `recipient_phone_number must be a phone number: with its country code (+...) or as dialled in the recipient address's country (${country})`
          : "recipient_phone_number must be a phone number with its country code (+...), or give recipient_address with its country",
      );
    out.recipient_phone_number = e164;
  }
  if (from === null) out.sender_address = null;
  if (from) {
    Object.assign(out, senderFields(from));
    if (unset("sender_name")) out.sender_name = from.company || from.name;
    if (from.email && unset("sender_email")) out.sender_email = from.email;
  }
  return out;
}

/**
 * How a destination point given by itself was found (destination_located): as the call says (city: placed at
 * its city, the address search's gazetteer answer), else unchanged when the point is the parcel's already (a
 * form that sends every field), else exact; a point cleared has none.
 */
function pointLocated(
  input: Record<string, unknown>,
  existing?: { map_destination_latitude: number | null; map_destination_longitude: number | null },
): { destination_located?: "exact" | "city" | null } {
  const lat = input.map_destination_latitude;
  if (lat === undefined) return {};
  if (lat === null || lat === "") return { destination_located: null };
  if (input.destination_located === "city" || input.destination_located === "exact") return { destination_located: input.destination_located };
  if (existing && existing.map_destination_latitude === lat && existing.map_destination_longitude === input.map_destination_longitude) return {};
  return { destination_located: "exact" };
}

export const recipientFields = (a: Address) => ({
  recipient_address: JSON.stringify(a),
  destination: addressLine(a),
  map_destination_latitude: a.latitude,
  map_destination_longitude: a.longitude,
  destination_located: a.located,
});

export const senderFields = (a: Address) => ({
  sender_address: JSON.stringify(a),
  pickup_location: addressLine(a),
  map_pickup_latitude: a.latitude,
  map_pickup_longitude: a.longitude,
});
