import { describe, expect, it } from "vitest";
import { gridOf, lanesOf, sheetKey, surchargeTexts, surchargesOf, type WireLane } from "./grid";

const lanes: WireLane[] = [
  {
    service: "express",
    from_zone: "DE",
    to_zone: "DE",
    per_kg_above: 50,
    brackets: [
      { up_to_kg: 5, amount: 990 },
      { up_to_kg: 1, amount: 590 },
    ],
  },
  { service: "express", from_zone: "DE", to_zone: "EU", per_kg_above: null, brackets: [{ up_to_kg: 10, amount: 2500 }] },
];

describe("rate card grid", () => {
  it("turns lanes into sheets of bands by destinations and back", () => {
    const grid = gridOf(lanes, "EUR");
    const sheet = grid[sheetKey("express", "DE")];
    expect(sheet.bands).toEqual(["1", "5", "10"]);
    expect(sheet.cells.DE).toEqual(["5.90", "9.90", ""]);
    expect(sheet.cells.EU).toEqual(["", "", "25.00"]);
    expect(sheet.per).toEqual({ DE: "0.50", EU: "" });
    const back = lanesOf(grid, "EUR");
    expect(back.errors).toEqual([]);
    expect(back.lanes).toEqual([
      {
        service: "express",
        from_zone: "DE",
        to_zone: "DE",
        per_kg_above: 50,
        brackets: [
          { up_to_kg: 1, amount: 590 },
          { up_to_kg: 5, amount: 990 },
        ],
      },
      { service: "express", from_zone: "DE", to_zone: "EU", per_kg_above: null, brackets: [{ up_to_kg: 10, amount: 2500 }] },
    ]);
  });
  it("drops destinations without prices and names each wrong cell", () => {
    const grid = gridOf(lanes, "EUR");
    const sheet = grid[sheetKey("express", "DE")];
    sheet.cells.EU = ["", "", ""];
    expect(lanesOf(grid, "EUR").lanes.map((l) => l.to_zone)).toEqual(["DE"]);
    sheet.cells.DE[0] = "five";
    sheet.bands[2] = "5";
    sheet.per.EU = "1";
    expect(lanesOf(grid, "EUR")).toEqual({
      lanes: [],
      errors: [
        "express from DE: the weight band 5 kg is there twice",
        'express from DE to DE, up to 1 kg: "five" is not an amount in EUR',
        "express from DE to EU: a price per kg above needs at least one band's price",
      ],
    });
  });
  it("refuses a price below zero, beyond the largest amount or finer than the currency's cent", () => {
    const grid = gridOf(lanes, "EUR");
    const sheet = grid[sheetKey("express", "DE")];
    sheet.cells.DE = ["-5.90", "21474836.48", "9.905"];
    sheet.per.DE = "-0.50";
    expect(lanesOf(grid, "EUR").errors).toEqual([
      'express from DE to DE, up to 1 kg: "-5.90" is not an amount in EUR',
      'express from DE to DE, up to 5 kg: "21474836.48" is not an amount in EUR',
      'express from DE to DE, up to 10 kg: "9.905" is not an amount in EUR',
      'express from DE to DE, per kg above: "-0.50" is not an amount in EUR',
    ]);
    sheet.cells.DE = ["21474836.47", "", "1 234,5"];
    sheet.per.DE = "";
    expect(lanesOf(grid, "EUR").lanes[0].brackets).toEqual([
      { up_to_kg: 1, amount: 2_147_483_647 },
      { up_to_kg: 10, amount: 123450 },
    ]);
    expect(surchargesOf({ ...surchargeTexts([], "JPY"), remote: { value: "-100", min: "", zones: "" } }, "JPY").errors).toEqual([
      'surcharges remote: "-100" is not an amount in JPY',
    ]);
  });
});
