import { describe, expect, it } from "vitest";
import { clockRange, duration, setControlLanguage } from "./time";

describe("clockRange", () => {
  setControlLanguage("en");
  const from = new Date(2026, 10, 30, 6, 8).toISOString();
  const to = new Date(2026, 10, 30, 7, 9).toISOString();

  it("gives a window of today as its times alone", () => {
    const range = clockRange(from, to, new Date(2026, 10, 30, 5, 0));
    expect(range).toMatch(/^0?6:08\s?(AM)? – 0?7:09\s?(AM)?$/);
  });

  it("puts the day in front of a window that starts on another day (a run past midnight)", () => {
    const range = clockRange(from, to, new Date(2026, 10, 29, 23, 0));
    expect(range).toMatch(/^Mon, (30 Nov|Nov 30) 0?6:08/);
    expect(range).toContain("7:09");
  });
});

describe("duration", () => {
  it("writes hours from 60 minutes on, in the language", () => {
    setControlLanguage("en");
    expect(duration(45)).toMatch(/^45 min/);
    expect(duration(1515)).toMatch(/^25 h(r|ours?)?,? 15 min/);
    expect(duration(120)).toMatch(/^2 h/);
    setControlLanguage("de");
    expect(duration(1515)).toMatch(/25 Std\.?,? 15 Min/);
    setControlLanguage("en");
  });
});
