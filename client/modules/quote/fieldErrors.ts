import type { TFunction } from "i18next";
import { callErrors, type CallError } from "../../errors";

/**
 * A failed call's messages by the field they name: the server starts each with the field's wire name
 * (`to.postcode does not fit...`, `parcels[0].weight_kg must be...`). Those that name no field (or a
 * field the form does not show) are `general`.
 */
export interface FieldErrors {
  byField: Record<string, string>;
  general: string[];
}
export const NO_ERRORS: FieldErrors = { byField: {}, general: [] };

const FIELD = /^([a-z_]+(?:\[\d+\])?(?:\.[a-z_0-9]+(?:\[\d+\])?)*) (.+)$/;

/** The texts the visitor reads for the rules the server names most (English's words are the server's). */
const RULES: [RegExp, string][] = [
  [/^is required/, "quote.err.required"],
  [/^must be an e-mail address/, "quote.err.email"],
  [/^must be at least (\d+) characters/, "quote.err.tooShort"],
  [/^does not fit the postcode format/, "quote.err.postcode"],
  [/^must be an ISO 3166-1/, "quote.err.country"],
  [/^must be (a number|a whole number|at least|at most \d+$)/, "quote.err.number"],
];

export function fieldErrors(t: TFunction, error: unknown, shown: (field: string) => boolean): FieldErrors {
  return splitErrors(t, callErrors(error), shown);
}

export function splitErrors(t: TFunction, errors: CallError[], shown: (field: string) => boolean): FieldErrors {
  const out: FieldErrors = { byField: {}, general: [] };
  for (const e of errors) {
    const m = FIELD.exec(e.message);
    if (m && shown(m[1])) {
      const rule = RULES.find(([re]) => re.test(m[2]));
      out.byField[m[1]] ??= rule ? t(rule[1], { n: rule[0].exec(m[2])?.[1] }) : m[2];
    } else out.general.push(e.message);
  }
  return out;
}

/** A failed call's first code (FORBIDDEN, PAYMENT_REQUIRED...: the screens that treat one apart). */
export const firstCode = (e: unknown) => callErrors(e)[0]?.code ?? "";
