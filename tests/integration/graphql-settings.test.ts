import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAdmin } from "../helpers/admin.js";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { expectAllUnauthenticated, expectError, expectFieldError } from "../fixtures/graphql.js";

const PUBLIC_FIELDS = `meta_description chat_code contact_email contact_phone contact_phone_alt contact_twitter contact_telegram contact_instagram contact_address`;
const ALL_FIELDS = `${PUBLIC_FIELDS} mail_driver mail_template`;
const PUBLIC = `{ settings { ${PUBLIC_FIELDS} } }`;
const ADMIN = `{ adminSettings { ${ALL_FIELDS} } }`;
const MAIL = `mutation($i: MailSettingsInput!) { updateMailSettings(input: $i) { ${ALL_FIELDS} } }`;
const HTML = `mutation($i: HtmlSettingsInput!) { updateHtmlSettings(input: $i) { ${ALL_FIELDS} } }`;
const CONTACT = `mutation($i: ContactSettingsInput!) { updateContactSettings(input: $i) { ${ALL_FIELDS} } }`;

let t: TestApp;
let admin: Client;
let anon: Client;
beforeAll(async () => {
  t = await startTestApp();
  admin = await signedInAdmin(t.url);
  anon = new Client(t.url);
});
afterAll(async () => t?.close());

describe("reading settings", () => {
  it("starts with empty contact details and the mail defaults", async () => {
    expect((await anon.gql(PUBLIC)).data.settings).toEqual({
      meta_description: "",
      chat_code: "",
      contact_email: "",
      contact_phone: "",
      contact_phone_alt: "",
      contact_twitter: "",
      contact_telegram: "",
      contact_instagram: "",
      contact_address: "",
    });
    expect((await admin.gql(ADMIN)).data.adminSettings).toMatchObject({ mail_driver: "mail", mail_template: "html1" });
  });

  it("keeps the mail settings out of the public type", async () => {
    for (const f of ["mail_driver", "mail_template"]) {
      expectError(await anon.gql(`{ settings { ${f} } }`), "GRAPHQL_VALIDATION_FAILED", new RegExp(f));
      expectError(await anon.gql(`{ graph { settings { ${f} } } }`), "GRAPHQL_VALIDATION_FAILED");
    }
  });

  it("every settings operation but the public read needs a session", async () => {
    await expectAllUnauthenticated(anon, [
      [ADMIN],
      [MAIL, { i: { mail_driver: "smtp", mail_template: "plain" } }],
      [HTML, { i: { meta_description: "defaced" } }],
      [CONTACT, { i: { contact_email: "attacker@evil.example" } }],
    ]);
    const s = (await admin.gql(ADMIN)).data.adminSettings;
    expect([s.mail_driver, s.meta_description, s.contact_email]).toEqual(["mail", "", ""]);
  });
});

describe("updateMailSettings", () => {
  it("saves the driver and the template", async () => {
    expect((await admin.gql(MAIL, { i: { mail_driver: "smtp", mail_template: "html3" } })).data.updateMailSettings).toMatchObject({
      mail_driver: "smtp",
      mail_template: "html3",
    });
    for (const tpl of ["plain", "html1", "html2", "html3", "html4"]) {
      expect((await admin.gql(MAIL, { i: { mail_driver: "mail", mail_template: tpl } })).data.updateMailSettings.mail_template).toBe(tpl);
    }
  });

  it("names the field for a value outside the lists, and needs both fields", async () => {
    expectFieldError(await admin.gql(MAIL, { i: { mail_driver: "sendmail", mail_template: "html1" } }), "mail_driver", /mail or smtp/);
    expectFieldError(await admin.gql(MAIL, { i: { mail_driver: "mail", mail_template: "html5" } }), "mail_template", /plain, html1, html2, html3, html4/);
    expectFieldError(await admin.gql(MAIL, { i: { mail_driver: "", mail_template: "" } }), "mail_template", /required/);
    expectFieldError(await admin.gql(MAIL, { i: { mail_driver: "mail" } }), "mail_template");
    expect((await admin.gql(ADMIN)).data.adminSettings).toMatchObject({ mail_driver: "mail", mail_template: "html4" });
  });
});

describe("updateHtmlSettings", () => {
  it("saves the meta description and long chat code; fields left out stay, null clears", async () => {
    const chat = `<script>window.chat = { id: "abc" };</script>\n`.repeat(40);
    const r = await admin.gql(HTML, { i: { meta_description: "Parcels worldwide", chat_code: chat } });
    expect(r.data.updateHtmlSettings).toMatchObject({ meta_description: "Parcels worldwide", chat_code: chat.trim() });
    expect((await admin.gql(HTML, { i: { meta_description: "Parcels and freight" } })).data.updateHtmlSettings.chat_code).toBe(chat.trim());
    expect((await admin.gql(HTML, { i: { chat_code: null } })).data.updateHtmlSettings).toMatchObject({
      chat_code: "",
      meta_description: "Parcels and freight",
    });
    // Public: the chat code is part of the page the visitor gets.
    expect((await anon.gql(PUBLIC)).data.settings.meta_description).toBe("Parcels and freight");
  });

  it("names the field that is too long", async () => {
    expectFieldError(await admin.gql(HTML, { i: { meta_description: "m".repeat(301) } }), "meta_description", /at most 300/);
    expectFieldError(await admin.gql(HTML, { i: { chat_code: "c".repeat(20_001) } }), "chat_code", /at most 20000/);
  });
});

describe("updateContactSettings", () => {
  const contact = {
    contact_email: "hello@courier.example",
    contact_phone: "+44 20 7946 0000",
    contact_phone_alt: "+1 202 555 0100",
    contact_twitter: "@courier",
    contact_telegram: "courier_tg",
    contact_instagram: "courier.ig",
    contact_address: "1 Dock Road, London",
  };

  it("saves the contact group; the public settings and the graph show it", async () => {
    expect((await admin.gql(CONTACT, { i: contact })).data.updateContactSettings).toMatchObject(contact);
    expect((await anon.gql(PUBLIC)).data.settings).toMatchObject(contact);
    expect((await anon.gql(`{ graph { settings { contact_email contact_phone_alt } } }`)).data.graph.settings).toEqual({
      contact_email: contact.contact_email,
      contact_phone_alt: contact.contact_phone_alt,
    });
  });

  it("requires contact_email in the group, so a phone alone is refused", async () => {
    expectFieldError(await admin.gql(CONTACT, { i: { contact_phone: "+1 555 0199" } }), "contact_email");
    expectFieldError(await admin.gql(CONTACT, { i: { contact_email: "", contact_phone: "+1 555 0199" } }), "contact_email", /required/);
    expectFieldError(await admin.gql(CONTACT, { i: { contact_email: "not an address" } }), "contact_email", /e-mail address/);
    expectFieldError(await admin.gql(CONTACT, { i: { contact_email: "a@b.example", contact_address: "x".repeat(301) } }), "contact_address", /at most 300/);
    expectFieldError(await admin.gql(CONTACT, { i: { contact_email: "a@b.example", contact_phone: "1".repeat(301) } }), "contact_phone", /at most 300/);
    expect((await anon.gql(PUBLIC)).data.settings.contact_phone).toBe(contact.contact_phone);
  });

  it("clears an optional field sent blank and keeps the ones left out", async () => {
    const r = await admin.gql(CONTACT, { i: { contact_email: "ops@courier.example", contact_twitter: "", contact_address: null } });
    expect(r.data.updateContactSettings).toMatchObject({
      contact_email: "ops@courier.example",
      contact_twitter: "",
      contact_address: "",
      contact_phone: contact.contact_phone,
      contact_instagram: contact.contact_instagram,
    });
    // Mail settings are untouched by the contact group.
    expect(r.data.updateContactSettings.mail_template).toBe("html4");
  });
});
