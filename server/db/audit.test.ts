import { describe, expect, it } from "vitest";
import { listChanges, type Changes } from "./audit.js";

const key = (l: Record<string, unknown>) => `${String(l.service)} ${String(l.to)}`;
const lanes = (n: number, amount: (i: number) => number) =>
  JSON.stringify(Array.from({ length: n }, (_, i) => ({ service: "STD", to: `Z${i}`, amount: amount(i) })));

describe("a list kept as JSON text, in the audit log", () => {
  it("records only the items that changed, each whole, by key (added and removed ones too)", () => {
    const out: Changes = {};
    const before = lanes(3, () => 500);
    const after = JSON.stringify([
      { service: "STD", to: "Z0", amount: 500 },
      { service: "STD", to: "Z1", amount: 550 },
      { service: "EXP", to: "Z9", amount: 900 },
    ]);
    expect(listChanges("lanes", key, before, after, out)).toBe(true);
    expect(out).toEqual({
      "lanes[STD Z1]": [
        { service: "STD", to: "Z1", amount: 500 },
        { service: "STD", to: "Z1", amount: 550 },
      ],
      "lanes[STD Z2]": [{ service: "STD", to: "Z2", amount: 500 }, null],
      "lanes[EXP Z9]": [null, { service: "EXP", to: "Z9", amount: 900 }],
    });
  });

  it("keeps at most 50 items a write and says how many more changed", () => {
    const out: Changes = {};
    listChanges(
      "lanes",
      key,
      lanes(5000, () => 500),
      lanes(5000, (i) => 500 + i),
      out,
    );
    expect(Object.keys(out)).toHaveLength(51);
    expect(out["lanes[...]"]).toEqual([null, "4949 more changed"]);
  });

  it("leaves a value that is not a JSON list to the plain before and after", () => {
    expect(listChanges("lanes", key, "not json", "[]", {})).toBe(false);
    expect(listChanges("lanes", key, "{}", "[]", {})).toBe(false);
  });
});
