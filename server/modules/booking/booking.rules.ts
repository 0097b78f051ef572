import crypto from "node:crypto";

/**
 * A booking's decisions (api-contract section 10) as pure functions: no database, no clock. The
 * service reads what they need (the earlier booking of a key, the shipper's limit and balance, inside
 * the transaction that holds the shipper) and acts on the answer.
 */

/** An Idempotency-Key: 1 to 200 visible ASCII characters. */
const KEY = /^[\x21-\x7e]{1,200}$/;

/** Why an Idempotency-Key header is refused, or null (none given, or a good one). */
export function idempotencyKeyError(key: string | undefined): string | null {
  return key === undefined || KEY.test(key) ? null : "Idempotency-Key must be 1 to 200 visible ASCII characters";
}

/** The same body (key order aside) gives the same hash. */
export function bodyHash(raw: unknown): string {
  const stable = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(stable)
      : v && typeof v === "object"
        ? Object.fromEntries(
            Object.keys(v as object)
              .sort()
              .map((k) => [k, stable((v as Record<string, unknown>)[k])]),
          )
        : v;
  return crypto
    .createHash("sha256")
    .update(JSON.stringify(stable(raw)))
    .digest("hex");
}

/**
 * What a booking with an Idempotency-Key does, given the shipper's earlier booking with that key (null:
 * none): `book` a new one, `replay` the earlier (the same body), or `conflict` (another body: 409).
 */
export function idempotencyDecision(earlier: { request_hash: string } | null, hash: string): "book" | "replay" | "conflict" {
  if (!earlier) return "book";
  return earlier.request_hash === hash ? "replay" : "conflict";
}

export const IDEMPOTENCY_CONFLICT = "Idempotency-Key was used with a different body: use a new key for a new booking";

/**
 * The credit limit: null when the booking may go (no limit, or the unpaid balance plus this booking
 * at most the limit), else the 402's message. Amounts in the currency's smallest unit.
 */
export function creditLimitError(limit: number | null, balance: number, amount: number, currency: string): string | null {
  if (limit === null || balance + amount <= limit) return null;
  return `This booking (${amount}) and the unpaid balance (${balance}) would pass the credit limit (${limit}, ${currency} in its smallest unit): pay the open statements or ask us to raise it`;
}
