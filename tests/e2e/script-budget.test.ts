/**
 * The script budget of the public first screens (issue 15, raised by issue 24 for react-router-dom, i18next and
 * react-i18next, the design card's packages): what a visitor's browser loads before any interaction, gzipped,
 * at most 180 KB (KiB, as `npm run lighthouse` counts it). Read from the client build's manifest (the build
 * `npm test` makes first): the entry, the app chunk and the screen's chunk with every chunk they import
 * statically, and English's texts (client/i18n/locales/en.json, which the app imports before it hydrates).
 * What a screen imports only when it is needed (the map and Leaflet, the control panel, other languages'
 * texts) is not in it, and must not be. `npm run lighthouse` measures the same from the browser's side
 * (docs/frontend.md, "Lighthouse").
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";

const BUDGET_KB = 180;
const dir = path.resolve("dist/client");
type Chunk = { file: string; imports?: string[]; dynamicImports?: string[] };

function firstLoad(screen: string): string[] {
  const manifestFile = path.join(dir, ".vite/manifest.json");
  expect(fs.existsSync(manifestFile), "the client build (npm run build) is there").toBe(true);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as Record<string, Chunk>;
  const entry = manifest["index.html"];
  const app = Object.keys(manifest).find((k) => /^_start-/.test(k));
  expect(manifest[screen], screen).toBeDefined();
  expect(app, "the app chunk").toBeDefined();
  expect(manifest["i18n/locales/en.json"], "English's texts, their own chunk").toBeDefined();
  const files = new Set<string>();
  const walk = (key: string) => {
    const c = manifest[key];
    if (!c || files.has(c.file)) return;
    files.add(c.file);
    c.imports?.forEach(walk);
  };
  ["index.html", app!, screen, "i18n/locales/en.json"].forEach(walk);
  expect(files.has(entry.file)).toBe(true);
  return [...files];
}

const gzipped = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dir, file)), { level: 9 }).length;

describe("the script a public first screen loads", () => {
  for (const screen of ["pages/TrackPage.tsx", "pages/HomePage.tsx", "pages/ContentPage.tsx"]) {
    it(`${screen}: at most ${BUDGET_KB} KB gzipped, without the map, Leaflet, the control panel or another language`, () => {
      const files = firstLoad(screen);
      const total = files.reduce((n, f) => n + gzipped(f), 0);
      expect(total / 1024, files.join(" ")).toBeLessThanOrEqual(BUDGET_KB);
      for (const f of files) expect(f).not.toMatch(/\/(ParcelMap|leaflet|ControlRoutes|de|fr|ru|ar)-[\w-]+\.js$/);
    });
  }
});
