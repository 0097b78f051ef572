// The server's render of the public first screens (server/ssr.ts) with the built client (dist/client and
// dist/ssr, built by scripts/test-setup.mjs): a protected parcel's page holds no more than the anonymous
// public view (no e-mail, postcode or street, in the markup or in the cache it carries), a wrong code renders
// the error state, unknown addresses stay 404s without a render, a session or a second factor gets the page
// the client renders (never stored), and each page counts one look-up against the tracking limit.
import "reflect-metadata";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ViewCache } from "../../server/core/cache.js";
import { signedInAdmin } from "../helpers/admin.js";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { CLIENT_DIR, STATE, requireBuiltRender } from "../helpers/ssr.js";

const CREATE_PARCEL = `mutation($i: CreateParcelInput!) { createParcel(input: $i) { id tracking_code } }`;
const LIMIT = 3;

let t: TestApp;
let admin: Client;
let anon: Client;
let code: string;
let address = 0;
/** Each test looks up from its own address (TRUST_PROXY), so the tracking limit is its own. */
const from = () => ({ "x-forwarded-for": `198.51.100.${++address}` });

beforeAll(async () => {
  requireBuiltRender();
  // No render budget here: these tests look at what a render holds, and on a busy host a slow first render could
  // spend the budget and send a later test the client's page. The budget has its own tests (ssr-budget.test.ts).
  t = await startTestApp({ CLIENT_DIR, TRUST_PROXY: "true", RATE_LIMIT_TRACKING: String(LIMIT), SSR_BUDGET_MS: "0" });
  admin = await signedInAdmin(t.url);
  anon = new Client(t.url);
  const r = await admin.gql(CREATE_PARCEL, {
    i: {
      tracking_code: `SSR-${Date.now().toString(36)}`.toUpperCase(),
      recipient_name: "Jane Doe",
      sender_name: "Acme Export Ltd",
      recipient_email: "private.person@example.com",
      recipient_postcode: "1011 AB",
      destination: "Keizersgracht 123, 1011 AB Amsterdam, Netherlands",
      pickup_location: "14 Camden High Street, London NW1 0JH, United Kingdom",
      protect_details: true,
      notify_recipient: false,
    },
  });
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  code = r.data.createParcel.tracking_code;
});
afterAll(async () => {
  await t?.close();
});

describe("server-rendered tracking page", () => {
  it("shows a protected parcel as the anonymous view does, and nothing more", async () => {
    const page = await anon.get(`/track.html?code=${code}`, from());
    expect(page.status).toBe(200);
    expect(page.text).toContain(`id="parcel-code"`);
    expect(page.text).toContain(code);
    // The same masked names the API gives the code alone.
    const api = await anon.get(`/api/parcels/${code}`, from());
    expect(api.json.data).toMatchObject({ details_protected: true, recipient_name: "J*** D***" });
    const state = JSON.parse(STATE.exec(page.text)![1]);
    expect(JSON.stringify(state)).toContain("J*** D***");
    for (const secret of ["private.person", "example.com", "1011 AB", "1011AB", "Keizersgracht", "Camden High", "NW1", "Jane Doe", "Acme Export"]) {
      expect(page.text, secret).not.toContain(secret);
    }
  });

  it("renders a wrong code's error state (status 200, as the screen is found) and carries the error for hydration", async () => {
    const page = await anon.get("/track.html?code=NO-SUCH-CODE-1", from());
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/class="card track-error" role="alert"/);
    expect(page.text).not.toContain(`id="parcel-code"`);
    const state = JSON.parse(STATE.exec(page.text)![1]);
    expect(Object.values(state.errors).flat()).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: "NOT_FOUND" }) })]);
  });

  it("counts one look-up per page against the tracking limit", async () => {
    const me = from();
    for (let i = 0; i < LIMIT; i++) {
      const page = await anon.get(`/track.html?code=${code}`, me);
      expect(page.text, `page ${i + 1}`).toContain(`id="parcel-code"`);
    }
    const over = await anon.get(`/track.html?code=${code}`, me);
    expect(over.status).toBe(200);
    expect(over.text).not.toContain(`id="parcel-code"`);
    expect(over.text).toMatch(/class="card track-error" role="alert"/);
    expect(JSON.stringify(JSON.parse(STATE.exec(over.text)![1]).errors)).toContain("TOO_MANY_REQUESTS");
  });

  it("gives a second factor, a session or an API key the client's page, never stored", async () => {
    for (const [label, client, headers] of [
      ["verify", anon, from()],
      ["session", admin, from()],
      ["key", anon, { ...from(), authorization: "Bearer not-a-real-key" }],
    ] as const) {
      const path = label === "verify" ? `/track.html?code=${code}&verify=1011AB` : `/track.html?code=${code}`;
      const page = await client.get(path, headers);
      expect(page.status, label).toBe(200);
      expect(page.text, label).toContain('<div id="root"></div>');
      expect(page.text, label).not.toMatch(STATE);
      expect(page.headers.get("cache-control"), label).toBe("private, no-store");
      expect(page.headers.get("etag"), label).toBeNull();
    }
  });

  it("answers an anonymous page with an ETag, and 304 when the visitor holds it", async () => {
    const me = from();
    const first = await anon.get("/", me);
    expect(first.status).toBe(200);
    expect(first.text).toMatch(STATE);
    const etag = first.headers.get("etag")!;
    expect(etag).toBeTruthy();
    expect(first.headers.get("vary")).toContain("Cookie");
    const again = await anon.get("/", { ...me, "if-none-match": etag });
    expect(again.status).toBe(304);
  });
});

describe("addresses the server does not render", () => {
  it("keeps unknown addresses and page slugs 404s, and the control panel client-only", async () => {
    for (const p of ["/no-such-screen", "/pages/no-such-page"]) {
      const r = await anon.get(p, from());
      expect(r.status, p).toBe(404);
      expect(r.text, p).toContain('<div id="root"></div>');
      expect(r.text, p).not.toMatch(STATE);
    }
    const control = await anon.get("/control", from());
    expect(control.status).toBe(200);
    expect(control.text).toContain('<div id="root"></div>');
  });

  it("renders the home page in the visitor's language (cookie or ?lang=) with <html lang dir>", async () => {
    const de = await anon.get("/", { ...from(), cookie: "lang=de" });
    expect(de.text).toMatch(/<html lang="de" dir="ltr"/);
    expect(de.text).toContain("Wir liefern Ihre Fracht");
    const ar = await anon.get("/?lang=ar", from());
    expect(ar.text).toMatch(/<html lang="ar" dir="rtl"/);
    // An unknown ?lang= leaves the cookie's language, as the client does.
    const kept = await anon.get("/?lang=xx", { ...from(), cookie: "lang=de" });
    expect(kept.text).toMatch(/<html lang="de" dir="ltr"/);
    const en = await anon.get("/", { ...from(), cookie: "lang=xx" });
    expect(en.text).toMatch(/<html lang="en" dir="ltr"/);
    expect(en.text).toContain("We deliver your cargo to every corner of the world");
  });

  it("renders a visitor who chose no language (or an unknown one) in the company's language, which every page names", async () => {
    const before = await anon.get("/", from());
    expect(before.text).toMatch(/<html lang="en" dir="ltr"/);
    expect(before.text).toContain('<meta name="company-language" content="en">');
    expect((await admin.patch("/api/settings", { language: "ar" })).status).toBe(200);
    try {
      for (const cookie of [undefined, "lang=xx"]) {
        const r = await anon.get("/", { ...from(), ...(cookie ? { cookie } : {}) });
        expect(r.text).toMatch(/<html lang="ar" dir="rtl"/);
        expect(r.text).toContain('<meta name="company-language" content="ar">');
        expect(r.text).toContain("نوصل شحنتك إلى كل بقاع العالم");
      }
      // A visitor's own choice still wins; the control panel's page (not rendered) names the company's language too.
      const de = await anon.get("/", { ...from(), cookie: "lang=de" });
      expect(de.text).toMatch(/<html lang="de" dir="ltr"/);
      expect(de.text).toContain("Wir liefern Ihre Fracht");
      const control = await anon.get("/control/index.html", from());
      expect(control.text).toContain('<meta name="company-language" content="ar">');
      expect(control.text).toMatch(/<html lang="ar" dir="rtl"/);
    } finally {
      expect((await admin.patch("/api/settings", { language: "en" })).status).toBe(200);
    }
  });

  it("escapes the carried state: text with </script> and U+2028 cannot end the script", async () => {
    const r = await admin.gql(CREATE_PARCEL, {
      i: {
        tracking_code: `SSX-${Date.now().toString(36)}`.toUpperCase(),
        recipient_name: "X",
        destination: "</script><script>alert(1)</script>\u2028Town, Land",
      },
    });
    expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
    const page = await anon.get(`/track.html?code=${r.data.createParcel.tracking_code}`, from());
    const state = STATE.exec(page.text)![1];
    expect(state).not.toContain("</script>");
    expect(state).not.toContain("\u2028");
    expect(JSON.stringify(JSON.parse(state))).toContain("</script><script>alert(1)</script>");
    expect(page.text).not.toContain("<script>alert(1)");
  });
});

describe("a render that fails", () => {
  it("sends the page the client renders (200, not 500)", async () => {
    // The failure is injected where the render starts: the kept pages' look-up of this page (server/ssr.ts).
    const get = ViewCache.prototype.get;
    let injected = 0;
    const spy = vi.spyOn(ViewCache.prototype, "get").mockImplementation(function (this: ViewCache<unknown>, key: string) {
      if (key.endsWith(`/track.html?code=${code}`) && !injected++) throw new Error("failure injected by the test");
      return get.call(this, key);
    });
    try {
      const page = await anon.get(`/track.html?code=${code}`, from());
      expect(injected).toBe(1);
      expect(page.status).toBe(200);
      expect(page.text).toContain('<div id="root"></div>');
      expect(page.text).not.toMatch(STATE);
      expect(page.text).toMatch(/<script type="module" crossorigin src=/);
    } finally {
      spy.mockRestore();
    }
    // The next request renders again.
    expect((await anon.get("/", from())).text).toMatch(STATE);
  });
});

describe("kept rendered pages", () => {
  it("sends a kept page again while its answers are the same, renders anew at once after a write, and counts one look-up a page", async () => {
    const r = await admin.gql(CREATE_PARCEL, {
      i: {
        tracking_code: `KEPT-${Date.now().toString(36)}`.toUpperCase(),
        recipient_name: "Kept Page",
        destination: "Accra, Ghana",
        status: "In transit",
        notify_recipient: false,
      },
    });
    expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
    const { id, tracking_code } = r.data.createParcel;
    const me = from();
    const first = await anon.get(`/track.html?code=${tracking_code}`, me);
    const second = await anon.get(`/track.html?code=${tracking_code}`, me);
    expect(first.text).toMatch(STATE);
    expect(first.text).toContain("In transit");
    expect(second.text).toBe(first.text);
    const u = await admin.gql(`mutation($i: UpdateParcelInput!) { updateParcel(input: $i) { status } }`, { i: { id, status: "Out for delivery" } });
    expect(u.errors, JSON.stringify(u.errors)).toBeUndefined();
    // The third page from this address: the new status at once, and still within the limit of 3 look-ups
    // (the check of the kept page and the new render share one look-up).
    const third = await anon.get(`/track.html?code=${tracking_code}`, me);
    expect(third.text).toContain("Out for delivery");
    expect(third.text).not.toContain("TOO_MANY_REQUESTS");
    expect(third.text).toContain(`id="parcel-code"`);
    // The fourth is over the limit: the kept page is not sent, the error state is rendered.
    const fourth = await anon.get(`/track.html?code=${tracking_code}`, me);
    expect(fourth.text).not.toContain(`id="parcel-code"`);
    expect(JSON.stringify(JSON.parse(STATE.exec(fourth.text)![1]).errors)).toContain("TOO_MANY_REQUESTS");
  });
});

describe("the server's render build", () => {
  it("holds neither Leaflet nor the control panel", () => {
    const dir = path.resolve("dist/ssr");
    const files = fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && e.name.endsWith(".js"));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      const text = fs.readFileSync(path.join(f.parentPath, f.name), "utf8");
      expect(text, f.name).not.toMatch(/leaflet/i);
      expect(f.name).not.toMatch(/^(ControlRoutes|ParcelMap)/);
    }
  });
});

describe("the rendered page on the wire", () => {
  it("is compressed for clients that take it (its own ETag per encoding), with one script at low priority", async () => {
    const raw = await fetch(`${t.url}/pages/no-such`, { headers: { "accept-encoding": "identity" } });
    expect(raw.headers.get("content-encoding")).toBeNull();
    const plain = await anon.get("/", { ...from(), "accept-encoding": "identity" });
    const br = await fetch(`${t.url}/`, { headers: { ...from(), "accept-encoding": "br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toContain("Accept-Encoding");
    expect(br.headers.get("etag")).not.toBe(plain.headers.get("etag"));
    expect(await br.text()).toBe(plain.text);
    expect(plain.text).toMatch(/<script type="module" crossorigin fetchpriority="low" src=/);
    // Only the small entry comes with the page; it asks for the app after the first paint (client/boot.ts).
    expect(plain.text).not.toContain("modulepreload");
    expect(plain.text.match(/<script type="module"/g)).toHaveLength(1);
  });
});
