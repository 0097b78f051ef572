import { describe, expect, it } from "vitest";
import { renderBudget } from "./ssr.js";

describe("render budget", () => {
  it("allows a burst of one second's budget, then what each second adds", () => {
    let now = 5_000;
    const b = renderBudget(250, () => now);
    expect(b.allows()).toBe(true);
    // A cold render and a burst: 250 ms may go at once.
    b.spend(200);
    expect(b.allows()).toBe(true);
    b.spend(100);
    expect(b.allows()).toBe(false);
    // 50 ms short: a tenth of a second adds 25 ms, not enough; a quarter adds 62.5 ms.
    now += 100;
    expect(b.allows()).toBe(false);
    now += 150;
    expect(b.allows()).toBe(true);
    // A sustained flood: each render of 10 ms every 10 ms spends four times what comes in, so about a quarter start.
    let rendered = 0;
    for (let i = 0; i < 1_000; i++) {
      now += 10;
      if (b.allows()) {
        b.spend(10);
        rendered++;
      }
    }
    expect(rendered).toBeGreaterThan(240);
    expect(rendered).toBeLessThan(270);
  });

  it("has no bound at 0", () => {
    const b = renderBudget(0, () => 0);
    b.spend(10_000);
    expect(b.allows()).toBe(true);
  });
});
