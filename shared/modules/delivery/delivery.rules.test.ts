import { describe, expect, it } from "vitest";
import { attemptNumbers, nextWorkingDays } from "./delivery.rules.js";

describe("nextWorkingDays", () => {
  it("skips the weekend and starts tomorrow", () => {
    // Thursday 26 November 2026, late evening UTC
    expect(nextWorkingDays(new Date("2026-11-26T23:30:00Z"), 5)).toEqual(["2026-11-27", "2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03"]);
  });
  it("from a Saturday, Monday comes first", () => {
    expect(nextWorkingDays(new Date("2026-11-28T08:00:00Z"), 2)).toEqual(["2026-11-30", "2026-12-01"]);
  });
  it("crosses a year", () => {
    expect(nextWorkingDays(new Date("2026-12-31T12:00:00Z"), 1)).toEqual(["2027-01-01"]);
  });
});

describe("attemptNumbers", () => {
  it("counts failed attempts only", () => {
    const h = [{ status_code: "out_for_delivery" }, { status_code: "delivery_failed" }, { status_code: null }, { status_code: "delivery_failed" }];
    expect(attemptNumbers(h)).toEqual([null, 1, null, 2]);
  });
});
