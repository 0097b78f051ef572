// The company's language (Settings > General, `language`): the fallback wherever no person's language is known
// (server/modules/settings/company-language.ts). With "de": a scan by a member without a language on a parcel without
// a recipient's language writes a German history entry, and the recipient's status e-mail (real SMTP peer) is German;
// a person's own language still wins; an unknown code is refused naming the field, in both doors. Both databases.
import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../helpers/http.js";
import { newParcel } from "../helpers/admin.js";
import { startAppWithMail, type MailApp } from "../helpers/mailApp.js";
import { decodeMail, type SmtpPeer } from "../helpers/smtp.js";
import { ok } from "../fixtures/rest.js";
import { db } from "../../server/db/index.js";
import { settleNotifications } from "../../server/modules/notification/notification.service.js";

const UPDATE = `mutation($i: GeneralSettingsInput!) { updateGeneralSettings(input: $i) { language company_name } }`;

let app: MailApp;
let owner: Client;
let anon: Client;
let smtp: SmtpPeer;

beforeAll(async () => {
  app = await startAppWithMail();
  ({ admin: owner, anon, smtp } = app);
});
afterAll(() => app?.close());

/** The parcel's newest entry with this status, as stored. */
async function entry(code: string, status_code: string) {
  const p = await db().parcel.findUniqueOrThrow({ where: { tracking_code: code } });
  const a = await db().activity.findFirstOrThrow({ where: { parcel_id: p.id, status_code }, orderBy: [{ created_at: "desc" }, { id: "desc" }] });
  return a.title;
}

async function scan(code: string, status_code = "in_transit") {
  const r = ok(await owner.post("/api/scans", { codes: [code], status_code })) as { error: unknown }[];
  expect(r.map((o) => o.error)).toEqual([null]);
  await settleNotifications();
}

describe("the company's language", () => {
  it("is English until the owner chooses; refuses an unknown code naming `language` (REST 422, GraphQL BAD_USER_INPUT)", async () => {
    expect(ok(await owner.get("/api/settings")).language).toBe("en");
    // Not part of the public settings: the public site reads it from the page (<meta name="company-language">).
    expect(ok(await anon.get("/api/settings"))).not.toHaveProperty("language");
    for (const bad of ["xx", "", "EN", 3]) {
      const r = await owner.patch("/api/settings", { language: bad });
      expect(r.status, String(bad)).toBe(422);
      expect(r.json.errors[0]).toMatch(/^language (must be one of ar, es, de, en|is required)/);
    }
    const g = await owner.gql(UPDATE, { i: { language: "xx" } });
    expect(g.errors?.[0].extensions.code).toBe("BAD_USER_INPUT");
    expect(g.errors?.[0].extensions.messages[0]).toMatch(/^language must be one of ar, es, de, en/);
    expect((await anon.patch("/api/settings", { language: "de" })).status).toBe(401);
    expect(ok(await owner.get("/api/settings")).language).toBe("en");
  });

  it("saved through either door, answered with the other settings and kept", async () => {
    const g = await owner.gql(UPDATE, { i: { language: "fr" } });
    expect(g.errors).toBeUndefined();
    expect(g.data.updateGeneralSettings.language).toBe("fr");
    const r = ok(await owner.patch("/api/settings", { language: "de" }));
    expect(r).toMatchObject({ language: "de", currency: "EUR" });
    expect((await db().settings.findUniqueOrThrow({ where: { id: 1 } })).language).toBe("de");
  });

  it("with German: a scan by a member without a language on a parcel without one writes German; the status e-mail is German", async () => {
    ok(await owner.patch("/api/settings", { language: "de" }));
    // The owner has no language of their own.
    expect((await db().admin.findFirstOrThrow({ where: { role: "owner" } })).language).toBeNull();
    const to = "kein.sprache@example.com";
    const p = await newParcel(owner, "CL", "Berlin, DE", { recipient_email: to });
    await scan(p.tracking_code);
    expect(await entry(p.tracking_code, "in_transit")).toBe("Im Depot angekommen");

    const mail = decodeMail((await smtp.waitFor((m) => m.to.includes(to))).raw);
    expect(mail.subject).toBe(`Sendung ${p.tracking_code}: Unterwegs`);
    expect(mail.text).toContain("Hallo Jane Doe,");
    expect(mail.text).toContain(`Ihre Sendung ${p.tracking_code} nach Berlin, DE hat jetzt den Status: Unterwegs.`);
    expect(mail.text).toContain("Im Depot angekommen");
    expect(mail.html).toContain('<html lang="de" dir="ltr">');
    // The link carries no language: the recipient chose none, and the tracking page shows the company's anyway.
    expect(mail.text).toContain(`Jederzeit verfolgen: https://track.example.com/track.html?code=${p.tracking_code}\n`);
  });

  it("a person's own language still wins over the company's", async () => {
    ok(await owner.patch("/api/settings", { language: "de" }));
    const to = "ayse.own@example.com";
    const p = await newParcel(owner, "CL", "Izmir, TR", { recipient_email: to, recipient_language: "tr" });
    await scan(p.tracking_code);
    expect(decodeMail((await smtp.waitFor((m) => m.to.includes(to))).raw).subject).toBe(`Gönderi ${p.tracking_code}: Yolda`);
  });

  it("English again, as before", async () => {
    ok(await owner.patch("/api/settings", { language: "en" }));
    const p = await newParcel(owner, "CL", "Leeds, GB", {});
    await scan(p.tracking_code);
    expect(await entry(p.tracking_code, "in_transit")).toBe("Arrived at hub");
  });
});
