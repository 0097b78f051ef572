import { describe, expect, it } from "vitest";
import { withDerivedTime } from "./history.js";

describe("withDerivedTime", () => {
  it("derives month, two-digit day and HH:MM in UTC", () => {
    const a = withDerivedTime({ id: 1, title: "Picked up", created_at: new Date("2026-03-05T07:04:59.999Z") });
    expect(a).toEqual({
      id: 1,
      title: "Picked up",
      created_at: new Date("2026-03-05T07:04:59.999Z"),
      created_at_month: "Mar",
      created_at_day: "05",
      created_at_time: "07:04",
    });
  });

  it("uses UTC, not the machine's time zone, at the edges of a day and a year", () => {
    expect(withDerivedTime({ created_at: new Date("2025-12-31T23:59:00Z") })).toMatchObject({
      created_at_month: "Dec",
      created_at_day: "31",
      created_at_time: "23:59",
    });
    expect(withDerivedTime({ created_at: new Date("2026-01-01T00:00:00+02:00") })).toMatchObject({
      created_at_month: "Dec",
      created_at_day: "31",
      created_at_time: "22:00",
    });
  });

  it("names every month", () => {
    const months = Array.from({ length: 12 }, (_, m) => withDerivedTime({ created_at: new Date(Date.UTC(2026, m, 15)) }).created_at_month);
    expect(months).toEqual(["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]);
  });

  it("does not change the row it is given", () => {
    const row = { created_at: new Date("2026-06-01T12:30:00Z") };
    withDerivedTime(row);
    expect(Object.keys(row)).toEqual(["created_at"]);
  });
});
