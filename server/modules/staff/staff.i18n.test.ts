import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../../shared/i18n/languages.js";
import { staffLanguage } from "./staff.i18n.js";

const dir = path.join(import.meta.dirname, "locales");
const flat = (o: Record<string, unknown>, prefix = ""): [string, string][] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === "object" ? flat(v as Record<string, unknown>, `${prefix}${k}.`) : [[`${prefix}${k}`, v as string]]));
const read = (code: string) => new Map(flat(JSON.parse(fs.readFileSync(path.join(dir, `${code}.json`), "utf8")) as Record<string, unknown>));
const PLURAL = /_(zero|one|two|few|many|other)$/;
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe("the staff's mails and run sheet texts (server/modules/staff/locales)", () => {
  const en = read("en");
  const bases = [...new Set([...en.keys()].map((k) => k.replace(PLURAL, "")))];
  for (const l of LANGUAGES) {
    it(`${l.code}: English's keys (each language's own plural forms), no others, every text written, the same placeholders`, () => {
      const texts = read(l.code);
      const forms = new Intl.PluralRules(l.tag).resolvedOptions().pluralCategories;
      const expected = bases.flatMap((b) => (en.has(b) ? [b] : forms.map((f) => `${b}_${f}`))).sort();
      expect([...texts.keys()].sort()).toEqual(expected);
      for (const [key, text] of texts) {
        expect(text.trim(), `${l.code} ${key}`).not.toBe("");
        const base = key.replace(PLURAL, "");
        // A plural form may say "one" in words (Arabic's "ساعة واحدة") instead of {{count}}.
        const english = placeholders(en.get(base) ?? en.get(`${base}_other`)!).filter((p) => !PLURAL.test(key) || p !== "count");
        expect(
          placeholders(text).filter((p) => !PLURAL.test(key) || p !== "count"),
          `${l.code} ${key}`,
        ).toEqual(english);
      }
    });
  }

  it("picks the language's plural form, formats numbers in the language, and falls back to English", () => {
    expect(staffLanguage("de").t("sheet.stops", { count: 1 })).toBe("1 Stopp");
    expect(staffLanguage("de").t("sheet.stops", { count: 1200 })).toBe("1.200 Stopps");
    expect(staffLanguage("ru").t("sheet.stops", { count: 3 })).toBe("3 остановки");
    expect(staffLanguage("ru").t("sheet.stops", { count: 5 })).toBe("5 остановок");
    expect(staffLanguage("ar").t("sheet.stops", { count: 2 })).toBe("توقفان");
    expect(staffLanguage("in")).toMatchObject({ code: "in", tag: "hi", rtl: false });
    expect(staffLanguage("fa")).toMatchObject({ tag: "fa", rtl: true });
    expect(staffLanguage(null).t("invite.subject", { company: "Acme" })).toBe("You are invited to the Acme control panel");
    expect(staffLanguage("xx").code).toBe("en");
    expect(staffLanguage("de").t("no.such.key")).toBe("no.such.key");
  });
});
