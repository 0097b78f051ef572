import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { PAGE_DEFAULTS, PAGE_HEROES, PAGE_ICONS, PAGE_OVERLAYS } from "./page.codes.js";

const read = (file: string) => fs.readFileSync(new URL(`../../../${file}`, import.meta.url), "utf8");

describe("the page codes", () => {
  it("default as the database columns do (prisma/models.prisma)", () => {
    const model = /model Page \{([^}]*)\}/.exec(read("prisma/models.prisma"))?.[1] ?? "";
    const column = (name: string) => new RegExp(`^\\s*${name}\\s+String\\s+@default\\("([^"]*)"\\)`, "m").exec(model)?.[1];
    expect({ icon: column("icon"), hero: column("hero"), overlay: column("overlay") }).toEqual(PAGE_DEFAULTS);
    expect(PAGE_ICONS).toContain(PAGE_DEFAULTS.icon);
    expect(PAGE_HEROES).toContain(PAGE_DEFAULTS.hero);
    expect(PAGE_OVERLAYS).toContain(PAGE_DEFAULTS.overlay);
  });

  it("name only banner images the client ships and overlays its stylesheet draws", () => {
    for (const hero of PAGE_HEROES) expect(fs.existsSync(new URL(`../../../client/public/img/${hero}.svg`, import.meta.url)), hero).toBe(true);
    const css = read("client/styles/layout.css");
    for (const overlay of PAGE_OVERLAYS) expect(css, overlay).toContain(`.${overlay} .page-hero-overlay`);
  });
});
