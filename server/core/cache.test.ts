import { describe, expect, it } from "vitest";
import { ViewCache } from "./cache.js";

describe("ViewCache", () => {
  it("keeps at most its size, oldest out first, and checks versions", () => {
    const c = new ViewCache<string>(2);
    c.set("a", "A", 1);
    c.set("b", "B", 1);
    c.set("c", "C", 1);
    expect([c.get("a"), c.get("b"), c.get("c"), c.size]).toEqual([null, "B", "C", 2]);
    expect(c.get("b", 2)).toBeNull();
    expect(c.get("b")).toBeNull();
    expect(c.get("c", 1)).toBe("C");
  });

  it("of size 0 keeps nothing (PARCEL_CACHE_SIZE=0 turns the view cache off)", () => {
    const c = new ViewCache<string>(0);
    c.set("a", "A", 1);
    expect([c.get("a"), c.size]).toEqual([null, 0]);
  });
});
