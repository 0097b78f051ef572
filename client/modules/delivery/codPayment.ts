// Cash on delivery at the door (contract section 12): what the courier types as the amount taken, read into an
// integer of the currency's smallest unit from its decimal text (never through a float of the major unit), and the
// payment a delivery carries. The server's refusals (a 422 or a scan's COD_REFUSED) are read back into the words of
// the form (codRefusals) so they name its fields as they are labelled.
import { majorText, parseMoney } from "@shared/core/money";
import { COD_REFERENCE_MAX, type CodMethod } from "@shared/modules/cod/cod.codes";
import { paymentProblems, type CodPayment } from "@shared/modules/cod/cod.rules";

/** What is due at the door: an integer of the smallest unit and its currency. */
export interface CodDue {
  amount: number;
  currency: string;
}

/** The payment part of a delivery form, as typed. */
export interface PaymentDraft {
  amount: string;
  method: CodMethod;
  reference: string;
}

// Arabic-Indic (٠-٩) and Persian (۰-۹) digits, and the Arabic decimal and thousands marks, as an Arabic or Persian
// keyboard types them.
const EASTERN_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;
const latin = (text: string) =>
  text
    .replace(EASTERN_DIGITS, (d) => String((d.codePointAt(0)! - 0x0660) % 0x90))
    .replace(/\u066B/g, ".")
    .replace(/\u066C/g, ",");

/** What was typed, read: the amount in the smallest unit, or why it is not one. */
export type AmountRead = { amount: number } | { problem: "blank" | "invalid" | "zero" };

/**
 * The amount typed, in the smallest unit: "12.50", "12,50", "1 234,50", "1,234.50", "١٢٫٥٠" EUR -> 1250 / 123450;
 * blank, letters, a minus, more decimals than the currency has or an amount beyond the money columns: its problem.
 */
export function readAmount(text: string, currency: string): AmountRead {
  const minor = parseMoney(latin(text), currency, { negative: false });
  if (minor === null) return { problem: "blank" };
  if (Number.isNaN(minor)) return { problem: "invalid" };
  if (minor === 0) return { problem: "zero" };
  return { amount: minor };
}

/** The decimal mark of a language ("," for de, "." for en), Latin digits kept. */
function decimalMark(locale: string): string {
  try {
    const mark = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === "decimal")?.value ?? ".";
    return mark === "," || mark === "\u066B" ? mark : ".";
  } catch {
    return ".";
  }
}

/** The amount due as the amount field's first text, in the member's language's decimal mark: 1250 EUR "de" -> "12,50". */
export function amountText(due: CodDue, locale: string): string {
  const text = majorText(due.amount, due.currency);
  return text.includes(".") ? text.replace(".", decimalMark(locale)) : text;
}

/** A fresh payment for an amount due: the amount prefilled, cash. */
export const draftFor = (due: CodDue, locale: string): PaymentDraft => ({ amount: amountText(due, locale), method: "cash", reference: "" });

/** What the form refuses before sending, each naming its field. */
export type DraftProblem =
  | { field: "amount"; problem: "blank" | "invalid" | "zero" }
  | { field: "reference"; problem: "required" | "tooLong" }
  | { field: "amount"; problem: "different"; due: CodDue };

/**
 * The payment to send, or what is wrong with the draft. `strict` (a delivery that waits on the phone, where no server
 * answers at the door) also refuses an amount other than the one due, by the server's own rule (paymentProblems).
 */
export function paymentOf(draft: PaymentDraft, due: CodDue, strict = false): { payment: CodPayment } | { problems: DraftProblem[] } {
  const problems: DraftProblem[] = [];
  const read = readAmount(draft.amount, due.currency);
  if ("problem" in read) problems.push({ field: "amount", problem: read.problem });
  const reference = draft.reference.trim();
  if (draft.method === "card" && !reference) problems.push({ field: "reference", problem: "required" });
  if (reference.length > COD_REFERENCE_MAX) problems.push({ field: "reference", problem: "tooLong" });
  if (problems.length || !("amount" in read)) return { problems };
  const payment: CodPayment = { amount: read.amount, method: draft.method, ...(draft.method === "card" ? { reference } : {}) };
  if (strict && paymentProblems(due, payment).some((m) => m.startsWith("cod.amount "))) return { problems: [{ field: "amount", problem: "different", due }] };
  return { payment };
}

/** A refusal of the server about the payment, read: which field, what, and the amounts it names. */
export type Refusal =
  | { field: "cod"; problem: "required"; due: CodDue | null }
  | { field: "amount"; problem: "different"; due: CodDue | null }
  | { field: "reference"; problem: "required" | "tooLong" }
  | { field: "method"; problem: "invalid" }
  | { field: null; message: string };

const dueOf = (text: string | undefined, currency: string | undefined): CodDue | null => {
  if (!text || !currency) return null;
  const amount = parseMoney(text, currency);
  return amount === null || Number.isNaN(amount) ? null : { amount, currency };
};

/**
 * The server's messages about a delivery's `cod` (a proof's 422, a scan's COD_REFUSED joined by "; "), read into
 * refusals the form words in the member's language; a message about something else is kept as it is.
 */
export function codRefusals(messages: string | string[]): Refusal[] {
  const all = (Array.isArray(messages) ? messages : [messages]).flatMap((m) => m.split(/;\s+(?=cod\b)/));
  return all.map((message): Refusal => {
    let m = /^cod is required: collect (\S+) ([A-Z]{3}) before delivering/.exec(message);
    if (m) return { field: "cod", problem: "required", due: dueOf(m[1], m[2]) };
    m = /^cod\.amount must be \d+ \((\S+) ([A-Z]{3})/.exec(message);
    if (m) return { field: "amount", problem: "different", due: dueOf(m[1], m[2]) };
    if (/^cod\.reference is required/.test(message)) return { field: "reference", problem: "required" };
    if (/^cod\.reference must be at most/.test(message)) return { field: "reference", problem: "tooLong" };
    if (/^cod\.method must be/.test(message)) return { field: "method", problem: "invalid" };
    // The scan screen's own wording when the server's message is missing.
    if (/^cod: the amount due must be collected/.test(message)) return { field: "cod", problem: "required", due: null };
    return { field: null, message };
  });
}

/** The member's words for a refusal of the form and of the server (CodPayment.tsx usePaymentWords). */
export interface PaymentWords {
  problem(p: DraftProblem): string;
  refusal(r: Refusal): string;
}

/** Whether a server's refusal is about the payment (the form should ask for it). */
export const isCodRefusal = (messages: string | string[]) => codRefusals(messages).some((r) => r.field !== null);
