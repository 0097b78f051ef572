import type { TFunction } from "i18next";
import { parseMoney } from "@shared/core/money";
import { callErrors } from "../../errors";
import { fmtMoney } from "../quote/money";

/**
 * Cash on delivery as typed on the booking form, in the currency's major unit ("12.50", "12,50", "1 234,50"), as the
 * exact integer of its smallest unit: blank is null (none); 0, a minus, letters or more decimals than the currency has
 * are NaN (refused in the form, never rounded: 12.505 EUR is not 12.51).
 */
export function codMinor(text: string, currency: string): number | null {
  const minor = parseMoney(text, currency, { negative: false });
  return minor === 0 ? NaN : minor;
}

/**
 * The server's refusal of cod_amount (422: "cod_amount must be a whole number ... from 1 to 500000 (the setting
 * cod_max) ...") in the visitor's language, with the largest amount as money; null when the failure is not about it.
 */
export function codRefusal(t: TFunction, error: unknown, lng: string, currency: string): string | null {
  const e = callErrors(error).find((x) => /^cod_amount\b/.test(x.message));
  if (!e) return null;
  const max = /from 1 to (\d+)/.exec(e.message)?.[1];
  return max ? t("account.codMax", { max: fmtMoney(lng, Number(max), currency) }) : t("account.codInvalid", { example: fmtMoney(lng, 1250, currency) });
}
