import { describe, expect, it } from "vitest";
import { localDate, mapsUrl, nextStop, ownRuns, type CourierRun } from "./runView";

const run = (id: number, status: string, courier_email: string | null, stops: string[] = []) =>
  ({ id, status, courier_email, stops: stops.map((s, i) => ({ id: i + 1, status: s })) }) as unknown as CourierRun;

describe("the courier's run screen", () => {
  it("dates runs by the phone's calendar", () => {
    expect(localDate(new Date(2026, 2, 2, 23, 59))).toBe("2026-03-02");
    expect(localDate(new Date(2026, 11, 31, 0, 1))).toBe("2026-12-31");
  });

  it("shows the member's own runs, the started one first", () => {
    const runs = [
      run(1, "finished", "ada@example.com"),
      run(2, "planned", "Ada@Example.com"),
      run(3, "started", "ada@example.com"),
      run(4, "started", "bob@example.com"),
    ];
    expect(ownRuns(runs, "ada@example.com").map((r) => r.id)).toEqual([3, 2, 1]);
    expect(ownRuns(runs, "eve@example.com")).toEqual([]);
  });

  it("heads to the first stop still pending", () => {
    expect(nextStop(run(1, "started", null, ["done", "skipped", "pending", "pending"]))?.id).toBe(3);
    expect(nextStop(run(1, "finished", null, ["done", "failed"]))).toBeNull();
  });

  it("links the maps app by coordinates, or by the address without them", () => {
    expect(mapsUrl({ text: "Street 1, Amsterdam", latitude: 52.37, longitude: 4.9 })).toBe("https://www.google.com/maps/dir/?api=1&destination=52.37%2C4.9");
    expect(mapsUrl({ text: "Street 1, Amsterdam", latitude: null, longitude: null })).toBe(
      "https://www.google.com/maps/dir/?api=1&destination=Street%201%2C%20Amsterdam",
    );
  });
});
