import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../../shared/i18n/languages.js";
import { LABEL_WORDS, labelLanguage } from "./label.words.js";

describe("a label's words", () => {
  it("are written in every site language, each word", () => {
    const english = Object.keys(LABEL_WORDS.en).sort();
    expect(Object.keys(LABEL_WORDS).sort()).toEqual(LANGUAGES.map((l) => l.code).sort());
    for (const [code, words] of Object.entries(LABEL_WORDS)) {
      expect(Object.keys(words).sort(), code).toEqual(english);
      for (const [key, text] of Object.entries(words)) expect(text.trim(), `${code}.${key}`).not.toBe("");
      if (code !== "en") expect(words.cod, code).not.toBe(LABEL_WORDS.en.cod);
    }
  });

  it("follow the recipient's language, English without one, with the real tag for numbers", () => {
    expect(labelLanguage("de").words.to).toBe("EMPFÄNGER");
    expect(labelLanguage("vn")).toMatchObject({ tag: "vi", words: { to: "NGƯỜI NHẬN" } });
    expect(labelLanguage(null).words.to).toBe("TO");
    expect(labelLanguage("xx").tag).toBe("en");
  });
});
