import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { fails, ok, signedIn } from "../fixtures/rest.js";
import { pdfText } from "../helpers/pdf.js";

let t: TestApp;
let admin: Client;
let anon: Client;
let linked: { id: number; number: string };
let plain: { id: number; number: string };

beforeAll(async () => {
  t = await startTestApp();
  admin = await signedIn(t);
  anon = new Client(t.url);
  ok(
    await admin.patch("/api/settings", {
      contact_email: "billing@pdf-courier.example",
      contact_phone: "+44 20 7946 0000",
      contact_address: "7 Dock Road, London",
    }),
  );
  ok(await admin.post("/api/parcels", { tracking_code: "PDF-PARCEL-1", recipient_name: "Ada Obi", destination: "Lagos" }), 201);
  linked = ok(
    await admin.post("/api/invoices", { product: "Air freight, 12.5 kg", customer_name: "Ada Obi", tracking_code: "PDF-PARCEL-1", amount: 1245.5 }),
    201,
  );
  plain = ok(await admin.post("/api/invoices", { product: "Storage, one week" }), 201);
});
afterAll(async () => t?.close());

/** The raw bytes of a GET with the client's cookies. */
async function download(c: Client, path: string) {
  const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const res = await fetch(t.url + path, { headers: cookie ? { cookie } : {} });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe("GET /api/invoices/{id}/pdf", () => {
  it("answers a PDF document of the invoice with the company's details and the tracking link", async () => {
    const r = await download(admin, `/api/invoices/${linked.id}/pdf`);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("application/pdf");
    expect(r.headers.get("content-disposition")).toBe(`attachment; filename="${linked.number}.pdf"`);
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(r.bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(r.bytes.subarray(-6).toString("latin1")).toMatch(/%%EOF\s*$/);
    const text = pdfText(r.bytes);
    for (const s of [
      linked.number,
      "INVOICE",
      "Air freight, 12.5 kg",
      "Ada Obi",
      "1,245.50",
      "7 Dock Road, London",
      "billing@pdf-courier.example",
      "+44 20 7946 0000",
      "Courier",
    ]) {
      expect(text, s).toContain(s);
    }
    expect(text).toContain(`${t.url}/track.html?code=PDF-PARCEL-1`);
    // The QR code is vector squares, and the link is clickable.
    expect(r.bytes.toString("latin1")).toMatch(/\/URI \(http:\/\/127\.0\.0\.1:\d+\/track\.html\?code=PDF-PARCEL-1\)/);
  });

  it("leaves the tracking block out when the invoice names no parcel", async () => {
    const r = await download(admin, `/api/invoices/${plain.id}/pdf`);
    expect(r.status).toBe(200);
    const text = pdfText(r.bytes);
    expect(text).toContain(plain.number);
    expect(text).toContain("Storage, one week");
    expect(text).not.toContain("Track this parcel");
  });

  it("writes the amount as it was sent, half up, on both doors: 1.005 is 1.01 (the double's toFixed wrote 1.00)", async () => {
    const rest = ok(await admin.post("/api/invoices", { product: "Stamp", amount: 1.005 }), 201);
    const gql = await admin.gql("mutation ($input: CreateInvoiceInput!) { createInvoice(input: $input) { id } }", {
      input: { product: "Stamp", amount: 1234567.125 },
    });
    expect(gql.errors).toBeUndefined();
    for (const [id, shown] of [
      [rest.id, "1.01"],
      [Number(gql.data.createInvoice.id), "1,234,567.13"],
    ] as const) {
      const r = await download(admin, `/api/invoices/${id}/pdf`);
      expect(r.status).toBe(200);
      expect(pdfText(r.bytes)).toContain(shown);
    }
  });

  it("draws names, products and addresses in any script with an embedded font that has their letters", async () => {
    // Cyrillic, Greek, Polish and Turkish letters are outside the standard fonts' WinAnsi set; Arabic is right to left.
    const settings = ok(await admin.get("/api/settings"));
    const contact = { contact_email: settings.contact_email, contact_phone: settings.contact_phone };
    ok(await admin.patch("/api/settings", { ...contact, contact_address: "ул. Тверская 7, Москва" }));
    try {
      const inv = ok(await admin.post("/api/invoices", { product: "Θαλάσσια μεταφορά, 12 kg", customer_name: "Łukasz Żółć-Şahin" }), 201);
      const r = await download(admin, `/api/invoices/${inv.id}/pdf`);
      expect(r.status).toBe(200);
      const text = pdfText(r.bytes);
      for (const s of ["Łukasz Żółć-Şahin", "Θαλάσσια", "μεταφορά,", "ул.", "Тверская", "Москва", "INVOICE", inv.number]) expect(text, s).toContain(s);
      expect(text).not.toContain("\uFFFD");
      // The font is embedded (subset), not a standard font that would drop the letters.
      expect(r.bytes.toString("latin1")).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans/);

      const rtl = ok(await admin.post("/api/invoices", { product: "شحن جوي 12 كغ", customer_name: "محمد علي" }), 201);
      const ar = pdfText((await download(admin, `/api/invoices/${rtl.id}/pdf`)).bytes).replace(/\u00A0/g, " ");
      // Drawn right to left: the glyphs left to right are the letters in reverse, the number still reading 12.
      const reversed = (s: string) => [...s].reverse().join("");
      expect(ar).toContain(reversed("محمد علي"));
      expect(ar).toContain(`${reversed("كغ")} 12 ${reversed("شحن جوي")}`);
      expect(ar).not.toContain("\uFFFD");
    } finally {
      ok(
        await admin.patch("/api/settings", {
          contact_email: settings.contact_email,
          contact_phone: settings.contact_phone,
          contact_address: settings.contact_address,
        }),
      );
    }
  });

  it("needs an admin session: 401 envelope with admin false", async () => {
    const r = await anon.get(`/api/invoices/${linked.id}/pdf`);
    expect(fails(r, 401).length).toBeGreaterThan(0);
    expect(r.json.admin).toBe("false");
    expect(r.headers.get("content-type")).toContain("application/json");
  });

  it("answers 404 for an unknown or malformed id", async () => {
    expect(fails(await admin.get("/api/invoices/999999/pdf"), 404)).toEqual(["Invoice not found"]);
    expect(fails(await admin.get("/api/invoices/abc/pdf"), 404)).toEqual(["Invoice not found"]);
  });

  it("is documented in the OpenAPI document as an admin operation answering application/pdf", async () => {
    const doc = (await anon.get("/api/openapi.json")).json;
    const op = doc.paths["/api/invoices/{id}/pdf"].get;
    expect(op.security).toEqual([{ session: [] }]);
    expect(op["x-operation"]).toBe("invoices.get");
    expect(op.responses["200"].content).toHaveProperty("application/pdf");
    expect(op.responses["4XX"].content["application/json"].schema.$ref).toBe("#/components/schemas/ErrorEnvelope");
  });
});
