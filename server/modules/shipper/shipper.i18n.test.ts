import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../../shared/i18n/languages.js";
import { shipperLanguage } from "./shipper.i18n.js";

const dir = path.join(import.meta.dirname, "locales");
const flat = (o: Record<string, unknown>, prefix = ""): [string, string][] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === "object" ? flat(v as Record<string, unknown>, `${prefix}${k}.`) : [[`${prefix}${k}`, v as string]]));
const read = (code: string) => new Map(flat(JSON.parse(fs.readFileSync(path.join(dir, `${code}.json`), "utf8")) as Record<string, unknown>));
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe("the shipper's mails and PDFs texts (server/modules/shipper/locales)", () => {
  const en = read("en");
  for (const l of LANGUAGES) {
    it(`${l.code}: English's keys, no others, every text written in the language, the same placeholders`, () => {
      const texts = read(l.code);
      expect([...texts.keys()].sort()).toEqual([...en.keys()].sort());
      let same = 0;
      for (const [key, text] of texts) {
        expect(text.trim(), `${l.code} ${key}`).not.toBe("");
        expect(placeholders(text), `${l.code} ${key}`).toEqual(placeholders(en.get(key)!));
        if (text === en.get(key)) same++;
      }
      // A few words are the same in some languages ("Service", "Total {{amount}}"); a copy of English is not.
      if (l.code !== "en") expect(same, l.code).toBeLessThan(6);
    });
  }

  it("writes money, days and durations in the language; English keeps en-GB's; an unknown code is English", () => {
    const de = shipperLanguage("de");
    expect(de.money(123456, "EUR")).toBe("1.234,56\u00a0€");
    expect(de.date("2026-03-05")).toBe("5. März 2026");
    expect(de.day("2026-03-05")).toBe("05.03.2026");
    expect(de.hours(72)).toBe("72 Stunden");
    expect(de.t("pdf.period", { from: "a", to: "b" })).toBe("a bis b");
    const en = shipperLanguage(null);
    expect(en).toMatchObject({ code: "en", locale: "en-GB", rtl: false });
    expect(en.money(123456, "EUR")).toBe("€1,234.56");
    expect(en.date(new Date("2026-03-05T10:00:00Z"))).toBe("5 March 2026");
    expect(en.minutes(30)).toBe("30 minutes");
    expect(shipperLanguage("ar")).toMatchObject({ rtl: true, tag: "ar" });
    expect(shipperLanguage("se")).toMatchObject({ code: "se", locale: "sv" });
    expect(shipperLanguage("xx").code).toBe("en");
    expect(de.day("not a day")).toBe("not a day");
  });
});
