import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import i18next from "i18next";
import { LANGUAGES } from "../../shared/i18n/languages.js";

const dir = path.join(import.meta.dirname, "../../client/i18n/locales");
const load = (file: string) => JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
/**
 * A language's texts: the site's file, the shipper screens' (the namespace `shipper`, keys of their own) and the
 * tracking page's message chooser's (the namespace `recipient`, under its own key `choose`).
 */
const read = (code: string) => ({ ...load(`${code}.json`), ...load(`shipper/${code}.json`), ...load(`recipient/${code}.json`) });
function flat(o: Record<string, unknown>, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(o)) {
    if (v && typeof v === "object") Object.assign(out, flat(v as Record<string, unknown>, `${prefix}${k}.`));
    else out[`${prefix}${k}`] = String(v);
  }
  return out;
}
const placeholders = (s: string) => (s.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort();

/**
 * Plural keys follow i18next's JSON v4: `key_one`, `key_few`, `key_other`... Each language has the forms
 * of its own plural rules (CLDR, through Intl.PluralRules for the real language tag: `in` is
 * Hindi, `se` Swedish, `vn` Vietnamese), so plural keys are compared per language, not with English.
 */
const CATEGORIES = ["zero", "one", "two", "few", "many", "other"] as const;
const PLURAL = new RegExp(`^(.+)_(${CATEGORIES.join("|")})$`);
const categoriesOf = (tag: string) => new Intl.PluralRules(tag).resolvedOptions().pluralCategories.slice().sort();
function split(t: Record<string, string>) {
  const plain: Record<string, string> = {};
  const plurals: Record<string, Record<string, string>> = {};
  for (const [k, v] of Object.entries(t)) {
    const m = PLURAL.exec(k);
    if (m) (plurals[m[1]] ??= {})[m[2]] = v;
    else plain[k] = v;
  }
  return { plain, plurals };
}
const en = split(flat(read("en")));

/** What i18next itself answers for `t(key, { count })` in a language (its real tag) with only that file loaded. */
function i18nextPlurals(tag: string, texts: Record<string, unknown>, base: string): Record<number, string> {
  const i18n = i18next.createInstance();
  void i18n.init({ lng: tag, fallbackLng: false, initAsync: false, resources: { [tag]: { translation: texts } }, interpolation: { escapeValue: false } });
  return Object.fromEntries([0, 1, 2, 3, 5, 11, 21, 22, 101, 1.5].map((n) => [n, i18n.t(base, { count: n })]));
}

describe("translations", () => {
  it("has a file for each of the 22 language codes", () => {
    expect(LANGUAGES).toHaveLength(22);
    for (const l of LANGUAGES) expect(fs.existsSync(path.join(dir, `${l.code}.json`)), l.code).toBe(true);
  });

  it("en: plural keys have English's forms (one, other)", () => {
    expect(Object.keys(en.plurals).length).toBeGreaterThan(0);
    for (const [base, forms] of Object.entries(en.plurals)) expect(Object.keys(forms).sort(), base).toEqual(categoriesOf("en"));
  });

  it("every language's plural forms are the ones i18next picks for its real tag", () => {
    for (const l of LANGUAGES) {
      const texts = read(l.code);
      const { plurals } = split(flat(texts));
      for (const [base, forms] of Object.entries(plurals)) {
        const rules = new Intl.PluralRules(l.tag);
        for (const [n, text] of Object.entries(i18nextPlurals(l.tag, texts, base)))
          expect(text, `${l.code} ${base} ${n}`).toBe(forms[rules.select(Number(n))].replace(/\{\{\s*count\s*\}\}/g, n));
      }
    }
  });

  for (const l of LANGUAGES.filter((x) => x.code !== "en")) {
    it(`${l.code}: every English string, translated, placeholders kept`, () => {
      const { plain, plurals } = split(flat(read(l.code)));
      expect(Object.keys(plain).sort()).toEqual(Object.keys(en.plain).sort());
      for (const k of Object.keys(en.plain)) expect(placeholders(plain[k]), `${l.code} ${k}`).toEqual(placeholders(en.plain[k]));
      // Exactly the plural forms of this language; each keeps the English placeholders, except
      // that the forms for 0, 1 and 2 may spell the number out ("one day", "يومين").
      expect(Object.keys(plurals).sort()).toEqual(Object.keys(en.plurals).sort());
      for (const [base, forms] of Object.entries(plurals)) {
        expect(Object.keys(forms).sort(), `${l.code} ${base} (${l.tag})`).toEqual(categoriesOf(l.tag));
        const want = placeholders(en.plurals[base].other);
        for (const [cat, text] of Object.entries(forms)) {
          const got = placeholders(text);
          if (["zero", "one", "two"].includes(cat)) expect(want, `${l.code} ${base}_${cat}`).toEqual(expect.arrayContaining(got));
          else expect(got, `${l.code} ${base}_${cat}`).toEqual(want);
        }
      }
      const same = Object.keys(en.plain).filter((k) => plain[k] === en.plain[k]).length;
      // Brand and proper names, numbers and a few loanwords stay as they are; the rest is translated.
      expect(same / Object.keys(en.plain).length).toBeLessThan(0.1);
      const samePlural = Object.entries(plurals).filter(([base, f]) => f.other === en.plurals[base].other).length;
      expect(samePlural, `${l.code}: plural strings left in English`).toBe(0);
    });
  }
});
