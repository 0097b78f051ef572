// A shipper's language (issue 37): chosen at sign-up from the page's language, changed in its profile through
// both doors; its mails (the real SMTP peer) and its statement PDF (poppler's reading) are in it.
import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { decodeMail, mailText, startSmtp, type ReceivedMail } from "../helpers/smtp.js";
import { popplerRead } from "../helpers/pdf.js";
import { expectFieldError } from "../fixtures/graphql.js";
import { fails, ok, signedIn } from "../fixtures/rest.js";
import { booking, PASSWORD, setUpZonedRates } from "../helpers/shippers.js";
import { settleAccountMail } from "../../server/modules/admin/account-mail.js";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let owner: Client;
const seen = new Set<ReceivedMail>();

/** The next message to `to` this test has not read yet. */
async function nextMail(to: string) {
  const m = await smtp.waitFor((x) => x.to.includes(to) && !seen.has(x));
  seen.add(m);
  return m;
}

/** Signs a shipper up in `language` (as the sign-up page sends it) and verifies it; its session client and its verification mail. */
async function shipper(email: string, language: string | null) {
  const c = new Client(t.url);
  const s = ok(await c.post("/api/users", { name: "Jana Sender", company: "Jana GmbH", email, password: PASSWORD, language }), 201);
  const m = await nextMail(email);
  const token = /\/account\/verify\?token=([A-Za-z0-9_-]+)/.exec(mailText(m.raw))![1];
  ok(await c.post("/api/users/verify", { token }));
  return { c, id: s.id as number, signUp: s, mail: decodeMail(m.raw) };
}

/** A statement of one booking of the shipper, and its PDF's text as poppler reads it. */
async function statementOf(s: Awaited<ReturnType<typeof shipper>>) {
  ok(await s.c.post("/api/bookings", booking({ reference: `LANG-${s.id}` })), 201);
  const st = ok(await owner.post("/api/statements", { shipper_id: s.id, from: "2000-01-01", to: "2100-12-31" }), 201);
  const r = await fetch(`${t.url}${st.pdf_url}`, { headers: s.c.cookieHeader() });
  expect(r.status).toBe(200);
  return { st, bytes: Buffer.from(await r.arrayBuffer()) };
}

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ SMTP_URL: smtp.url, SMTP_ALLOW_PLAIN: "true", PUBLIC_URL: "https://courier.example", RATE_LIMIT_SIGNUP: "1000", TIME_ZONE: "UTC" });
  owner = await signedIn(t);
  ok(await owner.patch("/api/settings", { company_name: "Schnell Kurier", contact_email: "office@example.com" }));
  await setUpZonedRates(owner);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe("a German shipper", () => {
  let de: Awaited<ReturnType<typeof shipper>>;
  beforeAll(async () => {
    de = await shipper("jana@shop.example", "de");
  });

  it("signed up from the German page: its verification mail is German, and the account says so", async () => {
    expect(de.signUp).toMatchObject({ email: "jana@shop.example", language: "de" });
    expect(de.mail.subject).toBe("Bestätigen Sie Ihre E-Mail-Adresse");
    expect(de.mail.text).toContain("Willkommen, Jana Sender.");
    expect(de.mail.text).toContain("Bestätigen Sie Ihre E-Mail-Adresse, um Sendungen buchen zu können:\nhttps://courier.example/account/verify?token=");
    expect(de.mail.text).toContain("läuft in 72 Stunden ab");
    expect(de.mail.text).not.toMatch(/Welcome|Confirm your|expires in/);
    expect(de.mail.html).toMatch(/<html lang="de" dir="ltr">/);
    expect((await de.c.gql(`{ user { email language } }`)).data.user).toEqual({ email: "jana@shop.example", language: "de" });
  });

  it("its password reset mail is German too", async () => {
    ok(await new Client(t.url).post("/api/users/auth/send-pin", { email: "jana@shop.example" }));
    await settleAccountMail();
    const m = decodeMail((await nextMail("jana@shop.example")).raw);
    expect(m.subject).toBe("Ihr Code zum Zurücksetzen des Passworts");
    expect(m.text).toMatch(/Ihr Code: [A-Za-z0-9_-]+/);
    expect(m.text).toContain("läuft in 30 Minuten ab");
  });

  it("its statement PDF and the statement's mail are German: words, dates and money", async () => {
    const { st, bytes } = await statementOf(de);
    const text = popplerRead(bytes).text;
    for (const word of [
      "ABRECHNUNG",
      "RECHNUNGSEMPFÄNGER",
      "DATUM",
      "SENDUNGSNUMMER",
      "BETRAG",
      "Offen",
      "1. Januar 2000 bis 31. Dezember 2100",
      st.number,
      "Jana GmbH",
    ])
      expect(text).toContain(word);
    expect(text).toMatch(/\d\d\.\d\d\.\d{4}/);
    expect(text).toMatch(/Gesamt \d+,\d\d\s€/);
    expect(text).not.toMatch(/STATEMENT|BILLED TO|TRACKING CODE|Total/);

    ok(await owner.post("/api/statements/mail", { id: st.id }));
    const raw = (await nextMail("jana@shop.example")).raw;
    const m = decodeMail(raw);
    expect(m.subject).toBe(`Abrechnung ${st.number} von Schnell Kurier`);
    expect(m.text).toContain(`Anbei Ihre Abrechnung ${st.number} für den Zeitraum vom 1. Januar 2000 bis 31. Dezember 2100.`);
    expect(m.text).toContain("Buchungen: 1");
    expect(m.text).toMatch(/Gesamt: \d+,\d\d\s€/);
    expect(raw).toContain("application/pdf");
    // The first PDF starts the PDF threads (their modules load then): slow on a loaded machine.
  }, 180_000);
});

describe("the language in the profile, through both doors", () => {
  it("is one of the 22 codes: anything else is refused naming language, at sign-up and in the profile", async () => {
    const refused = fails(await new Client(t.url).post("/api/users", { name: "X", email: "x@shop.example", password: PASSWORD, language: "klingon" }), 422);
    expect(refused.join(" ")).toMatch(/^language must be one of ar, es, de, en/);
    const s = await shipper("omar@shop.example", null);
    expect(s.signUp.language).toBeNull();
    expect(s.mail.subject).toBe("Confirm your e-mail address");
    expect(fails(await s.c.patch("/api/users/auth/update/profile", { language: "xx" }), 422).join(" ")).toMatch(/^language must be one of/);
    expect(fails(await s.c.patch("/api/users/auth/update/profile", {}), 422).join(" ")).toMatch(/^language is required/);
    expectFieldError(
      await s.c.gql(`mutation($i: UpdateUserInput!) { updateUser(input: $i) { language } }`, { i: { language: "de-DE" } }),
      "language",
      /one of/,
    );
    // Not signed in: 401; the staff's session is not a shipper's.
    fails(await new Client(t.url).patch("/api/users/auth/update/profile", { language: "de" }), 401);
    fails(await owner.patch("/api/users/auth/update/profile", { language: "de" }), 401);
  });

  it("an Arabic shipper's statement PDF is Arabic, right to left, and renders", async () => {
    const s = await shipper("layla@shop.example", "en");
    expect(ok(await s.c.patch("/api/users/auth/update/profile", { language: "fa" }))).toMatchObject({ language: "fa" });
    const g = await s.c.gql(`mutation($i: UpdateUserInput!) { updateUser(input: $i) { language } }`, { i: { language: "ar" } });
    expect(g.data.updateUser).toEqual({ language: "ar" });
    expect((await s.c.gql(`{ user { language } }`)).data.user.language).toBe("ar");
    const { st, bytes } = await statementOf(s);
    const read = popplerRead(bytes);
    expect(read.pages).toBe(1);
    for (const word of ["كشف", "الخدمة", "المبلغ", "التاريخ", "مفتوح"]) expect(read.text).toContain(word);
    expect(read.text).toContain(st.number);
    expect(read.text).not.toMatch(/STATEMENT|BILLED TO|Total/);
    // null: English again.
    expect(ok(await s.c.patch("/api/users/auth/update/profile", { language: null })).language).toBeNull();
    expect(popplerRead((await statementOf(s)).bytes).text).toContain("STATEMENT");
  });

  it("the staff may give a new shipper its language: the invitation is in it", async () => {
    const created = ok(await owner.post("/api/shippers", { name: "Luc Expéditeur", email: "luc@shop.example", language: "fr" }), 201);
    expect(created.language).toBe("fr");
    await settleAccountMail();
    const m = decodeMail((await nextMail("luc@shop.example")).raw);
    expect(m.subject).toBe("Votre compte professionnel chez Schnell Kurier");
    expect(m.text).toContain("Définissez votre mot de passe ici :");
    fails(await owner.post("/api/shippers", { name: "Bad", email: "bad@shop.example", language: "french" }), 422);
  });
});
