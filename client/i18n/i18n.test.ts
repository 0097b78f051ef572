import { describe, expect, it } from "vitest";
import { createI18n } from "./index";
import { plural } from "../modules/parcel/format";
import en from "./locales/en.json";
import de from "./locales/de.json";
import ru from "./locales/ru.json";
import se from "./locales/se.json";
import { LANGUAGE_CODES } from "@shared/i18n/languages";

describe("the i18next set-up", () => {
  it("reads nested keys in the chosen language, and English where the language has no text (an empty one included)", async () => {
    const i18n = await createI18n("de");
    expect(i18n.t("track.title")).toBe(de.track.title);
    expect(i18n.t("track.title")).not.toBe(en.track.title);
    // The store holds the imported files themselves (shared by every instance): this test changes a copy.
    i18n.store.data = structuredClone(i18n.store.data);
    i18n.addResource("de", "translation", "track.title", "");
    expect(i18n.t("track.title")).toBe(en.track.title);
    i18n.addResource("en", "translation", "only.english", "English only");
    expect(i18n.t("only.english")).toBe("English only");
  });

  it("loads the chosen language's texts and English's, no other", async () => {
    expect(Object.keys((await createI18n("de")).store.data).sort()).toEqual(["de", "en"]);
    expect(Object.keys((await createI18n("en")).store.data)).toEqual(["en"]);
  });

  it("gives one instance per call: a render in one language leaves another's alone", async () => {
    const [a, b] = await Promise.all([createI18n("de"), createI18n("ru")]);
    expect([a.language, b.language]).toEqual(["de", "ru"]);
    expect(a.t("track.title")).toBe(de.track.title);
    expect(b.t("track.title")).toBe(ru.track.title);
  });

  it("gives the default value, then the key, for a key no language has; a group of keys is not a text", async () => {
    const { t } = await createI18n("en");
    expect(t("no.such.key", { defaultValue: "Fallback {{n}}", n: 3 })).toBe("Fallback 3");
    expect(t("no.such.key")).toBe("no.such.key");
    expect(t("track.title.deeper")).toBe("track.title.deeper");
    expect(t("a:b")).toBe("a:b");
  });

  it("fills {{placeholders}} from the options and from `replace`, empty for a value given as undefined, and leaves escaping to React", async () => {
    const { t } = await createI18n("en");
    expect(t("hero.slideOf", { n: 2, total: 5 })).toBe("Slide 2 of 5");
    expect(t("hero.slideOf", { replace: { n: "<b>2</b>", total: 5 } })).toBe("Slide <b>2</b> of 5");
    expect(t("hero.slideOf", { n: 2, total: undefined })).toBe("Slide 2 of ");
  });

  it("chooses plural forms by the language's real tag: Russian's few and one, Swedish's one (the code `se`), English's", async () => {
    const eng = await createI18n("en");
    expect(plural(eng.t, "en", "track.quiet", 1)).toBe("No update for 1 day");
    expect(plural(eng.t, "en", "track.quiet", 4)).toBe("No update for 4 days");
    const rus = await createI18n("ru");
    expect(plural(rus.t, "ru", "track.quiet", 3)).toBe(ru.track.quiet_few.replace("{{count}}", "3"));
    expect(plural(rus.t, "ru", "track.quiet", 21)).toBe(ru.track.quiet_one.replace("{{count}}", "21"));
    const swe = await createI18n("se");
    expect(plural(swe.t, "se", "track.quiet", 1)).toBe(se.track.quiet_one.replace("{{count}}", "1"));
    expect(plural(swe.t, "se", "track.quiet", 2)).toBe(se.track.quiet_other.replace("{{count}}", "2"));
  });

  it("loads every language of the chooser", async () => {
    for (const code of LANGUAGE_CODES) {
      const i18n = await createI18n(code);
      expect(i18n.language, code).toBe(code);
      expect(i18n.t("track.title"), code).not.toBe("track.title");
      expect(i18n.hasResourceBundle(code, "translation"), code).toBe(true);
    }
  });
});
