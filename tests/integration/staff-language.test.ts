// The staff's language (contract section 13, "Staff language"): the account mails a member gets (invitation,
// password reset, two-step notices) and the run sheet they print are in the language they chose, through the
// real SMTP peer and poppler's reading of the PDF.
import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { decodeMail, startSmtp, type ReceivedMail } from "../helpers/smtp.js";
import { popplerRead } from "../helpers/pdf.js";
import { ok, signedIn } from "../fixtures/rest.js";
import { db } from "../../server/db/index.js";
import { settleAccountMail } from "../../server/modules/admin/account-mail.js";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let owner: Client;
const PASSWORD = "a-long-staff-password-42";
const seen = new Set<ReceivedMail>();

/** The next message to `to` this test has not read yet, decoded. */
async function nextMail(to: string) {
  const m = await smtp.waitFor((x) => x.to.includes(to) && !seen.has(x));
  seen.add(m);
  return decodeMail(m.raw);
}

/** Signs a member in with the shared password. */
async function signIn(email: string) {
  const c = new Client(t.url);
  ok(await c.post("/api/admins/auth/signin", { email, password: PASSWORD }));
  return c;
}

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ SMTP_URL: smtp.url, SMTP_ALLOW_PLAIN: "true", PUBLIC_URL: "https://courier.example", STAFF_INVITE_HOURS: "48" });
  owner = await signedIn(t);
  ok(await owner.patch("/api/settings", { company_name: "Schnell Kurier", contact_email: "office@example.com" }));
  ok(await owner.patch("/api/settings", { depot_latitude: 52.52, depot_longitude: 13.4 }));
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe("mails to members in their language", () => {
  it("an owner who works in German invites in German; the member's own choice then wins for their reset and notices", async () => {
    ok(await owner.patch("/api/admins/auth/update/profile", { language: "de" }));
    ok(await owner.post("/api/staff", { email: "fahrer@example.com", role: "courier" }), 201);
    const invitation = await nextMail("fahrer@example.com");
    expect(invitation.subject).toBe("Einladung zum Control Panel von Schnell Kurier");
    expect(invitation.text).toContain("Sie sind eingeladen, dem Team von Schnell Kurier als Kurier beizutreten.");
    expect(invitation.text).toContain("läuft in 48 Stunden ab");
    expect(invitation.text).not.toMatch(/You are invited|expires in/);
    expect(invitation.html).toMatch(/<html lang="de" dir="ltr">/);
    const token = /accept\.html\?token=([A-Za-z0-9_-]+)/.exec(invitation.text)![1];
    ok(await new Client(t.url).post("/api/staff/accept", { token, password: PASSWORD }));

    // The member chooses Arabic: their password reset comes in Arabic, right to left, whatever the owner speaks.
    const member = await signIn("fahrer@example.com");
    ok(await member.patch("/api/admins/auth/update/profile", { language: "ar" }));
    ok(await new Client(t.url).post("/api/admins/auth/send-pin", { email: "fahrer@example.com" }));
    await settleAccountMail();
    const reset = await nextMail("fahrer@example.com");
    expect(reset.subject).toBe("رمز إعادة تعيين كلمة المرور");
    expect(reset.text).toContain("الرمز: ");
    expect(reset.text).toContain("https://courier.example/control/password.html?email=fahrer%40example.com&token=");
    expect(reset.text).not.toMatch(/password reset token|expires in/);
    expect(reset.html).toMatch(/<html lang="ar" dir="rtl">/);

    // German again: the owner's reset of their two-step sign-in is told in German.
    ok(await member.patch("/api/admins/auth/update/profile", { language: "de" }));
    const row = await db().admin.update({ where: { email: "fahrer@example.com" }, data: { totp_enabled: true, totp_secret: "JBSWY3DPEHPK3PXP" } });
    ok(await owner.request("DELETE", "/api/staff/totp", { id: row.id }));
    await settleAccountMail();
    const notice = await nextMail("fahrer@example.com");
    expect(notice.subject).toBe("Ihre Zwei-Schritt-Anmeldung wurde zurückgesetzt");
    expect(notice.text).toContain("Konto: fahrer@example.com");
    expect(notice.text).toContain("(https://courier.example/control/password.html)");
  });

  it("a member without a language gets English, and an invitation by an owner without one too", async () => {
    ok(await owner.patch("/api/admins/auth/update/profile", { language: null }));
    ok(await owner.post("/api/staff", { email: "dispo@example.com", role: "dispatcher" }), 201);
    const invitation = await nextMail("dispo@example.com");
    expect(invitation.subject).toBe("You are invited to the Schnell Kurier control panel");
    expect(invitation.text).toContain("as dispatcher.");
    expect(invitation.text).toContain("expires in 48 hours");
  });
});

describe("the run sheet in its reader's language", () => {
  it("prints the run's words in German for a German courier and in Arabic for an owner who chose Arabic, the same stops", async () => {
    const courier = await db().admin.findUniqueOrThrow({ where: { email: "fahrer@example.com" } });
    const codes: string[] = [];
    for (const i of [1, 2]) {
      const code = `SL-${process.pid % 1000}-${i}`;
      ok(
        await owner.post("/api/parcels", {
          tracking_code: code,
          recipient_name: `Empfänger ${i}`,
          destination: `Hauptstraße ${i}, Berlin`,
          map_destination_latitude: 52.52,
          map_destination_longitude: 13.4 + i / 100,
          parcel_content: `Bücher ${i}`,
        }),
        201,
      );
      codes.push(code);
    }
    const run = ok(
      await owner.post("/api/runs", { courier_id: courier.id, date: "2026-03-02", stops: codes.map((tracking_code) => ({ tracking_code })) }),
      201,
    );

    const sheetFor = async (c: Client) => {
      const r = await fetch(`${t.url}/api/runs/${run.id}/sheet.pdf`, { headers: c.cookieHeader() });
      expect(r.status).toBe(200);
      return popplerRead(Buffer.from(await r.arrayBuffer())).text;
    };
    const german = await sheetFor(await signIn("fahrer@example.com"));
    expect(german).toContain(`Tour ${run.id}`);
    expect(german).toContain("Montag, 2. März 2026");
    expect(german).toContain("2 Stopps");
    expect(german).toContain("EMPFÄNGER UND ADRESSE");
    expect(german).toContain("UNTERSCHRIFT");
    expect(german).toContain("nach dem Start");
    expect(german).toContain("Seite 1 von 1");
    for (const code of codes) expect(german).toContain(code);
    expect(german).not.toMatch(/RECIPIENT AND ADDRESS|SIGNATURE|Page 1 of|after the start|stops ·/);

    // The owner (English again) reads it in English; in Arabic once they choose it.
    expect(await sheetFor(owner)).toContain("RECIPIENT AND ADDRESS");
    ok(await owner.patch("/api/admins/auth/update/profile", { language: "ar" }));
    const arabic = await sheetFor(owner);
    for (const word of ["التوقيع", "المحتويات", "بعد البدء"]) expect(arabic).toContain(word);
    for (const code of codes) expect(arabic).toContain(code);
    expect(arabic).not.toMatch(/RECIPIENT AND ADDRESS|SIGNATURE|Page 1 of/);
  });
});

describe("the invoice PDF in the language of the member who downloads it", () => {
  it("German words, date and amount for a German owner; English for one without a language", async () => {
    const inv = ok(await owner.post("/api/invoices", { product: "Express-Versand", customer_name: "Max Muster", amount: 1234.5 }), 201);
    const pdfOf = async () => {
      const r = await fetch(`${t.url}/api/invoices/${inv.id}/pdf`, { headers: owner.cookieHeader() });
      expect(r.status).toBe(200);
      return popplerRead(Buffer.from(await r.arrayBuffer())).text;
    };
    ok(await owner.patch("/api/admins/auth/update/profile", { language: "de" }));
    const german = await pdfOf();
    // (Letter-spaced labels may come out of pdftotext with a space inside: "R ECHNUNG AN".)
    for (const word of ["RECHNUNG", "Max Muster", "PRODUKT", "BETRAG", "Gesamt", "1.234,50", "Vielen Dank für Ihren Auftrag."]) expect(german).toContain(word);
    expect(german).not.toMatch(/INVOICE|Billed to|Thank you/i);
    ok(await owner.patch("/api/admins/auth/update/profile", { language: null }));
    const english = await pdfOf();
    for (const word of ["INVOICE", "PRODUCT", "Total", "1,234.50", "Thank you for your business."]) expect(english).toContain(word);
  });
});
