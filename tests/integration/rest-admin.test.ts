import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SETUP_TOKEN, startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { mailText, startSmtp } from "../helpers/smtp.js";
import { ADMIN, fails, form, ok } from "../fixtures/rest.js";
import { settleAccountMail } from "../../server/modules/admin/admin.service.js";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ SMTP_URL: smtp.url, SMTP_ALLOW_PLAIN: "true" });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const client = () => new Client(t.url);
const SESSION = "courier_sid";

/** Every admin-only path with a body that would otherwise be acceptable in shape. */
const ADMIN_PATHS: [string, string, unknown?][] = [
  ["GET", "/api/parcels"],
  ["POST", "/api/parcels", { tracking_code: "NOPE-1", recipient_name: "A", destination: "B" }],
  ["PATCH", "/api/parcels", { id: 1, status: "x" }],
  ["DELETE", "/api/parcels", { id: 1 }],
  ["POST", "/api/parcels/image", { id: 1 }],
  ["POST", "/api/activities", { parcel_id: 1, title: "t", description: "d" }],
  ["PATCH", "/api/activities", { id: 1, title: "t" }],
  ["DELETE", "/api/activities", { id: 1 }],
  ["POST", "/api/pages", { title: "T", content: "C" }],
  ["PATCH", "/api/pages", { id: 1, title: "T" }],
  ["DELETE", "/api/pages", { id: 1 }],
  ["POST", "/api/reviews", { name: "N", review: "R" }],
  ["DELETE", "/api/reviews", { id: 1 }],
  ["PATCH", "/api/settings", { meta_description: "x" }],
  ["POST", "/api/invoices", { product: "P" }],
  ["GET", "/api/invoices/1"],
  ["GET", "/api/outbox"],
  ["PATCH", "/api/admins/auth/update/password-user", { password: "a", new_password: "bbbbbbbb", confirm_new_password: "bbbbbbbb" }],
];

describe("POST /api/admins (the one-time link)", () => {
  it("403 without the setup token, whatever else is sent; nothing is created", async () => {
    expect(fails(await client().post("/api/admins", {}), 403)[0]).toMatch(/^token is missing or wrong/);
    fails(await client().post("/api/admins", { email: "a@example.com", password: ADMIN.password, token: "guess" }), 403);
    fails(await client().post("/api/admins", { email: "a@example.com", password: ADMIN.password, token: SETUP_TOKEN.slice(0, -1) }), 403);
    fails(await client().post("/api/admins", { email: "a@example.com", password: ADMIN.password, token: [SETUP_TOKEN] }), 403);
  });

  it("422 naming each bad field while no admin exists, and nothing is created", async () => {
    expect(fails(await client().post("/api/admins", { token: SETUP_TOKEN }), 422)).toEqual(["email is required", "password is required"]);
    expect(fails(await client().post("/api/admins", { email: "nope", password: "short", token: SETUP_TOKEN }), 422)).toEqual([
      "email must be an e-mail address",
      "password must be at least 12 characters",
    ]);
    expect(fails(await client().post("/api/admins", { email: "a@example.com", password: "password1234", token: SETUP_TOKEN }), 422)).toEqual([
      "password is one of the most common passwords; choose another",
    ]);
    fails(await client().post("/api/admins/auth/signin", { email: "nope@example.com", password: "short" }), 422);
  });

  it("201 with the e-mail (lower-cased), then 403 for every later call, before validation", async () => {
    const r = await client().post("/api/admins", { email: "Boss@Example.com", password: ADMIN.password, token: SETUP_TOKEN });
    expect(ok(r, 201)).toEqual({ email: ADMIN.email, role: "owner" });
    expect(r.json.message).toBe("Admin created");
    expect(fails(await client().post("/api/admins", { email: "other@example.com", password: "long enough 2", token: SETUP_TOKEN }), 403)[0]).toMatch(
      /already exists/,
    );
    fails(await client().post("/api/admins", {}), 403);
    fails(await client().post("/api/admins", "{broken", { "content-type": "application/json" }), 400);
    // Multipart is not taken here at all (only file uploads and sign-in read it).
    fails(await client().post("/api/admins", form({ email: "x" })), 415);
  });
});

describe("401 on every admin path without a session", () => {
  it.each(ADMIN_PATHS)('%s %s -> 401 with admin "false"', async (method, path, body) => {
    const r = await client().request(method, path, body);
    fails(r, 401);
    expect(r.json.admin).toBe("false");
    expect(r.json.errors).toEqual(["Please sign in as admin"]);
  });

  it("also with a forged or expired cookie", async () => {
    const c = client();
    c.cookies.set(SESSION, "forged-token");
    expect((await c.get("/api/outbox")).json).toMatchObject({ status: "401", admin: "false" });
  });
});

describe("POST /api/admins/auth/signin", () => {
  it("JSON: 200 { email }, an HttpOnly SameSite=Lax session cookie, and admin calls work", async () => {
    const c = client();
    const r = await c.post("/api/admins/auth/signin", { email: "BOSS@Example.COM", password: ADMIN.password });
    expect(ok(r)).toEqual({ email: ADMIN.email, role: "owner" });
    expect(r.json.message).toBe("Signed in");
    const cookie = r.headers.getSetCookie().find((s) => s.startsWith(`${SESSION}=`))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    ok(await c.get("/api/outbox"));
    expect(ok(await c.get("/api/graph")).admin).toBe(true);
  });

  it("multipart works the same", async () => {
    const c = client();
    expect(ok(await c.post("/api/admins/auth/signin", form(ADMIN)))).toEqual({ email: ADMIN.email, role: "owner" });
    ok(await c.get("/api/parcels"));
  });

  it("422 for a wrong password or an unknown e-mail (same message), and no cookie", async () => {
    const c = client();
    const wrong = await c.post("/api/admins/auth/signin", { email: ADMIN.email, password: "wrong password" });
    expect(fails(wrong, 422)).toEqual(["email or password is incorrect"]);
    expect(fails(await c.post("/api/admins/auth/signin", { email: "ghost@example.com", password: "whatever1" }), 422)).toEqual([
      "email or password is incorrect",
    ]);
    expect(c.cookies.has(SESSION)).toBe(false);
  });

  it("422 naming missing or malformed fields", async () => {
    expect(fails(await client().post("/api/admins/auth/signin", {}), 422)).toEqual(["email is required", "password is required"]);
    expect(fails(await client().post("/api/admins/auth/signin", { email: "x", password: 12345678 }), 422)).toEqual([
      "email must be an e-mail address",
      "password must be text",
    ]);
  });
});

describe("GET /api/admins/auth/signout", () => {
  it("ends the session server-side: the old cookie no longer works", async () => {
    const c = client();
    ok(await c.post("/api/admins/auth/signin", ADMIN));
    const token = c.cookies.get(SESSION)!;
    const r = await c.get("/api/admins/auth/signout");
    expect(ok(r)).toBeNull();
    expect(c.cookies.has(SESSION)).toBe(false);
    const replay = client();
    replay.cookies.set(SESSION, token);
    expect((await replay.get("/api/parcels")).json).toMatchObject({ status: "401", admin: "false" });
  });

  it("200 null also when not signed in", async () => {
    expect(ok(await client().get("/api/admins/auth/signout"))).toBeNull();
  });
});

describe("GET /api/users/auth/signout (public)", () => {
  it("200 null, signed in or not, and leaves the admin session alone", async () => {
    expect(ok(await client().get("/api/users/auth/signout"))).toBeNull();
    const c = client();
    ok(await c.post("/api/admins/auth/signin", ADMIN));
    expect(ok(await c.get("/api/users/auth/signout"))).toBeNull();
    ok(await c.get("/api/parcels"));
  });
});

async function requestToken(): Promise<string> {
  const before = smtp.messages.length;
  ok(await client().post("/api/admins/auth/send-pin", { email: ADMIN.email }));
  const m = await smtp.waitFor((x) => smtp.messages.indexOf(x) >= before && x.to.includes(ADMIN.email));
  return /Your token: (\S+)/.exec(mailText(m.raw))![1];
}

describe("POST /api/admins/auth/send-pin", () => {
  it("200 null and a token by e-mail for an account; the same answer for an unknown address, with no mail", async () => {
    const r = await client().post("/api/admins/auth/send-pin", { email: ADMIN.email });
    expect(ok(r)).toBeNull();
    const m = await smtp.waitFor((x) => x.to.includes(ADMIN.email));
    expect(mailText(m.raw)).toMatch(/Your token: \S+/);
    const count = smtp.messages.length;
    const unknown = await client().post("/api/admins/auth/send-pin", { email: "ghost@example.com" });
    expect(unknown.json).toEqual(r.json);
    // The mail goes in the background: once what was started has finished, nothing has been sent.
    await settleAccountMail();
    expect(smtp.messages.length).toBe(count);
  });

  it("also as PATCH (documented that way in one place); 422 for a malformed e-mail", async () => {
    expect(ok(await client().patch("/api/admins/auth/send-pin", { email: "ghost@example.com" }))).toBeNull();
    expect(fails(await client().post("/api/admins/auth/send-pin", { email: "ghost" }), 422)).toEqual(["email must be an e-mail address"]);
    expect(fails(await client().post("/api/admins/auth/send-pin", {}), 422)).toEqual(["email is required"]);
  });
});

describe("PATCH /api/admins/auth/update/password-guest", () => {
  const NEW = "a brand new password";

  it("422 for a mismatch, a wrong token, another account's e-mail, or a short password", async () => {
    const token = await requestToken();
    const base = { email: ADMIN.email, new_password: NEW, confirm_new_password: NEW, password_token: token };
    expect(fails(await client().patch("/api/admins/auth/update/password-guest", { ...base, confirm_new_password: "different!" }), 422)).toEqual([
      "confirm_new_password must match new_password",
    ]);
    expect(fails(await client().patch("/api/admins/auth/update/password-guest", { ...base, password_token: "wrong" }), 422)).toEqual([
      "password_token is invalid or expired",
    ]);
    fails(await client().patch("/api/admins/auth/update/password-guest", { ...base, email: "ghost@example.com" }), 422);
    expect(
      fails(await client().patch("/api/admins/auth/update/password-guest", { ...base, new_password: "short", confirm_new_password: "short" }), 422),
    ).toEqual(["new_password must be at least 12 characters"]);
    expect(fails(await client().patch("/api/admins/auth/update/password-guest", {}), 422)).toEqual([
      "email is required",
      "new_password is required",
      "confirm_new_password is required",
      "password_token is required",
    ]);
  });

  it("resets with a valid token (once), ends every session, and the new password signs in", async () => {
    const other = client();
    ok(await other.post("/api/admins/auth/signin", ADMIN));
    const token = await requestToken();
    const body = { email: ADMIN.email, new_password: NEW, confirm_new_password: NEW, password_token: token };
    const r = await client().patch("/api/admins/auth/update/password-guest", body);
    expect(ok(r)).toBeNull();
    expect(r.json.message).toBe("Password updated");
    fails(await client().patch("/api/admins/auth/update/password-guest", body), 422);
    fails(await other.get("/api/parcels"), 401);
    fails(await client().post("/api/admins/auth/signin", ADMIN), 422);
    ok(await client().post("/api/admins/auth/signin", { email: ADMIN.email, password: NEW }));
    // Back to the usual password for the rest of the file.
    const again = await requestToken();
    ok(
      await client().patch("/api/admins/auth/update/password-guest", {
        email: ADMIN.email,
        new_password: ADMIN.password,
        confirm_new_password: ADMIN.password,
        password_token: again,
      }),
    );
  });

  it("422 for an expired token", async () => {
    const token = await requestToken();
    const { db } = await import("../../server/db/index.js");
    await db().passwordReset.updateMany({ where: { used_at: null }, data: { expires_at: new Date(Date.now() - 1000) } });
    expect(
      fails(
        await client().patch("/api/admins/auth/update/password-guest", {
          email: ADMIN.email,
          new_password: "whatever-long",
          confirm_new_password: "whatever-long",
          password_token: token,
        }),
        422,
      ),
    ).toEqual(["password_token is invalid or expired"]);
  });
});

describe("PATCH /api/admins/auth/update/password-user", () => {
  it("422 for a wrong current password, a mismatch or a short new password", async () => {
    const c = client();
    ok(await c.post("/api/admins/auth/signin", ADMIN));
    expect(
      fails(
        await c.patch("/api/admins/auth/update/password-user", {
          password: "not mine!",
          new_password: "longer password",
          confirm_new_password: "longer password",
        }),
        422,
      ),
    ).toEqual(["password is incorrect"]);
    expect(
      fails(
        await c.patch("/api/admins/auth/update/password-user", {
          password: ADMIN.password,
          new_password: "longer password",
          confirm_new_password: "other password",
        }),
        422,
      ),
    ).toEqual(["confirm_new_password must match new_password"]);
    expect(
      fails(await c.patch("/api/admins/auth/update/password-user", { password: ADMIN.password, new_password: "short", confirm_new_password: "short" }), 422),
    ).toEqual(["new_password must be at least 12 characters"]);
    ok(await c.get("/api/parcels"));
  });

  it("changes it, keeps this client signed in with a fresh session, and ends the others", async () => {
    const c = client();
    const other = client();
    ok(await c.post("/api/admins/auth/signin", ADMIN));
    ok(await other.post("/api/admins/auth/signin", ADMIN));
    const before = c.cookies.get(SESSION);
    const NEW = "changed password 1";
    const r = await c.patch("/api/admins/auth/update/password-user", { password: ADMIN.password, new_password: NEW, confirm_new_password: NEW });
    expect(ok(r)).toBeNull();
    expect(c.cookies.get(SESSION)).not.toBe(before);
    ok(await c.get("/api/parcels"));
    fails(await other.get("/api/parcels"), 401);
    ok(await client().post("/api/admins/auth/signin", { email: ADMIN.email, password: NEW }));
    ok(await c.patch("/api/admins/auth/update/password-user", { password: NEW, new_password: ADMIN.password, confirm_new_password: ADMIN.password }));
  });
});
