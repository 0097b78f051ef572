import type { TFunction } from "i18next";
import { callErrors, type CallError } from "../../errors";

/**
 * A failed call's messages by the field they name: the server starts each with the field's wire name
 * (`to.postcode does not fit...`, `parcels[0].weight_kg must be...`). Those that name no field the form
 * shows in place are `general`, with the field named as the screen labels it ("Sender – Postcode: ..."),
 * never by its wire name. One message per field.
 */
export interface FieldErrors {
  byField: Record<string, string>;
  general: string[];
}
export const NO_ERRORS: FieldErrors = { byField: {}, general: [] };

const FIELD = /^([a-z_]+(?:\[\d+\])?(?:\.[a-z_0-9]+(?:\[\d+\])?)*) (.+)$/;

/** The server's sentences that name no one field (though they start like a field's name), as the visitor reads them. */
const SENTENCES: [RegExp, string][] = [[/^email or password is incorrect$/, "quote.err.signIn"]];

/** The texts the visitor reads for the rules the server names most (English's words are the server's); a group is the text's n. */
const RULES: [RegExp, string][] = [
  [/^is required/, "quote.err.required"],
  [/^must be an e-mail address/, "quote.err.email"],
  [/^must be at least (\d+) characters/, "quote.err.tooShort"],
  [/^must be at most (\d+) characters/, "quote.err.tooLong"],
  [/^does not fit the postcode format/, "quote.err.postcode"],
  [/^must be an ISO 3166-1/, "quote.err.country"],
  [/^must be (?:a number|a whole number|at least|at most \d+$)/, "quote.err.number"],
  [/^must be a date/, "quote.err.date"],
  [/^must be a time/, "quote.err.time"],
  [/^(contains characters that are not allowed|must not contain control characters)/, "quote.err.characters"],
  [/^is already taken/, "quote.err.taken"],
  [/^is one of the most common passwords/, "quote.err.common"],
  [/^must match new_password/, "quote.err.match"],
  [/^is invalid or expired/, "quote.err.expired"],
];

/** The groups of fields the quote, booking and sign-in screens show, by wire name, and their legends. */
const GROUPS: Record<string, string> = {
  from: "quote.from",
  to: "quote.to",
  sender: "account.sender",
  recipient: "account.recipient",
  pickup: "account.pickupWindow",
  address: "account.pickupAddress",
};
/** Each field's label on those screens, by its last wire name. */
const LABELS: Record<string, string> = {
  country: "quote.country",
  postcode: "quote.postcode",
  city: "quote.city",
  weight_kg: "quote.weight",
  length_cm: "quote.length_cm",
  width_cm: "quote.width_cm",
  height_cm: "quote.height_cm",
  parcels: "quote.parcels",
  name: "account.addr.name",
  company: "account.addr.company",
  line1: "account.addr.line1",
  line2: "account.addr.line2",
  region: "account.addr.region",
  phone: "account.addr.phone",
  email: "account.addr.email",
  date: "account.date",
  from: "account.from",
  to: "account.to",
  contents: "account.contents",
  declared_value: "account.declared",
  reference: "account.reference",
  service: "account.service",
  password: "account.password",
  new_password: "account.newPassword",
  confirm_new_password: "account.confirmPassword",
  password_token: "account.token",
  token: "account.token",
  address_id: "account.pickupAddress",
  booking_ids: "account.pickupShipments",
};

/** A wire name as the screen labels it: `sender.line1` is "Sender – Street and number", `parcels[1].weight_kg` "Parcel 2 – Weight (kg)". */
export function fieldLabel(t: TFunction, field: string): string {
  const parts = field.split(".");
  return parts
    .map((part, i) => {
      const m = /^([a-z_0-9]+)(?:\[(\d+)\])?$/.exec(part);
      const name = m?.[1] ?? part;
      if (m?.[2] !== undefined && name === "parcels") return t("quote.parcelN", { n: Number(m[2]) + 1 });
      const key = i < parts.length - 1 ? GROUPS[name] : LABELS[name];
      if (key) return t(key);
      // A field no screen shows: its name in words, never with its underscores and brackets.
      const words = `${name.replace(/_/g, " ")}${m?.[2] !== undefined ? ` ${Number(m[2]) + 1}` : ""}`;
      return words.charAt(0).toUpperCase() + words.slice(1);
    })
    .join(" – ");
}

export function fieldErrors(t: TFunction, error: unknown, shown: (field: string) => boolean): FieldErrors {
  return splitErrors(t, callErrors(error), shown);
}

export function splitErrors(t: TFunction, errors: CallError[], shown: (field: string) => boolean): FieldErrors {
  const out: FieldErrors = { byField: {}, general: [] };
  const named = new Set<string>();
  for (const e of errors) {
    const sentence = SENTENCES.find(([re]) => re.test(e.message));
    const m = sentence ? null : FIELD.exec(e.message);
    if (!m) {
      out.general.push(sentence ? t(sentence[1]) : e.message);
      continue;
    }
    const [, field, rest] = m;
    // One message a field: a second one about it (a rule that follows from the first) would only contradict it.
    if (named.has(field)) continue;
    named.add(field);
    const rule = RULES.find(([re]) => re.test(rest));
    const text = rule ? t(rule[1], { n: rule[0].exec(rest)?.[1] }) : rest;
    if (shown(field)) out.byField[field] = text;
    else out.general.push(`${fieldLabel(t, field)}: ${text}`);
  }
  return out;
}

/** A failed call's first code (FORBIDDEN, PAYMENT_REQUIRED...: the screens that treat one apart). */
export const firstCode = (e: unknown) => callErrors(e)[0]?.code ?? "";
