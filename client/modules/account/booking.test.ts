import { describe, expect, it } from "vitest";
import { newKey, nextWorkingDay } from "./booking";

describe("booking helpers", () => {
  it("skips the weekend for the next working day", () => {
    expect(nextWorkingDay(new Date(2026, 10, 26))).toBe("2026-11-27"); // Thursday -> Friday
    expect(nextWorkingDay(new Date(2026, 10, 27))).toBe("2026-11-30"); // Friday -> Monday
    expect(nextWorkingDay(new Date(2026, 10, 28))).toBe("2026-11-30"); // Saturday -> Monday
  });
  it("makes a new key per attempt", () => {
    const a = newKey();
    expect(a).toMatch(/^[\w-]{16,}$/);
    expect(newKey()).not.toBe(a);
  });
});
