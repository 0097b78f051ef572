import { describe, expect, it } from "vitest";
import {
  HIDDEN_SCREENS,
  isControlPath,
  isHiddenFromSearch,
  LISTED_SCREENS,
  normalPath,
  pagePath,
  pageSlugAt,
  SCREENS,
  screenAt,
  SETUP_PATHS,
} from "./routes.codes.js";

describe("the public routes", () => {
  it("finds each screen at its address, and nothing at a near miss", () => {
    expect(screenAt("/")).toBe("home");
    expect(screenAt("/track.html")).toBe("track");
    expect(screenAt("/contact.html")).toBe("contact");
    expect(screenAt("/resolution.html")).toBe("resolution");
    expect(screenAt("/unsubscribe.html")).toBe("unsubscribe");
    expect(screenAt("/debug")).toBe("debug");
    expect(screenAt("/quote")).toBe("quote");
    expect(screenAt("/account")).toBe("account");
    expect(screenAt("/account/verify")).toBe("account");
    expect(screenAt("/accounts")).toBeNull();
    expect(screenAt("/track")).toBeNull();
    expect(screenAt("/pages/about-us")).toBeNull();
  });

  it("reads a content page's slug, one path segment only", () => {
    expect(pageSlugAt(pagePath("about-us"))).toBe("about-us");
    expect(pageSlugAt("/pages/")).toBeNull();
    expect(pageSlugAt("/pages/a/b")).toBeNull();
    expect(pageSlugAt("/page/a")).toBeNull();
  });

  it("drops trailing slashes but keeps the root", () => {
    expect(normalPath("/track.html/")).toBe("/track.html");
    expect(normalPath("///")).toBe("/");
    expect(normalPath("/")).toBe("/");
  });

  it("tells the control panel and set-up apart from look-alike addresses", () => {
    for (const p of ["/control", "/control/index.html", "/cp", "/cp/signup", ...SETUP_PATHS]) expect(isControlPath(p), p).toBe(true);
    for (const p of ["/controls", "/cpanel", "/", "/pages/control"]) expect(isControlPath(p), p).toBe(false);
  });

  it("lists home, contact and the quote for search engines and hides the per-visitor screens, the shipper's area and the panel", () => {
    expect(LISTED_SCREENS.map((s) => SCREENS[s])).toEqual(["/", "/contact.html", "/quote"]);
    expect(HIDDEN_SCREENS.map((s) => SCREENS[s])).toEqual(["/track.html", "/unsubscribe.html", "/debug", "/account"]);
    for (const p of ["/track.html", "/unsubscribe.html", "/debug", "/account", "/account/signin", "/control/index.html", "/cp"])
      expect(isHiddenFromSearch(p), p).toBe(true);
    for (const p of ["/", "/contact.html", "/quote", "/resolution.html", "/pages/about-us"]) expect(isHiddenFromSearch(p), p).toBe(false);
  });
});
