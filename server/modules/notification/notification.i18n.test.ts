import { describe, expect, it } from "vitest";
import { mailLanguage } from "./notification.i18n.js";

describe("recipient e-mail language", () => {
  it("translates with the site's locale files and falls back to English for an unknown code", () => {
    expect(mailLanguage("de").t("notify.subject", { code: "CR-1", status: "Zugestellt" })).toBe("Sendung CR-1: Zugestellt");
    expect(mailLanguage("de").t("status.delivered")).not.toBe("Delivered");
    expect(mailLanguage(null).t("notify.hello", { name: "Ada" })).toBe("Hello Ada,");
    expect(mailLanguage("xx").code).toBe("en");
    expect(mailLanguage("ar")).toMatchObject({ tag: "ar", rtl: true });
    expect(mailLanguage("se")).toMatchObject({ tag: "sv", rtl: false });
  });

  it("writes the delivery window in the language, one date or a range, and leaves a malformed date as it is", () => {
    const fr = mailLanguage("fr");
    expect(fr.dateRange("2030-01-02", null)).toBe(
      new Intl.DateTimeFormat("fr", { dateStyle: "long", timeZone: "UTC" }).format(new Date("2030-01-02T00:00:00Z")),
    );
    expect(fr.dateRange("2030-01-05", "2030-01-02")).toBe(fr.dateRange("2030-01-02", "2030-01-05"));
    expect(fr.dateRange("2030-01-02", "2030-01-05")).toMatch(/2030/);
    expect(fr.dateRange("soon", "2030-01-05")).toBe("soon – 2030-01-05");
  });
});
