// The tracking page's live texts (issue 26): every language has them, with each plural form its language uses.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createI18n } from "./index";
import { LANGUAGES } from "@shared/i18n/languages";
import { plural } from "../modules/parcel/format";

const live = (code: string) => JSON.parse(fs.readFileSync(path.join(import.meta.dirname, "locales", `${code}.json`), "utf8")).live as Record<string, string>;

describe("the live texts", () => {
  for (const { code, tag } of LANGUAGES) {
    it(`${code}: window, on the way, courier, and "stops before" in every plural form of ${tag}`, () => {
      const texts = live(code);
      for (const key of ["title", "window", "onTheWay", "courier", "seenAt"]) expect(texts[key], key).toBeTruthy();
      expect(texts.seenAt).toContain("{{time}}");
      for (const form of new Intl.PluralRules(tag).resolvedOptions().pluralCategories) {
        expect(texts[`stopsBefore_${form}`] ?? texts.stopsBefore_other, form).toBeTruthy();
      }
      // Translated, not English left in place (a language that borrows a word may repeat one, not all).
      if (code !== "en") expect(texts.onTheWay).not.toBe(live("en").onTheWay);
    });
  }

  it("counts the stops before in the visitor's language", async () => {
    const ru = await createI18n("ru");
    expect(plural(ru.t, "ru", "live.stopsBefore", 3)).toBe("3 остановки перед вашей");
    expect(plural(ru.t, "ru", "live.stopsBefore", 5)).toBe("5 остановок перед вашей");
    const en = await createI18n("en");
    expect(plural(en.t, "en", "live.stopsBefore", 1)).toBe("1 stop before yours");
  });
});
