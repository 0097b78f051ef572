import { describe, expect, it } from "vitest";
import { bodyHash, creditLimitError, IDEMPOTENCY_CONFLICT, idempotencyDecision, idempotencyKeyError } from "./booking.rules.js";

describe("booking rules: the Idempotency-Key", () => {
  it("takes none, or 1 to 200 visible ASCII characters", () => {
    expect(idempotencyKeyError(undefined)).toBeNull();
    expect(idempotencyKeyError("order-77")).toBeNull();
    expect(idempotencyKeyError("x".repeat(200))).toBeNull();
    for (const bad of ["", "x".repeat(201), "with space", "tab\there", "é", "line\n"])
      expect(idempotencyKeyError(bad), JSON.stringify(bad)).toBe("Idempotency-Key must be 1 to 200 visible ASCII characters");
  });

  it("hashes a body the same whatever its keys' order, and another body otherwise", () => {
    const a = { service: "STD", recipient: { name: "Max", city: "Hamburg" }, parcels: [{ weight_kg: 1 }, { weight_kg: 2 }] };
    const b = { parcels: [{ weight_kg: 1 }, { weight_kg: 2 }], recipient: { city: "Hamburg", name: "Max" }, service: "STD" };
    expect(bodyHash(a)).toBe(bodyHash(b));
    expect(bodyHash(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(bodyHash({ ...a, parcels: [{ weight_kg: 2 }, { weight_kg: 1 }] })).not.toBe(bodyHash(a));
    expect(bodyHash({ ...a, reference: "78" })).not.toBe(bodyHash(a));
  });

  it("books when the key is new, replays the same body, refuses another", () => {
    expect(idempotencyDecision(null, "h1")).toBe("book");
    expect(idempotencyDecision({ request_hash: "h1" }, "h1")).toBe("replay");
    expect(idempotencyDecision({ request_hash: "h1" }, "h2")).toBe("conflict");
    expect(IDEMPOTENCY_CONFLICT).toContain("Idempotency-Key");
  });
});

describe("booking rules: the credit limit", () => {
  it("no limit: always", () => {
    expect(creditLimitError(null, 10 ** 12, 10 ** 9, "EUR")).toBeNull();
  });

  it("the unpaid balance plus this booking up to the limit goes, past it is refused with the figures", () => {
    expect(creditLimitError(3000, 0, 3000, "EUR")).toBeNull();
    expect(creditLimitError(3000, 2000, 1000, "EUR")).toBeNull();
    expect(creditLimitError(3000, 2001, 1000, "EUR")).toBe(
      "This booking (1000) and the unpaid balance (2001) would pass the credit limit (3000, EUR in its smallest unit): pay the open statements or ask us to raise it",
    );
    expect(creditLimitError(0, 0, 1, "JPY")).toContain("credit limit (0, JPY");
    // A balance below zero (paid ahead) leaves room.
    expect(creditLimitError(1000, -500, 1500, "EUR")).toBeNull();
  });
});
