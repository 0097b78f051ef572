import crypto from "node:crypto";
import { readEnv } from "../../core/config.js";

export { WEBHOOK_EVENTS, type WebhookEvent } from "../../../shared/modules/webhook/webhook.codes.js";

/** The signature header's value: HMAC-SHA256 of the exact body bytes with the hook's secret. */
export const signBody = (secret: string, body: string) => `sha256=${crypto.createHmac("sha256", secret).update(body).digest("hex")}`;

/** What a receiver does to check a delivery: recompute and compare in constant time. */
export function verifySignature(secret: string, body: string, header: string | undefined): boolean {
  if (!header) return false;
  const expected = Buffer.from(signBody(secret, body));
  const given = Buffer.from(header);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

export const newSecret = () => `whsec_${crypto.randomBytes(24).toString("hex")}`;

/** Retry schedule: attempt n (1-based) failed, the next waits base * 2^(n-1), up to maxAttempts in all. */
export const retryPolicy = () => ({
  maxAttempts: readEnv("WEBHOOK_MAX_ATTEMPTS"),
  baseMs: readEnv("WEBHOOK_RETRY_BASE_MS"),
  timeoutMs: readEnv("WEBHOOK_TIMEOUT_MS"),
  pollMs: readEnv("WEBHOOK_POLL_MS"),
});
export const backoffMs = (attempt: number, baseMs: number) => baseMs * 2 ** Math.max(0, attempt - 1);
