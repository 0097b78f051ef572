import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { signedInAdmin } from "../helpers/admin.js";
import { Client } from "../helpers/http.js";
import { fails, ok } from "../fixtures/rest.js";

// Labels are checked the way a depot would: the PDF rendered at 300 dpi (poppler's pdftoppm) and
// its barcodes read by an ordinary decoder (zbar's zbarimg), both Debian packages (scripts/test-setup.mjs).

let t: TestApp;
let admin: Client;
let dir: string;

const LATIN = {
  tracking_code: "LBL-2026-000001",
  recipient_name: "Ada Obi",
  destination: "12 Marina Street, Lagos",
  sender_name: "Acme Supplies",
  pickup_location: "20 Industrial Way, Manchester",
  weight: 12.5,
  shipped_via: "Air freight",
  recipient_postcode: "100001",
};
const SCRIPTS = {
  tracking_code: "LBL-AR-7781",
  recipient_name: "محمد العلي",
  destination: "شارع الملك فهد ١٢، الرياض",
  sender_name: "山田太郎",
  pickup_location: "東京都千代田区丸の内1-1",
  shipped_via: "航空便",
};

beforeAll(async () => {
  t = await startTestApp();
  admin = await signedInAdmin(t.url);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "labels-"));
  ok(
    await admin.patch("/api/settings", {
      contact_email: "desk@label-courier.example",
      contact_phone: "+44 20 7946 0000",
      contact_address: "7 Dock Road, London",
    }),
  );
  for (const p of [LATIN, SCRIPTS]) ok(await admin.post("/api/parcels", p), 201);
  for (let i = 2; i <= 5; i++)
    ok(await admin.post("/api/parcels", { tracking_code: `LBL-2026-00000${i}`, recipient_name: `Recipient ${i}`, destination: "Accra" }), 201);
});
afterAll(async () => {
  await t?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

async function download(c: Client, p: string) {
  const res = await fetch(t.url + p, { headers: c.cookieHeader() });
  return {
    status: res.status,
    type: res.headers.get("content-type"),
    disposition: res.headers.get("content-disposition"),
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}

let n = 0;
/** Every barcode zbar finds on each page of the PDF rendered at 300 dpi: ["CODE-128:...", "QR-Code:..."] per page. */
function decode(pdf: Buffer): string[][] {
  const base = path.join(dir, `doc${++n}`);
  fs.writeFileSync(`${base}.pdf`, pdf);
  execFileSync("pdftoppm", ["-r", "300", "-png", `${base}.pdf`, base]);
  const pages = fs
    .readdirSync(dir)
    .filter((f) => f.startsWith(`doc${n}-`) && f.endsWith(".png"))
    .sort();
  return pages.map((png) => {
    let out: string;
    try {
      out = execFileSync("zbarimg", ["-q", path.join(dir, png)], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    } catch (e) {
      out = (e as { stdout?: string }).stdout ?? ""; // zbarimg exits 4 when it finds nothing
    }
    return out.split("\n").filter(Boolean).sort();
  });
}

const pdfInfo = (pdf: Buffer) => {
  const file = path.join(dir, `info${++n}.pdf`);
  fs.writeFileSync(file, pdf);
  return execFileSync("pdfinfo", [file], { encoding: "utf8" });
};
const link = (code: string) => `${t.url}/track.html?code=${code}`;

describe("GET /api/parcels/{code}/label.pdf", () => {
  it("is a 100 x 150 mm PDF whose Code 128 barcode reads as the code and whose QR code reads as the tracking link", async () => {
    const r = await download(admin, `/api/parcels/${LATIN.tracking_code}/label.pdf`);
    expect(r.status).toBe(200);
    expect(r.type).toBe("application/pdf");
    expect(r.disposition).toContain(`label-${LATIN.tracking_code}.pdf`);
    expect(r.bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const info = pdfInfo(r.bytes);
    expect(info).toMatch(/Pages:\s+1\n/);
    // 100 x 150 mm = 283.46 x 425.2 pt
    expect(info).toMatch(/Page size:\s+283\.46\d* x 425\.(19|2)\d* pts/);
    expect(decode(r.bytes)).toEqual([[`CODE-128:${LATIN.tracking_code}`, `QR-Code:${link(LATIN.tracking_code)}`]]);
  });

  it("carries the company, sender, recipient, weight and service as text", async () => {
    const r = await download(admin, `/api/parcels/${LATIN.tracking_code}/label.pdf`);
    const file = path.join(dir, "text.pdf");
    fs.writeFileSync(file, r.bytes);
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    for (const s of [
      "Courier",
      "+44 20 7946 0000",
      "desk@label-courier.example",
      "7 Dock Road, London",
      "Acme Supplies",
      "20 Industrial Way, Manchester",
      "Ada Obi",
      "12 Marina Street, Lagos",
      "100001",
      "12.5 kg",
      "Air freight",
      LATIN.tracking_code,
    ]) {
      expect(text).toContain(s);
    }
  });

  it("FROM: a booked parcel's sender by name, the company once in the address", async () => {
    ok(
      await admin.post("/api/parcels", {
        tracking_code: "LBL-FROM-1",
        recipient_name: "Ada Obi",
        destination: "Lagos",
        sender_address: { name: "Jane Doe", company: "Acme Supplies", line1: "20 Industrial Way", postcode: "M1 1AE", city: "Manchester", country: "GB" },
      }),
      201,
    );
    const r = await download(admin, "/api/parcels/LBL-FROM-1/label.pdf");
    const file = path.join(dir, "from.pdf");
    fs.writeFileSync(file, r.bytes);
    const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" });
    const from = text.slice(text.indexOf("FROM"), text.indexOf("\nTO\n"));
    expect(from).toContain("Jane Doe");
    expect(from.match(/Acme Supplies/g)).toHaveLength(1);
    expect(from).toContain("20 Industrial Way");
  });

  it("draws Arabic and Chinese/Japanese text with embedded fonts, and the barcodes still read", async () => {
    const r = await download(admin, `/api/parcels/${SCRIPTS.tracking_code}/label.pdf`);
    expect(r.status).toBe(200);
    const file = path.join(dir, "scripts.pdf");
    fs.writeFileSync(file, r.bytes);
    const fonts = execFileSync("pdffonts", [file], { encoding: "utf8" });
    expect(fonts).toMatch(/NotoSansCJK/);
    expect(fonts).toMatch(/DejaVuSans|NotoNaskhArabic/);
    const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" });
    expect(text).toContain("山田太郎");
    expect(text).toContain("航空便");
    expect(decode(r.bytes)).toEqual([[`CODE-128:${SCRIPTS.tracking_code}`, `QR-Code:${link(SCRIPTS.tracking_code)}`]]);
  });

  it("puts four labels on an A4 page with ?format=a4, every barcode readable", async () => {
    const r = await download(admin, `/api/parcels/${LATIN.tracking_code}/label.pdf?format=a4`);
    expect(r.status).toBe(200);
    expect(pdfInfo(r.bytes)).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
    expect(decode(r.bytes)).toEqual([[`CODE-128:${LATIN.tracking_code}`, `QR-Code:${link(LATIN.tracking_code)}`]]);
  });

  it("answers 401 without a session, 404 for an unknown code, 422 for an unknown format", async () => {
    const anon = new Client(t.url);
    const r = await anon.get(`/api/parcels/${LATIN.tracking_code}/label.pdf`);
    expect(fails(r, 401)).toBeTruthy();
    expect(r.json.admin).toBe("false");
    expect(fails(await admin.get("/api/parcels/NOPE-1/label.pdf"), 404)[0]).toContain("NOPE-1");
    expect(fails(await admin.get(`/api/parcels/${LATIN.tracking_code}/label.pdf?format=letter`), 422)[0]).toMatch(/^format must be/);
  });
});

describe("GET /api/labels.pdf?codes=", () => {
  const six = [LATIN.tracking_code, SCRIPTS.tracking_code, "LBL-2026-000002", "LBL-2026-000003", "LBL-2026-000004", "LBL-2026-000005"];

  it("answers one 100 x 150 mm page per code, in the order given", async () => {
    const r = await download(admin, `/api/labels.pdf?codes=${six.slice(0, 3).join(",")}`);
    expect(r.status).toBe(200);
    expect(pdfInfo(r.bytes)).toMatch(/Pages:\s+3\n/);
    const pages = decode(r.bytes);
    expect(pages.map((p) => p.find((s) => s.startsWith("CODE-128:")))).toEqual(six.slice(0, 3).map((c) => `CODE-128:${c}`));
  });

  it("fills A4 pages four at a time", async () => {
    const r = await download(admin, `/api/labels.pdf?format=a4&codes=${six.join(",")}`);
    expect(r.status).toBe(200);
    expect(pdfInfo(r.bytes)).toMatch(/Pages:\s+2\n/);
    const pages = decode(r.bytes);
    expect(pages[0].filter((s) => s.startsWith("CODE-128:")).sort()).toEqual(
      six
        .slice(0, 4)
        .map((c) => `CODE-128:${c}`)
        .sort(),
    );
    expect(pages[0].filter((s) => s.startsWith("QR-Code:")).sort()).toEqual(
      six
        .slice(0, 4)
        .map((c) => `QR-Code:${link(c)}`)
        .sort(),
    );
    expect(pages[1].filter((s) => s.startsWith("CODE-128:")).sort()).toEqual(
      six
        .slice(4)
        .map((c) => `CODE-128:${c}`)
        .sort(),
    );
  });

  it("names unknown codes (404), needs codes (422) and a session (401)", async () => {
    expect(fails(await admin.get(`/api/labels.pdf?codes=${LATIN.tracking_code},GONE-1,GONE-2`), 404)[0]).toMatch(/GONE-1, GONE-2/);
    expect(fails(await admin.get("/api/labels.pdf"), 422)[0]).toBe("codes is required");
    expect(fails(await admin.get("/api/labels.pdf?codes=,,"), 422)[0]).toMatch(/^codes is required/);
    const many = Array.from({ length: 201 }, (_, i) => `C-${i}`).join(",");
    expect(fails(await admin.get(`/api/labels.pdf?codes=${many}`), 422)[0]).toMatch(/at most 200/);
    fails(await new Client(t.url).get(`/api/labels.pdf?codes=${LATIN.tracking_code}`), 401);
  });

  it("is in the OpenAPI document as PDF answers for staff", async () => {
    const doc = (await new Client(t.url).get("/api/openapi.json")).json;
    for (const p of ["/api/parcels/{code}/label.pdf", "/api/labels.pdf"]) {
      expect(doc.paths[p].get.responses["200"].content).toHaveProperty("application/pdf");
      expect(doc.paths[p].get.security).toEqual([{ session: [] }, { apiKey: ["parcels:read"] }]);
      expect(doc.paths[p].get.parameters.map((x: { name: string }) => x.name)).toContain("format");
    }
  });
});

describe("cash on delivery on the label (contract section 12)", () => {
  it("says COD and the amount due in the recipient's language, with its words; nothing once delivered", async () => {
    ok(
      await admin.post("/api/parcels", {
        tracking_code: "LBL-CASH-1",
        recipient_name: "Lise Meitner",
        destination: "Unter den Linden 1, Berlin",
        recipient_language: "de",
        cod_amount: 123456,
      }),
      201,
    );
    const currency = (ok(await admin.get("/api/settings")) as { currency: string }).currency;
    const textOf = async (name: string) => {
      const r = await download(admin, "/api/parcels/LBL-CASH-1/label.pdf");
      expect(r.status).toBe(200);
      const file = path.join(dir, name);
      fs.writeFileSync(file, r.bytes);
      return execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).replace(/[\u00a0\u202f]/g, " ");
    };
    const due = await textOf("cod.pdf");
    const amount = new Intl.NumberFormat("de", { style: "currency", currency }).format(1234.56).replace(/[\u00a0\u202f]/g, " ");
    expect(due).toContain("COD");
    expect(due).toContain(amount);
    for (const word of ["ABSENDER", "EMPFÄNGER", "GEWICHT", "NACHNAHME", "Sendung verfolgen"]) expect(due).toContain(word);
    expect(due).not.toMatch(/\bFROM\b|Track this parcel/);

    const scan = ok(await admin.post("/api/scans", { codes: ["LBL-CASH-1"], status_code: "delivered", cod: { amount: 123456, method: "cash" } }));
    expect(JSON.stringify(scan)).not.toContain("COD_REFUSED");
    const delivered = await textOf("cod-delivered.pdf");
    expect(delivered).not.toContain("COD");
    expect(delivered).not.toContain(amount);
  });
});
