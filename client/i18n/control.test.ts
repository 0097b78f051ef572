import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGE_CODES, languageOf } from "@shared/i18n/languages";
import { controlLanguageOf } from "./control";

/**
 * The control panel's texts (client/i18n/locales/control/<namespace>/<code>.json): every namespace has all 22
 * languages; each language has exactly English's keys, with its own plural forms where English has plural keys
 * (Arabic six, Russian and Polish three or four, Japanese one: Intl.PluralRules's categories of the real tag), and
 * each text names the same {{placeholders}} as English's.
 */
const ROOT = path.join(import.meta.dirname, "locales/control");
const namespaces = fs.readdirSync(ROOT).filter((d) => fs.statSync(path.join(ROOT, d)).isDirectory());
const PLURAL = /_(zero|one|two|few|many|other)$/;

type Tree = { [key: string]: string | Tree };
function flatten(tree: Tree, prefix = "", out = new Map<string, string>()): Map<string, string> {
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out.set(key, v);
    else if (v && typeof v === "object") flatten(v, key, out);
    else out.set(key, `<not a text: ${JSON.stringify(v)}>`);
  }
  return out;
}
const read = (ns: string, code: string): Map<string, string> => flatten(JSON.parse(fs.readFileSync(path.join(ROOT, ns, `${code}.json`), "utf8")) as Tree);
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([^}]+?)\s*\}\}/g)].map((m) => m[1].replace(/\s+/g, "")).sort();
const categories = (code: string) => new Intl.PluralRules(languageOf(code).tag).resolvedOptions().pluralCategories as string[];

/** The keys a language must have: English's, each plural base with that language's own forms. */
function expectedKeys(en: Map<string, string>, code: string): string[] {
  const bases = new Set([...en.keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, "")));
  const keys = [...en.keys()].filter((k) => !PLURAL.test(k) || !bases.has(k.replace(PLURAL, "")));
  for (const base of bases) for (const c of categories(code)) keys.push(`${base}_${c}`);
  return keys.sort();
}

describe("the control panel's texts", () => {
  it("has namespaces, each with English", () => {
    expect(namespaces).toContain("control");
    for (const ns of namespaces) expect(fs.existsSync(path.join(ROOT, ns, "en.json")), ns).toBe(true);
    // Only the 22 codes' files.
    for (const ns of namespaces)
      for (const f of fs.readdirSync(path.join(ROOT, ns))) expect((LANGUAGE_CODES as string[]).includes(f.replace(/\.json$/, "")), `${ns}/${f}`).toBe(true);
  });

  for (const ns of namespaces) {
    describe(ns, () => {
      const en = read(ns, "en");
      it("names no <Trans> component after a void HTML element (<link>, <img>, <br>...: parsed empty, the link lost its words)", () => {
        const VOID = /<\/?(area|base|br|col|embed|hr|img|input|link|meta|param|source|track|wbr)>/;
        for (const code of LANGUAGE_CODES) for (const [key, text] of read(ns, code)) expect(VOID.test(text), `${code} ${key}`).toBe(false);
      });
      it("has English's plural keys in English's own forms (one, other)", () => {
        const plurals = [...en.keys()].filter((k) => PLURAL.test(k));
        for (const k of plurals) expect(["one", "other"], k).toContain(k.match(PLURAL)![1]);
      });
      for (const code of LANGUAGE_CODES) {
        it(`${code}: English's keys, no others, every text written, the same placeholders`, () => {
          const file = path.join(ROOT, ns, `${code}.json`);
          expect(fs.existsSync(file), `${ns}/${code}.json is missing`).toBe(true);
          const texts = read(ns, code);
          expect([...texts.keys()].sort()).toEqual(expectedKeys(en, code));
          for (const [key, text] of texts) {
            expect(text.trim(), `${ns}/${code}: ${key} is empty`).not.toBe("");
            const english = en.get(key) ?? en.get(key.replace(PLURAL, "_other"))!;
            // A plural form may leave the count out ("one parcel"), never name another placeholder.
            const want = placeholders(english);
            const got = placeholders(text);
            if (PLURAL.test(key)) expect(want, `${ns}/${code}: ${key} names ${got}`).toEqual(expect.arrayContaining(got));
            else expect(got, `${ns}/${code}: ${key}`).toEqual(want);
          }
        });
      }
    });
  }
});

describe("the control panel's language", () => {
  it("is the member's, else the browser's first of the 22, else English", () => {
    expect(controlLanguageOf("de", ["fr-FR"])).toBe("de");
    expect(controlLanguageOf(null, ["xx", "pt-BR", "de"])).toBe("pt");
    // Hindi, Swedish and Vietnamese by their real tags.
    expect(controlLanguageOf(null, ["hi-IN"])).toBe("in");
    expect(controlLanguageOf(null, ["sv"])).toBe("se");
    expect(controlLanguageOf(null, ["vi-VN"])).toBe("vn");
    expect(controlLanguageOf("klingon", ["zh-CN", "ko"])).toBe("en");
    expect(controlLanguageOf(null, [])).toBe("en");
  });
});

describe("the control panel's instance", () => {
  // The texts are put in from the files here: Vitest's module cache keeps an import.meta.glob's list from the first run.
  const bundle = (code: string, ns: string) => JSON.parse(fs.readFileSync(path.join(ROOT, ns, `${code}.json`), "utf8")) as Tree;

  it("reads the member's language by its real tag, with its plural forms, and words the server's commonest messages in it", async () => {
    const { controlI18n } = await import("../control/texts");
    const { readableMessage, fieldLabel } = await import("../control/fieldLabels");
    const i18n = controlI18n("de");
    await new Promise<void>((done) => (i18n.isInitialized ? done() : i18n.on("initialized", () => done())));
    for (const [code, tag] of [
      ["de", "de"],
      ["ru", "ru"],
      ["in", "hi"],
      ["en", "en"],
    ])
      for (const ns of ["control", "control-account"]) i18n.addResourceBundle(tag, ns, bundle(code, ns), true, true);
    expect(i18n.language).toBe("de");
    expect(fieldLabel("password")).toBe("Passwort");
    expect(readableMessage("password is required")).toBe("Passwort fehlt");
    expect(readableMessage("confirm_new_password must match new_password")).toBe("Neues Passwort bestätigen muss mit Neues Passwort übereinstimmen");
    // Not one of the common ones: the server's English, the field in German.
    expect(readableMessage("password is too common")).toBe("Passwort is too common");
    // The shipping screens' next commonest, the shippers' fields by their German labels.
    expect(readableMessage("credit_limit must be an amount in EUR, such as 250.00")).toBe("Kreditlimit muss ein Betrag in EUR sein, etwa 250.00");
    expect(readableMessage("to must not be before from")).toBe("Bis darf nicht vor Von liegen");
    expect(readableMessage("shipper_id is required")).toBe("Versender fehlt");
    expect(readableMessage("paid_reference must be at most 200 characters")).toBe("Zahlungsreferenz darf höchstens 200 Zeichen haben");
    // Russian plural forms by the language's rules (one, few, many).
    await i18n.changeLanguage("ru");
    const left = (count: number) => i18n.t("twoStep.left", { ns: "control-account", count });
    expect([left(1), left(3), left(5)]).toEqual(["Остался 1 резервный код из 10", "Осталось 3 резервных кода из 10", "Осталось 5 резервных кодов из 10"]);
    // Hindi's code `in` is the tag `hi` (not Indonesian).
    await i18n.changeLanguage("hi");
    expect(fieldLabel("password")).toBe("पासवर्ड");
  });
});
