import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { backoffMs, newSecret, signBody, verifySignature } from "./webhook.rules.js";

describe("webhook signatures", () => {
  it("is sha256= and the hex HMAC-SHA256 of the exact body with the hook's secret", () => {
    const secret = newSecret();
    const body = '{"event":"parcel.created","data":{"tracking_code":"CR-1"}}';
    const expected = crypto.createHmac("sha256", secret).update(body).digest("hex");
    expect(signBody(secret, body)).toBe(`sha256=${expected}`);
    expect(verifySignature(secret, body, `sha256=${expected}`)).toBe(true);
  });
  it("fails for another body, another secret, or no header", () => {
    const secret = newSecret();
    const sig = signBody(secret, "{}");
    expect(verifySignature(secret, "{ }", sig)).toBe(false);
    expect(verifySignature(newSecret(), "{}", sig)).toBe(false);
    expect(verifySignature(secret, "{}", undefined)).toBe(false);
    expect(verifySignature(secret, "{}", "sha256=short")).toBe(false);
  });
  it("makes a new random secret each time", () => {
    expect(newSecret()).not.toBe(newSecret());
  });
});

describe("retry back-off", () => {
  it("doubles from the base after each failed attempt", () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n, 30_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
  });
});
