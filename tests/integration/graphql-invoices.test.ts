import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAdmin } from "../helpers/admin.js";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { expectAllUnauthenticated, expectError, expectFieldError } from "../fixtures/graphql.js";
import { db } from "../../server/db/index.js";

const FIELDS = `id number product customer_name tracking_code amount created_at updated_at`;
const CREATE = `mutation($i: CreateInvoiceInput!) { createInvoice(input: $i) { ${FIELDS} } }`;
const GET = `query($id: Int!) { invoice(id: $id) { ${FIELDS} } }`;
const LIST = `query($page: Int, $per: Int) { invoices(page: $page, per_page: $per) { total current_page last_page next_page_url data { id number product } } }`;

let t: TestApp;
let admin: Client;
let anon: Client;
beforeAll(async () => {
  t = await startTestApp();
  admin = await signedInAdmin(t.url);
  anon = new Client(t.url);
  await admin.gql(`mutation { createParcel(input: { tracking_code: "INV-PARCEL-1", recipient_name: "R", destination: "D" }) { id } }`);
});
afterAll(async () => t?.close());

const create = async (input: Record<string, unknown>) => {
  const r = await admin.gql(CREATE, { i: input });
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return r.data.createInvoice;
};

describe("without a session", () => {
  it("createInvoice, invoice and invoices are UNAUTHENTICATED", async () => {
    await expectAllUnauthenticated(anon, [
      [CREATE, { i: { product: "Free stuff" } }],
      [GET, { id: 1 }],
      [LIST, {}],
    ]);
    expect(await db().invoice.count()).toBe(0);
  });
});

describe("createInvoice", () => {
  it("needs only the product and numbers invoices INV-000001 upwards", async () => {
    const a = await create({ product: "  Express parcel, 2 kg  " });
    expect(a).toMatchObject({
      number: `INV-${String(a.id).padStart(6, "0")}`,
      product: "Express parcel, 2 kg",
      customer_name: "",
      tracking_code: "",
      amount: null,
    });
    const b = await create({ product: "Sea freight LCL", customer_name: "Van Dijk BV", tracking_code: "INV-PARCEL-1", amount: 1250.5 });
    expect(b).toMatchObject({ customer_name: "Van Dijk BV", tracking_code: "INV-PARCEL-1", amount: 1250.5 });
    expect(b.id).toBeGreaterThan(a.id);
    expect(b.number).toBe(`INV-${String(b.id).padStart(6, "0")}`);
  });

  it("gives unique numbers to invoices created at the same moment", async () => {
    const made = await Promise.all(Array.from({ length: 6 }, (_, i) => admin.gql(CREATE, { i: { product: `Batch ${i}` } })));
    const numbers = made.map((r) => r.data.createInvoice.number as string);
    expect(new Set(numbers).size).toBe(6);
    for (const n of numbers) expect(n).toMatch(/^INV-\d{6}$/);
  });

  it("names the field for every rule; an unknown tracking code is NOT_FOUND", async () => {
    const count = await db().invoice.count();
    expectFieldError(await admin.gql(CREATE, { i: { product: "" } }), "product", /required/);
    expectFieldError(await admin.gql(CREATE, { i: { product: "p".repeat(301) } }), "product", /at most 300/);
    expectFieldError(await admin.gql(CREATE, { i: {} }), "product");
    expectFieldError(await admin.gql(CREATE, { i: { product: "P", amount: -1 } }), "amount", /negative/);
    expectFieldError(await admin.gql(CREATE, { i: { product: "P", amount: "ten" } }), "amount");
    expectFieldError(await admin.gql(CREATE, { i: { product: "P", customer_name: "c".repeat(301) } }), "customer_name");
    expectFieldError(await admin.gql(CREATE, { i: { product: "P", tracking_code: "not valid!" } }), "tracking_code", /letters, digits and -/);
    expectError(await admin.gql(CREATE, { i: { product: "P", tracking_code: "NO-SUCH-PARCEL" } }), "NOT_FOUND", /tracking_code/);
    expect(await db().invoice.count()).toBe(count);
  });
});

describe("invoice and invoices", () => {
  it("reads one invoice and lists them newest first, paged", async () => {
    const inv = await create({ product: "Warehousing, March" });
    expect((await admin.gql(GET, { id: inv.id })).data.invoice).toEqual(inv);
    expectError(await admin.gql(GET, { id: 999999 }), "NOT_FOUND", "Invoice not found");
    const total = await db().invoice.count();
    const page = (await admin.gql(LIST, { per: 4 })).data.invoices;
    expect(page).toMatchObject({ total, current_page: 1, last_page: Math.ceil(total / 4), next_page_url: "/api/invoices?page=2&per_page=4" });
    expect(page.data[0]).toEqual({ id: inv.id, number: inv.number, product: "Warehousing, March" });
  });
});
