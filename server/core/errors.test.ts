import { describe, expect, it } from "vitest";
import { AppError, badInput, notFound } from "./errors.js";
import { RateLimited } from "./ratelimit.js";

const frames = (e: Error) => (e.stack ?? "").split("\n").filter((l) => l.trim().startsWith("at ")).length;

describe("AppError", () => {
  it("a client's error carries no stack trace (it is an answer, never logged with one)", () => {
    for (const e of [notFound("Tracking code not found"), badInput(["weight: must be a number"]), new AppError("FORBIDDEN", "no")]) {
      expect(e).toBeInstanceOf(Error);
      expect(e.message).not.toBe("");
      expect(frames(e)).toBe(0);
    }
  });

  it("an internal error keeps its stack trace, and the process's own depth is left as it was", () => {
    const depth = Error.stackTraceLimit;
    notFound("x");
    expect(Error.stackTraceLimit).toBe(depth);
    expect(frames(new AppError("INTERNAL_SERVER_ERROR", "a fault"))).toBeGreaterThan(0);
    expect(frames(new Error("plain"))).toBeGreaterThan(0);
  });

  it("subclasses follow their code (a rate limit is a client's error)", () => {
    const e = new RateLimited(30);
    expect(e).toBeInstanceOf(AppError);
    expect(e.headers["Retry-After"]).toBe("30");
    expect(frames(e)).toBe(0);
  });
});
