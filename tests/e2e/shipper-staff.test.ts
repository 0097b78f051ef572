/**
 * The staff side of shippers and rates (issue 25, contract section 10) in Chromium against the real
 * server: the owner makes a zone, a service and a rate card through its grid; a bad CSV shows its
 * rows' errors and saves nothing; a business shipper is created (invitation mail), given the card and
 * a credit limit; the shipper books through the API; the staff see the bookings, cancel one, make a
 * statement, mail it (the SMTP peer gets the PDF) and mark it paid. A courier neither sees nor
 * reaches these screens; a dispatcher reaches shippers but not rates. Phone and desktop, light and
 * dark. With E2E_SHOTS=<dir> the screens and the statement PDF are saved there.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { startSite, type Site } from "../helpers/site.js";
import { launchBrowser, openContext, watchErrors } from "../helpers/browser.js";
import { signedInAdmin } from "../helpers/admin.js";
import { Client } from "../helpers/http.js";
import { decodeMail, mailText, startSmtp, type SmtpPeer } from "../helpers/smtp.js";
import { fillQuote, workingDayAhead } from "../helpers/shipping.js";
import { staffMember } from "../helpers/staff.js";

const SHOTS = process.env.E2E_SHOTS;
const PASSWORD = "shipper-staff-password-42";
const SHIPPER = "orders@bigshop.example";
let site: Site;
let browser: Browser;
let admin: Client;
let smtp: SmtpPeer;

beforeAll(async () => {
  smtp = await startSmtp();
  // A company that starts without the demo (its prices and GBP): these journeys set up their own rates.
  site = await startSite({ SEED_DEMO: "false", SMTP_URL: smtp.url, SMTP_ALLOW_PLAIN: "true", TIME_ZONE: "UTC" });
  browser = await launchBrowser();
  admin = await signedInAdmin(site.url);
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
  await smtp?.close();
});

/** A browser signed in with `who`'s session. */
async function pageOf(who: Client, opts: { dark?: boolean; desktop?: boolean } = {}) {
  const ctx = await openContext(browser, site.url, { ...opts, who });
  const page = await ctx.newPage();
  page.setDefaultTimeout(15_000);
  return { ctx, page, errors: watchErrors(page) };
}
const OVERFLOW = "document.documentElement.scrollWidth - document.documentElement.clientWidth";
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};
/** The newest mail to `to` whose text matches `re` (after `after` messages), and the match. */
async function mailTo(to: string, re: RegExp, after = 0) {
  const m = await smtp.waitFor((x) => x.to.includes(to) && smtp.messages.indexOf(x) >= after && re.test(mailText(x.raw)), 15_000);
  return { mail: m, match: mailText(m.raw).match(re)! };
}
const TODAY = new Date().toISOString().slice(0, 10);
const PICKUP_DAY = workingDayAhead();
const MUNICH = { name: "Lena Lager", company: "Big Shop GmbH", line1: "Lagerstraße 5", city: "Munich", postcode: "80331", country: "DE", phone: "+49 30 123" };
const HAMBURG = { name: "Max Recipient", line1: "Jungfernstieg 1", city: "Hamburg", postcode: "20354", country: "DE" };

/** The card through GraphQL, as the server keeps it. */
const cardOf = async (id: string) =>
  (
    await admin.gql(
      `query($id: String!) { rateCard(id: $id) { name lanes { service from_zone to_zone per_kg_above brackets { up_to_kg amount } } surcharges { code kind value } } }`,
      { id },
    )
  ).data?.rateCard;

let shipperId = 0;

describe("shippers and rates, staff side", () => {
  it("with no prices set, /quote sends a visitor to the contact page and shows only the owner how to set them up", async () => {
    const visitor = await pageOf(new Client(site.url));
    await visitor.page.goto(`${site.url}/quote`);
    await fillQuote(visitor.page);
    await visitor.page.getByRole("button", { name: "Get prices" }).click();
    const note = visitor.page.getByTestId("quote-no-rates");
    await note.waitFor();
    await visitor.page.getByText("Online prices are not available yet.").waitFor();
    expect(await note.getByRole("link", { name: "Contact us for a quote" }).getAttribute("href")).toBe("/contact.html");
    expect(await visitor.page.getByTestId("quote-staff-hint").count()).toBe(0);
    expect(visitor.errors).toEqual([]);
    await visitor.ctx.close();

    const { ctx, page, errors } = await pageOf(admin);
    await page.goto(`${site.url}/quote`);
    await fillQuote(page);
    await page.getByRole("button", { name: "Get prices" }).click();
    await page.getByTestId("quote-staff-hint").getByRole("link", { name: "Set up prices" }).click();
    await page.waitForURL(/\/control\/rates\/zones\.html$/);
    const setup = page.getByTestId("rates-setup");
    await setup.waitFor();
    expect(await setup.getByRole("link").count()).toBe(3);
    await shot(page, "rates-setup-phone-light");
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("the owner makes zones, a service and a rate card through its grid; a bad CSV saves nothing", async () => {
    const { ctx, page, errors } = await pageOf(admin, { desktop: true });
    await page.goto(`${site.url}/control/index.html`);
    await page.locator("#cp-nav").getByRole("link", { name: "Shippers" }).click();
    await page.waitForURL(/\/control\/shippers\/list\.html$/);
    await page.getByRole("navigation", { name: "Shipping sections" }).getByRole("link", { name: "Rates" }).click();
    await page.waitForURL(/\/control\/rates\/zones\.html$/);
    // A refused zone names its field.
    await page.getByRole("button", { name: "Add zone" }).click();
    await page.getByTestId("form-errors").waitFor();
    for (const [name, countries, postcodes] of [
      ["DE", "de", ""],
      ["EU", "FR, AT, NL", ""],
      ["Berlin", "DE", "10-14, 15"],
    ]) {
      await page.fill("input[name=name]", name);
      await page.fill("input[name=countries]", countries);
      await page.fill("input[name=postcodes]", postcodes);
      await page.getByRole("button", { name: "Add zone" }).click();
      await page.getByTestId("zone-row").filter({ hasText: name }).first().waitFor();
    }
    expect(await page.getByTestId("zone-row").filter({ hasText: "Berlin" }).innerText()).toContain("postcodes 10-14, 15");
    // Edit a zone in place.
    await page.getByRole("button", { name: "Edit zone Berlin" }).click();
    await page.getByRole("form", { name: "Edit zone Berlin" }).locator("input[name=name]").fill("Berlin city");
    await page.getByRole("button", { name: "Save zone" }).click();
    await page.getByTestId("zone-row").filter({ hasText: "Berlin city" }).waitFor();

    await page.getByRole("link", { name: "Services" }).click();
    await page.fill("input[name=code]", "express");
    await page.fill("input[name=name]", "Express");
    await page.fill("input[name=transit_days_min]", "1");
    await page.fill("input[name=transit_days_max]", "2");
    await page.fill("input[name=cutoff]", "16:30");
    await page.getByRole("button", { name: "Add service" }).click();
    const svc = page.getByTestId("service-row").filter({ hasText: "express" });
    await svc.waitFor();
    expect(await svc.innerText()).toContain("1–2 working days · cutoff 16:30 · divisor 5000");

    await page.getByRole("link", { name: "Rate cards" }).click();
    await page.fill("input[name=id]", "big-shop");
    await page.fill("input[name=name]", "Big Shop 2026");
    await page.getByRole("button", { name: "Create rate card" }).click();
    await page.waitForURL(/\/control\/rates\/cards\/big-shop$/);
    await page.getByTestId("rate-grid").waitFor();
    expect(await page.locator("#grid-service").inputValue()).toBe("express");
    expect(await page.locator("#grid-from").inputValue()).toBe("DE");
    await page.getByLabel("express from DE to DE, up to 1 kg (EUR)").fill("5.90");
    await page.getByLabel("express from DE to DE, up to 5 kg (EUR)").fill("9,90");
    await page.getByLabel("express from DE to EU, up to 5 kg (EUR)").fill("19.50");
    await page.getByLabel("express from DE to DE, per kg above the last band (EUR)").fill("0.50");
    // A wrong cell is named and nothing is sent.
    await page.getByLabel("express from DE to EU, up to 10 kg (EUR)").fill("lots");
    await page.fill("input[name=fuel_value]", "10");
    await page.getByRole("button", { name: "Save rate card" }).click();
    expect(await page.getByTestId("form-errors").innerText()).toContain('express from DE to EU, up to 10 kg: "lots" is not an amount in EUR');
    expect((await cardOf("big-shop")).lanes).toEqual([]);
    await page.getByLabel("express from DE to EU, up to 10 kg (EUR)").fill("");
    await page.getByRole("button", { name: "Save rate card" }).click();
    await page.getByText("Rate card saved: 2 lanes").waitFor();
    const saved = await cardOf("big-shop");
    expect(saved.lanes).toEqual([
      {
        service: "express",
        from_zone: "DE",
        to_zone: "DE",
        per_kg_above: 50,
        brackets: [
          { up_to_kg: 1, amount: 590 },
          { up_to_kg: 5, amount: 990 },
        ],
      },
      { service: "express", from_zone: "DE", to_zone: "EU", per_kg_above: null, brackets: [{ up_to_kg: 5, amount: 1950 }] },
    ]);
    expect(saved.surcharges).toEqual([{ code: "fuel", kind: "percent", value: 10 }]);
    await shot(page, "rate-card-grid-desktop-light");

    // The CSV download is the grid; a bad file shows each wrong row and changes nothing.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
    const csv = fs.readFileSync((await download.path())!, "utf8");
    expect(csv).toContain("express,DE,DE,5,990,50");
    const bad = "service,from_zone,to_zone,up_to_kg,amount,per_kg_above\r\nexpress,DE,DE,1,600,\r\nexpress,DE,Mars,2,700,\r\nexpress,DE,EU,3,cheap,\r\n";
    await page.setInputFiles("#csv-file", { name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from(bad) });
    await page.getByRole("button", { name: "Upload CSV" }).click();
    const rowErrors = await page.getByRole("form", { name: "Upload a CSV file" }).getByTestId("form-errors").innerText();
    expect(rowErrors).toMatch(/row 3: .*Mars/);
    expect(rowErrors).toMatch(/row 4: amount/);
    expect(await cardOf("big-shop")).toEqual(saved);
    await shot(page, "rate-card-csv-errors-desktop-light");
    // A good file replaces the grid.
    const good =
      "\uFEFFservice,from_zone,to_zone,up_to_kg,amount,per_kg_above\r\nexpress,DE,DE,1,590,50\r\nexpress,DE,DE,5,990,50\r\nexpress,DE,EU,5,1950,\r\nexpress,DE,EU,10,2950,\r\n";
    await page.setInputFiles("#csv-file", { name: "good.csv", mimeType: "text/csv", buffer: Buffer.from(good) });
    await page.getByRole("button", { name: "Upload CSV" }).click();
    await page.getByText("Grid replaced from good.csv: 2 lanes").waitFor();
    expect(await page.getByLabel("express from DE to EU, up to 10 kg (EUR)").inputValue()).toBe("29.50");
    expect((await cardOf("big-shop")).surcharges).toEqual(saved.surcharges);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("the owner creates a business shipper, sets its card and credit limit; the shipper books through the API", async () => {
    const { ctx, page, errors } = await pageOf(admin, { desktop: true });
    await page.goto(`${site.url}/control/index.html`);
    await page.locator("#cp-nav").getByRole("link", { name: "Shippers" }).click();
    await page.waitForURL(/\/control\/shippers\/list\.html$/);
    await page.getByRole("link", { name: "Create Shipper" }).click();
    await page.fill("input[name=name]", "Lena Lager");
    await page.fill("input[name=email]", "not-an-email");
    await page.fill("input[name=credit_limit]", "12.345");
    await page.getByRole("button", { name: "Create Shipper" }).click();
    expect(await page.getByTestId("form-errors").innerText()).toContain("Credit limit must be an amount in EUR");
    expect(await page.locator("input[name=credit_limit]").getAttribute("aria-invalid")).toBe("true");
    await page.fill("input[name=credit_limit]", "");
    await page.getByRole("button", { name: "Create Shipper" }).click();
    await page
      .getByTestId("form-errors")
      .getByText(/^Email/)
      .waitFor();
    expect(await page.locator("input[name=email]").getAttribute("aria-invalid")).toBe("true");
    const before = smtp.messages.length;
    await page.fill("input[name=email]", SHIPPER);
    await page.fill("input[name=company]", "Big Shop GmbH");
    await page.getByRole("button", { name: "Create Shipper" }).click();
    await page.waitForURL(/\/control\/shippers\/list\.html$/);
    await page.getByText(`Shipper Lena Lager created: an invitation was mailed to ${SHIPPER}`).waitFor();
    const { match } = await mailTo(SHIPPER, /Your token: ([A-Za-z0-9_-]+)/, before);

    const row = page.getByTestId("shipper-row").filter({ hasText: SHIPPER });
    expect(await row.getByTestId("shipper-credit-limit").innerText()).toBe("No limit");
    await row.getByRole("button", { name: "Edit Lena Lager" }).click();
    await row.getByLabel("Rate card").selectOption("big-shop");
    await row.locator("input[name=credit_limit]").fill("250");
    await row.getByRole("button", { name: "Save" }).click();
    await page.getByRole("status").getByText("Shipper saved").waitFor();
    expect(await row.getByTestId("shipper-credit-limit").innerText()).toBe("€250.00");
    expect(await row.getByTestId("shipper-card").innerText()).toBe("big-shop");
    const listed = (await admin.get(`/api/shippers?search=${encodeURIComponent(SHIPPER)}`)).json.data.data[0];
    expect(listed).toMatchObject({ rate_card_id: "big-shop", credit_limit: 25000, balance: 0, disabled: false });
    shipperId = listed.id;
    // Search finds it by company.
    await page.fill("#shipper-search", "big shop");
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByText("1 shipper matching “big shop”").waitFor();

    // Disabled and enabled again.
    page.once("dialog", (d) => void d.accept());
    await row.getByRole("button", { name: "Disable Lena Lager" }).click();
    await row.getByText("disabled", { exact: true }).waitFor();
    await row.getByRole("button", { name: "Enable Lena Lager" }).click();
    await row.getByRole("button", { name: "Disable Lena Lager" }).waitFor();

    // The shipper sets its password from the invitation (which verifies the e-mail) and books twice.
    const shipper = new Client(site.url);
    const set = await shipper.patch("/api/users/auth/update/password-guest", {
      email: SHIPPER,
      new_password: PASSWORD,
      confirm_new_password: PASSWORD,
      password_token: match[1],
    });
    expect(set.status).toBe(200);
    expect((await shipper.post("/api/users/auth/signin", { email: SHIPPER, password: PASSWORD })).status).toBe(200);
    const book = async (reference: string, extra: Record<string, unknown> = {}) => {
      const r = await shipper.post("/api/bookings", {
        service: "express",
        sender: MUNICH,
        recipient: HAMBURG,
        parcels: [{ weight_kg: 1.2 }],
        contents: "Books",
        reference,
        ...extra,
      });
      expect(r.status, JSON.stringify(r.json)).toBe(201);
      return r.json.data as { id: number; tracking_code: string; amount: number };
    };
    const one = await book("ORDER-1");
    // 1.5 kg chargeable: the 5 kg band (9.90) and 10 % fuel.
    expect(one.amount).toBe(1089);
    await book("ORDER-2", { pickup: { date: PICKUP_DAY, from: "09:00", to: "12:00" } });
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("the staff see the bookings, cancel one, see the pickup, make a statement, mail it and mark it paid", async () => {
    const { ctx, page, errors } = await pageOf(admin, { desktop: true });
    await page.goto(`${site.url}/control/shippers/list.html`);
    await page.getByRole("link", { name: "Bookings of Lena Lager" }).click();
    await page.waitForURL(new RegExp(`/control/bookings/list\\.html\\?shipper_id=${shipperId}$`));
    await page.getByText("2 bookings").waitFor();
    const rows = page.getByTestId("booking-row");
    expect(await rows.count()).toBe(2);
    const first = rows.filter({ hasText: "Big Shop GmbH (Lena Lager)" }).last();
    expect(await first.innerText()).toContain("€10.89");
    const code = (await first.locator("td[data-label='Tracking code']").innerText()).trim();
    await first.getByRole("button", { name: `Details ${code}` }).click();
    const detail = page.getByTestId("booking-detail");
    expect(await detail.innerText()).toMatch(/Transport[\s\S]*€9\.90[\s\S]*€0\.99[\s\S]*Total[\s\S]*€10\.89/i);
    const label = await detail.getByRole("link", { name: "Label PDF" }).getAttribute("href");
    const pdf = await admin.get(label!);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toContain("application/pdf");
    await shot(page, "bookings-desktop-light");
    page.once("dialog", (d) => void d.accept());
    await detail.getByRole("button", { name: "Cancel booking" }).click();
    await first.getByText("cancelled").waitFor();
    await detail.getByRole("button", { name: "Cancel booking" }).waitFor({ state: "detached" });
    // Filter by status.
    await page.selectOption("#bk-status", "cancelled");
    await page.getByRole("button", { name: "Filter" }).click();
    await page.getByText("1 booking", { exact: true }).waitFor();

    await page.goto(`${site.url}/control/pickups/list.html?date=${PICKUP_DAY}`);
    const pickup = page.getByTestId("pickup-row");
    await pickup.waitFor();
    const text = await pickup.innerText();
    expect(text).toContain("09:00–12:00");
    expect(text).toContain("Big Shop GmbH (Lena Lager)");
    expect(text).toContain("Lagerstraße 5");
    expect(await pickup.locator("td[data-label=Parcels]").innerText()).toBe("1");
    await page.getByRole("button", { name: "Day after" }).click();
    await page.getByText("No pickups on this day").waitFor();

    // A statement of today: the booking not cancelled.
    await page.goto(`${site.url}/control/shippers/list.html`);
    await page.getByRole("link", { name: "Statements of Lena Lager" }).click();
    await page.getByRole("link", { name: "Make statement" }).click();
    await page.waitForURL(new RegExp(`/control/statements/create\\.html\\?shipper_id=${shipperId}$`));
    expect(await page.locator("#st-shipper").inputValue()).toBe(String(shipperId));
    await page.fill("input[name=from]", TODAY);
    await page.fill("input[name=to]", TODAY);
    await page.getByRole("button", { name: "Make statement" }).click();
    await page.getByText(/Statement ST-\d{6}-\d+ made: 1 booking$/).waitFor();
    const st = page.getByTestId("statement-row");
    expect(await st.innerText()).toContain("€10.89");
    expect(await st.getByTestId("statement-lines").innerText()).not.toContain(code);
    const pdfUrl = (await st.getByRole("link", { name: "PDF" }).getAttribute("href"))!;
    const statementPdf = await fetch(site.url + pdfUrl, { headers: admin.cookieHeader() });
    expect(statementPdf.headers.get("content-type")).toContain("application/pdf");
    if (SHOTS) fs.writeFileSync(`${SHOTS}/statement.pdf`, Buffer.from(await statementPdf.arrayBuffer()));
    // Making it again finds nothing left to bill.
    await page.goto(`${site.url}/control/statements/create.html?shipper_id=${shipperId}`);
    await page.fill("input[name=from]", TODAY);
    await page.fill("input[name=to]", TODAY);
    await page.getByRole("button", { name: "Make statement" }).click();
    await page.getByTestId("form-errors").waitFor();
    await page.goBack();

    const before = smtp.messages.length;
    await st.getByRole("button", { name: /^Mail to shipper ST-/ }).click();
    await st.getByText(/mailed to Big Shop GmbH/).waitFor();
    const mail = await smtp.waitFor((m) => m.to.includes(SHIPPER) && smtp.messages.indexOf(m) >= before, 15_000);
    expect(decodeMail(mail.raw).text).toMatch(/10\.89/);
    expect(mail.raw).toMatch(/Content-Type: application\/pdf/i);
    expect(mail.raw).toMatch(/filename="?ST-\d{6}-\d+\.pdf/);

    await page.fill("input[name=paid_reference]", "BANK-4711");
    await page.getByRole("button", { name: "Mark paid" }).click();
    await st
      .getByTestId("statement-paid")
      .getByText(/reference BANK-4711/)
      .waitFor();
    expect(await st.innerText()).toContain("Paid");
    await shot(page, "control-statements-desktop-light");
    // Paid: nothing left unpaid.
    await page.goto(`${site.url}/control/shippers/list.html`);
    expect(await page.getByTestId("shipper-row").filter({ hasText: SHIPPER }).getByTestId("shipper-balance").innerText()).toBe("€0.00");
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("the owner changes the shipping settings", async () => {
    const { ctx, page, errors } = await pageOf(admin);
    await page.goto(`${site.url}/control/settings`);
    await page.getByRole("link", { name: /Shipping Settings/ }).click();
    await page.fill("input[name=pickup_cutoff]", "25:00");
    await page.getByRole("button", { name: "Save" }).click();
    await page
      .getByTestId("form-errors")
      .getByText(/^Pickup cut-off/)
      .waitFor();
    await page.fill("input[name=pickup_cutoff]", "15:30");
    await page.selectOption("select[name=shipper_signup]", "off");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Shipping settings saved").waitFor();
    const s = (await admin.gql(`{ settings { shipper_signup currency pickup_cutoff } }`)).data?.settings;
    expect(s).toEqual({ shipper_signup: "off", currency: "EUR", pickup_cutoff: "15:30" });
    await shot(page, "shipping-settings-phone-light");
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("a courier neither sees nor reaches shippers or rates; a dispatcher reaches shippers, not rates", async () => {
    const members: Record<string, Client> = {};
    for (const role of ["courier", "dispatcher"]) members[role] = await staffMember(admin, smtp, `${role}@staff.example`, role, PASSWORD);
    const { ctx, page, errors } = await pageOf(members.courier);
    await page.goto(`${site.url}/control/index.html`);
    await page.getByText("Signed in as courier@staff.example (courier)").waitFor();
    const html = await page.locator("#cp-nav").innerHTML();
    expect(html).toContain(">Parcels<");
    expect(html).not.toContain(">Shippers<");
    for (const [path, what] of [
      ["/control/shippers/list.html", "manage shippers"],
      ["/control/bookings/list.html", "see bookings"],
      ["/control/pickups/list.html", "see pickups"],
      ["/control/statements/list.html", "use statements"],
      ["/control/rates/cards/big-shop", "edit zones, services and rate cards"],
    ]) {
      await page.goto(site.url + path);
      expect(await page.getByTestId("not-allowed").innerText()).toContain(`Your role (courier) may not ${what}`);
    }
    expect((await members.courier.gql(`{ shippers { total } }`)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    await ctx.close();

    const d = await pageOf(members.dispatcher, { desktop: true });
    await d.page.goto(`${site.url}/control/shippers/list.html`);
    await d.page.getByTestId("shipper-row").filter({ hasText: SHIPPER }).waitFor();
    expect(await d.page.getByRole("navigation", { name: "Shipping sections" }).innerText()).toMatch(/Bookings[\s\S]*Statements/);
    expect(await d.page.getByRole("navigation", { name: "Shipping sections" }).getByRole("link", { name: "Rates" }).count()).toBe(0);
    await d.page.goto(`${site.url}/control/rates/zones.html`);
    expect(await d.page.getByTestId("not-allowed").innerText()).toContain("Your role (dispatcher) may not edit zones");
    expect(errors).toEqual([]);
    expect(d.errors).toEqual([]);
    await d.ctx.close();
  });

  it("looks right at phone and desktop width, light and dark", async () => {
    const screens = [
      ["shippers", "/control/shippers/list.html", "shipper-row"],
      ["shipper-create", "/control/shippers/create.html", null],
      ["bookings", `/control/bookings/list.html?shipper_id=${shipperId}`, "booking-row"],
      ["pickups", `/control/pickups/list.html?date=${PICKUP_DAY}`, "pickup-row"],
      ["statements", `/control/statements/list.html?shipper_id=${shipperId}`, "statement-row"],
      ["zones", "/control/rates/zones.html", "zone-row"],
      ["services", "/control/rates/services.html", "service-row"],
      ["rate-cards", "/control/rates/cards", "rate-card-row"],
      ["rate-card", "/control/rates/cards/big-shop", "rate-grid"],
      ["shipping-settings", "/control/settings/shipping", null],
    ] as const;
    // Every width and theme with E2E_SHOTS (the pictures); otherwise each width and each theme once: the overflow
    // check depends on the width only (the dark theme changes colours, not sizes), the console check is made in both.
    const looks = SHOTS
      ? ([
          [false, false],
          [true, false],
          [false, true],
          [true, true],
        ] as const)
      : ([
          [false, false],
          [true, true],
        ] as const);
    for (const [dark, desktop] of looks) {
      const { ctx, page, errors } = await pageOf(admin, { dark, desktop });
      const name = `${desktop ? "desktop" : "phone"}-${dark ? "dark" : "light"}`;
      for (const [screen, path, testId] of screens) {
        await page.goto(site.url + path);
        if (testId) await page.getByTestId(testId).first().waitFor();
        else await page.locator("form").first().waitFor();
        if (screen === "shippers") await page.getByRole("button", { name: "Edit Lena Lager" }).click();
        if (screen === "bookings")
          await page
            .getByRole("button", { name: /^Details/ })
            .first()
            .click();
        if (screen === "statements")
          await page
            .getByRole("button", { name: /^Details/ })
            .first()
            .click();
        await page.locator(".cp-add-tip").waitFor({ state: "detached" });
        await shot(page, `control-${screen}-${name}`);
        expect(await page.evaluate<number>(OVERFLOW), `${screen} ${name}`).toBeLessThanOrEqual(0);
      }
      expect(errors).toEqual([]);
      await ctx.close();
    }
  });
});
