// The strings a server's render formatted go with the page, and the browser's hydration reads them instead of
// building Intl's formatters (client/formatted.ts); what depends on where it runs (the visitor's own zone) is not kept.
import { afterEach, describe, expect, it, vi } from "vitest";
import i18next from "i18next";
import { recordFormats, type Formatted } from "./formatted";
import { deliveryWindow, fmtMoment, fmtNumber, fmtDate, fmtTimeRange, plural } from "./modules/parcel/format";
import { SERVER_STATE_ID } from "@shared/core/routes.codes";

/** The formats as a browser has them that opens a page the server rendered with `formatted` (fresh modules). */
async function inBrowser(formatted: Formatted) {
  vi.resetModules();
  const state = JSON.stringify({ cache: {}, errors: {}, formatted });
  vi.stubGlobal("document", { getElementById: (id: string) => (id === SERVER_STATE_ID ? { textContent: state } : null) });
  return import("./modules/parcel/format");
}

const AT = "2026-11-27T14:05:00.000Z";
const zone = process.env.TZ;
afterEach(() => {
  vi.unstubAllGlobals();
  process.env.TZ = zone;
});

async function english() {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: "en", resources: { en: { translation: { n_one: "{{count}} day", n_other: "{{count}} days" } } } });
  return i18n.t;
}

describe("formats kept from the server's render", () => {
  it("records what a pass formatted, and the browser reads it back instead of formatting", async () => {
    const t = await english();
    const pass = (f = { fmtMoment, fmtDate, fmtNumber, deliveryWindow, fmtTimeRange, plural }) =>
      [
        f.fmtMoment("en", AT, "UTC"),
        f.fmtDate("en", "2026-11-27", { day: "numeric", month: "short" }),
        f.fmtNumber("de", 1234.5),
        f.deliveryWindow("en", "2026-11-28", "2026-11-30", new Date("2026-11-27T12:00:00Z")),
        f.fmtTimeRange("en", AT, "2026-11-27T15:05:00.000Z", "UTC"),
        f.plural(t, "en", "n", 3),
      ].join(" | ");
    const [out, formatted] = recordFormats(pass);
    expect(out).toContain("1.234,5");
    expect(out).toContain("3 days");
    // Every format above is kept, by formatter and input (the plural twice: its category and its number).
    expect(Object.values(formatted).flatMap((inputs) => Object.keys(inputs))).toHaveLength(7);
    // The browser reads the page's strings: replaced here by markers, which it then shows.
    const marked = Object.fromEntries(Object.entries(formatted).map(([f, inputs]) => [f, Object.fromEntries(Object.keys(inputs).map((i) => [i, `#${i}#`]))]));
    const again = pass(await inBrowser(marked));
    expect(again).not.toContain("1.234,5");
    expect(again).toContain(`#${new Date(AT).getTime()}#`);
    expect(again).toContain("#1234.5#");
    // A plural's category and number are kept, its sentence still comes from the translations.
    expect(again).toContain("#3# days");
    // Outside a render pass nothing is recorded.
    expect(recordFormats(() => 1)[1]).toEqual({});
  });

  it("a moment in the visitor's own zone is kept only where that zone is UTC at that moment", () => {
    process.env.TZ = "Asia/Tokyo";
    const [tokyo, inTokyo] = recordFormats(() => fmtMoment("en", AT));
    expect(tokyo).toMatch(/11:05/);
    expect(inTokyo).toEqual({});
    process.env.TZ = "UTC";
    const [utc, inUtc] = recordFormats(() => fmtMoment("en", AT));
    expect(utc).toMatch(/2:05/);
    // Formatted as UTC: the same string as the server's UTC render, so a UTC visitor's page needs no Intl.
    expect(Object.keys(inUtc)[0]).toContain('"timeZone":"UTC"');
    expect(recordFormats(() => fmtMoment("en", AT, "UTC"))[1]).toEqual(inUtc);
  });

  it("days of the calendar are the same wherever they are formatted", async () => {
    process.env.TZ = "America/Los_Angeles";
    const [west, kept] = recordFormats(() => deliveryWindow("en", "2026-11-28", "2026-11-30", new Date("2026-11-27T12:00:00Z")));
    process.env.TZ = "Pacific/Auckland";
    expect((await inBrowser(kept)).deliveryWindow("en", "2026-11-28", "2026-11-30", new Date("2026-11-27T12:00:00Z"))).toBe(west);
    expect(west).toMatch(/^Sat, Nov 28\s–\sMon, Nov 30$/);
  });
});
