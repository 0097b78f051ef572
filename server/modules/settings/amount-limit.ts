import { badInput } from "../../core/errors.js";
import { getSettings } from "./settings.service.js";

/**
 * The setting `max_amount` (contract section 10): the largest amount, in the smallest unit, that a quote, a booking, a
 * rate card or a credit limit may carry. Below the largest the columns keep (MAX_AMOUNT_MINOR, shared/core/money.ts),
 * which the inputs' own validation already refuses past.
 */
export async function maxAmount(): Promise<number> {
  return (await getSettings()).max_amount;
}

/** The fields past `limit`, as messages naming each (pure: the limit is given). */
export function pastLimit(fields: Record<string, number | null | undefined>, limit: number): string[] {
  return Object.entries(fields)
    .filter(([, v]) => typeof v === "number" && v > limit)
    .map(([name, v]) => `${name} (${v}) is past the largest amount taken (${limit}, the setting max_amount)`);
}

/** Refuses, naming each field, amounts past the setting `max_amount`. */
export async function checkMaxAmount(fields: Record<string, number | null | undefined>): Promise<void> {
  const messages = pastLimit(fields, await maxAmount());
  if (messages.length) throw badInput(messages);
}
