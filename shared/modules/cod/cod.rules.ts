// Cash on delivery's rules that both sides read (contract section 12): pure functions, no Node or browser APIs.
import { majorText } from "../../core/money.js";
import { COD_METHODS, COD_REFERENCE_MAX, type CodStatus } from "./cod.codes.js";

/** "12.50 EUR": an amount as the refusals and the run screen write it (the exact decimal text and the code). */
export const codText = (amount: number, currency: string) => `${majorText(amount, currency)} ${currency}`;

/** What a delivery without the payment is told: "collect 12.50 EUR before delivering". */
export const collectFirst = (amount: number, currency: string) => `collect ${codText(amount, currency)} before delivering`;

/** The parcel statuses after which cod_amount can no longer be changed or removed (409). */
export const COD_LOCKED_STATUSES = ["out_for_delivery", "delivered", "returned_to_sender", "cancelled"] as const;
/** The parcel statuses that void an amount not yet collected. */
export const COD_VOIDING_STATUSES = ["cancelled", "returned_to_sender"] as const;
/** The collection statuses where money was taken: nothing about the amount changes any more. */
export const COD_TAKEN: readonly CodStatus[] = ["collected", "handed_over", "settled", "remitted"];

/** The payment a delivery carries: { amount, method, reference? }. */
export interface CodPayment {
  amount: number;
  method: string;
  reference?: string | null;
}

/**
 * What is wrong with the payment a delivery carries for an amount due, each message naming its field
 * (`cod`, `cod.amount`, `cod.method`, `cod.reference`); empty when it may be taken.
 */
export function paymentProblems(due: { amount: number; currency: string }, payment: CodPayment | null | undefined): string[] {
  if (!payment) return [`cod is required: ${collectFirst(due.amount, due.currency)}`];
  const out: string[] = [];
  if (!(COD_METHODS as readonly string[]).includes(payment.method)) out.push(`cod.method must be ${COD_METHODS.join(" or ")}`);
  if (payment.amount !== due.amount)
    out.push(`cod.amount must be ${due.amount} (${codText(due.amount, due.currency)}, the amount due): ${collectFirst(due.amount, due.currency)}`);
  const reference = payment.reference?.trim() ?? "";
  if (payment.method === "card" && !reference) out.push("cod.reference is required for card: the card terminal's receipt number");
  if (reference.length > COD_REFERENCE_MAX) out.push(`cod.reference must be at most ${COD_REFERENCE_MAX} characters`);
  return out;
}

/** The public view's cod_due: the amount while it is still to be collected (a parcel neither delivered, cancelled nor returned). */
export function codDueOf(row: { cod_amount: number | null; cod_currency: string | null; status_code: string | null }) {
  if (row.cod_amount == null || !row.cod_currency) return null;
  if (row.status_code === "delivered" || (COD_VOIDING_STATUSES as readonly string[]).includes(row.status_code ?? "")) return null;
  return { amount: row.cod_amount, currency: row.cod_currency };
}
