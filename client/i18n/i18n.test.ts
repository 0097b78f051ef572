import { afterEach, describe, expect, it } from "vitest";
import { addEnglish, currentTag, i18n, loadLanguage, setLanguage, t } from "./index";
import homeTexts from "./locales/en.json?home";
import en from "./locales/en.json";
import de from "./locales/de.json";
import ru from "./locales/ru.json";
import { LANGUAGE_CODES } from "./languages";

afterEach(() => setLanguage("en"));

describe("t", () => {
  it("reads a nested key in the current language, English where the language has no text", async () => {
    await loadLanguage("de");
    setLanguage("de");
    expect(t("track.title")).toBe(de.track.title);
    expect(t("track.title")).not.toBe(en.track.title);
    // A key German leaves out (or leaves empty) is English's.
    expect(t("brand.name")).toBe((de as { brand?: { name?: string } }).brand?.name || en.brand.name);
    setLanguage("en");
    expect(t("track.title")).toBe(en.track.title);
  });

  it("gives the default value, then the key, for a key no language has; a group of keys is not a text", () => {
    expect(t("no.such.key", { defaultValue: "Fallback {{n}}", n: 3 })).toBe("Fallback 3");
    expect(t("no.such.key")).toBe("no.such.key");
    expect(t("track")).toBe("track");
    expect(t("track.title.deeper")).toBe("track.title.deeper");
  });

  it("has English's home texts only once the home screen has added them, and all English's other texts from the start", () => {
    expect(t("hero.slideOf")).toBe("hero.slideOf");
    expect(Object.keys(homeTexts)).toContain("faq");
    expect(Object.keys(homeTexts)).not.toContain("track");
    for (const k of Object.keys(en).filter((k) => !(k in homeTexts))) expect(t(`${k}.no-such`, { defaultValue: "x" }), k).toBe("x");
    expect(t("track.title")).toBe(en.track.title);
    addEnglish(homeTexts);
    expect(t("hero.slideOf")).toBe(en.hero.slideOf);
    expect(t("faq.title")).toBe((en.faq as Record<string, string>).title ?? "faq.title");
  });

  it("fills {{placeholders}} from the options and from `replace`, empty where no value is given, and never as HTML", () => {
    expect(t("hero.slideOf", { n: 2, total: 5 })).toBe("Slide 2 of 5");
    expect(t("hero.slideOf", { replace: { n: "<b>2</b>", total: 5 } })).toBe("Slide <b>2</b> of 5");
    expect(t("hero.slideOf", { n: 2 })).toBe("Slide 2 of ");
    expect(t("hero.slideOf")).toBe("Slide {{n}} of {{total}}");
  });

  it("chooses plural forms by the language's rules: Russian's few and many, English's one and other", async () => {
    expect(t("track.quiet", { count: 1 })).toBe("No update for 1 day");
    expect(t("track.quiet", { count: 4 })).toBe("No update for 4 days");
    await loadLanguage("ru");
    setLanguage("ru");
    expect(currentTag()).toBe("ru");
    expect(t("track.quiet", { count: 3 })).toBe(ru.track.quiet_few.replace("{{count}}", "3"));
    expect(t("track.quiet", { count: 21 })).toBe(ru.track.quiet_one.replace("{{count}}", "21"));
  });

  it("keeps a language whose file is not loaded as the current one, with English texts", () => {
    setLanguage("se");
    expect(i18n.language).toBe("se");
    expect(currentTag()).toBe("sv");
    expect(t("track.title")).toBe(en.track.title);
  });

  it("loads every language of the chooser", async () => {
    for (const code of LANGUAGE_CODES) {
      await loadLanguage(code);
      setLanguage(code);
      expect(t("track.title"), code).not.toBe("track.title");
    }
  });
});
