import "reflect-metadata";
import { describe, expect, it } from "vitest";
import { slugify } from "./page.service.js";

describe("slugify", () => {
  it.each([
    ["About Us", "about-us"],
    ["Privacy Policy", "privacy-policy"],
    ["Air Freight & More!", "air-freight-more"],
    ["  Sea   Transportation  ", "sea-transportation"],
    ["Road---Transportation", "road-transportation"],
    ["--Leading and trailing--", "leading-and-trailing"],
    ["Café Déjà Vu", "cafe-deja-vu"],
    ["Über uns", "uber-uns"],
    ["Ångström Façade Niño", "angstrom-facade-nino"],
    ["24/7 Delivery", "24-7-delivery"],
    ["Warehouse #2: Rotterdam", "warehouse-2-rotterdam"],
    ["UPPER case", "upper-case"],
    ["tab\tand\nnewline", "tab-and-newline"],
    ['quote\'s "here"', "quote-s-here"],
  ])("%j -> %j", (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it("gives an empty slug when nothing usable is left (the service then refuses the title)", () => {
    expect(slugify("")).toBe("");
    expect(slugify("!!! ???")).toBe("");
    expect(slugify("Доставка")).toBe("");
    expect(slugify("🚚📦")).toBe("");
  });

  it("keeps slugs at most 80 characters without a trailing dash", () => {
    const s = slugify(`${"a".repeat(79)} tail words here`);
    expect(s).toBe("a".repeat(79));
    const long = slugify("word ".repeat(40));
    expect(long.length).toBeLessThanOrEqual(80);
    expect(long).not.toMatch(/-$/);
    expect(long.startsWith("word-word")).toBe(true);
  });

  it("only ever yields lower-case letters, digits and single dashes", () => {
    for (const t of ["Mixed CASE 123", "a -- b __ c", "x.y,z;w", "Çà & ça"]) {
      expect(slugify(t)).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });

  it("is stable: a slug slugifies to itself", () => {
    for (const t of ["About Us", "Air Freight & More!", "Café Déjà Vu"]) expect(slugify(slugify(t))).toBe(slugify(t));
  });
});
