// Times of day the one way (issue 36): in the language shown, with the visitor's own clock (24 h or 12 h as their
// browser's locale has it), on the public pages and the control panel alike; the server's render (and the hydrating
// client, which passes a zone) writes the language's.
import { afterEach, describe, expect, it, vi } from "vitest";

const AT = "2026-11-27T14:05:00.000Z";
const TO = "2026-11-27T15:05:00.000Z";
const zone = process.env.TZ;
afterEach(() => {
  vi.unstubAllGlobals();
  process.env.TZ = zone;
});

/** The formats as a browser whose languages are `languages` has them (fresh modules: the visitor's clock is read once). */
async function browserWith(...languages: string[]) {
  vi.resetModules();
  process.env.TZ = "UTC";
  vi.stubGlobal("window", {});
  vi.stubGlobal("navigator", { language: languages[0], languages });
  vi.stubGlobal("document", { getElementById: () => null });
  return { ...(await import("./format")), ...(await import("../../control/time")) };
}
// ICU puts a narrow no-break space before AM/PM: compared without spaces.
const bare = (s: string) => s.replace(/\s/g, " ");

describe("a time of day, the visitor's way", () => {
  it("an English page read in a British browser: 24 h; in an American one: 12 h; the control panel the same", async () => {
    const gb = await browserWith("en-GB", "en");
    expect(gb.fmtTime("en", AT)).toBe("14:05");
    expect(gb.fmtTimeRange("en", AT, TO)).toBe("14:05 – 15:05");
    expect(gb.fmtMoment("en", AT)).toBe("Nov 27, 2026, 14:05");
    expect(gb.clock(AT)).toBe("14:05");
    expect(gb.clockRange(AT, TO, new Date(AT))).toBe("14:05 – 15:05");
    const us = await browserWith("en-US");
    expect(bare(us.fmtTime("en", AT))).toBe("2:05 PM");
    expect(bare(us.clockRange(AT, TO, new Date(AT)))).toBe("2:05 PM – 3:05 PM");
  });

  it("the visitor's clock whatever the page's language: a German page in an American browser is 12 h, an English one in a German browser 24 h", async () => {
    const us = await browserWith("en-US");
    expect(us.fmtTime("de", AT)).toMatch(/^0?2:05\sPM$/);
    const de = await browserWith("de-DE");
    expect(de.fmtTime("en", AT)).toBe("14:05");
    expect(de.fmtTime("de", AT)).toBe("14:05");
  });

  it("the server's render, and a time in a zone named (what the hydrating client repeats), are the language's", async () => {
    const gb = await browserWith("en-GB");
    expect(bare(gb.fmtTimeRange("en", AT, TO, "UTC"))).toBe("2:05 PM – 3:05 PM");
    expect(bare(gb.fmtMoment("en", AT, "UTC"))).toBe("Nov 27, 2026, 2:05 PM");
    vi.resetModules();
    vi.unstubAllGlobals();
    const server = await import("./format");
    expect(bare(server.fmtTime("en", AT, "UTC"))).toBe("2:05 PM");
    expect(server.fmtTime("de", AT, "UTC")).toBe("14:05");
  });

  it("a missing or unreadable time is shown as it is", async () => {
    const gb = await browserWith("en-GB");
    expect(gb.clock(null)).toBe("");
    expect(gb.fmtTime("en", "soon")).toBe("soon");
  });
});
