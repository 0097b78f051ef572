import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { signedInAdmin } from "../helpers/admin.js";
import { Client } from "../helpers/http.js";
import { code, fails, form, ok } from "../fixtures/rest.js";
import { gqlUpload } from "../fixtures/graphql.js";
import { db } from "../../server/db/index.js";

// The CSV import's cod_amount column (contract section 12, issue 38), on SQLite and PostgreSQL by project: validated as
// POST and PATCH /api/parcels validate it (each row's error naming the column), written with its collection in the
// parcel's own statement, changed or removed until the parcel is out for delivery, and a row may not mark delivered a
// parcel whose amount is still to be collected.

let t: TestApp;
let admin: Client;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signedInAdmin(t.url);
}, 180_000);
afterAll(async () => t?.close());

const csvFile = (text: string) => [new Blob([text], { type: "text/csv" }), "parcels.csv"] as [Blob, string];
const upload = (text: string, query = "") => admin.post(`/api/parcels/import${query}`, form({ file: csvFile(text) }));
/** The staff view (GraphQL adminParcel): the amount, its currency, its collection and the status. */
const staff = async (c: string) =>
  (
    await admin.gql(
      `query($c: String!) { adminParcel(trackingCode: $c) { id status_code cod_amount cod_currency cod { amount currency status method collected_amount } } }`,
      { c },
    )
  ).data.adminParcel;
const collection = (c: string) => db().codCollection.findFirst({ where: { tracking_code: c } });

describe("cod_amount in the CSV import", () => {
  it("a dry run answers each row's cod_amount error naming the column, and writes nothing", async () => {
    const [good, decimal, zero, over, text, currency] = ["G", "D", "Z", "O", "T", "C"].map((k) => code(`IC${k}`));
    const file = [
      "tracking_code,recipient_name,destination,cod_amount,cod_currency",
      `${good},Ada,Lagos,1250,EUR`,
      `${decimal},Ada,Lagos,12.50,`,
      `${zero},Ada,Lagos,0,`,
      `${over},Ada,Lagos,500001,`,
      `${text},Ada,Lagos,twelve,`,
      `${currency},Ada,Lagos,1250,USD`,
    ].join("\n");
    const d = ok(await upload(file, "?dry_run=true"));
    expect(d).toMatchObject({ created: 1, updated: 0, failed: 5 });
    expect(d.rows[0]).toEqual({ row: 2, tracking_code: good, action: "create", errors: [] });
    for (const r of d.rows.slice(1, 5)) {
      expect(r.action).toBe("error");
      expect(r.errors.length, JSON.stringify(r)).toBeGreaterThan(0);
      for (const m of r.errors) expect(m).toMatch(/^cod_amount /);
    }
    // Above cod_max: the limit is named, as on POST /api/parcels.
    expect(d.rows[3].errors.join(" ")).toMatch(/500000 \(the setting cod_max\)/);
    expect(d.rows[5].errors).toEqual(["cod_currency must be EUR (the site's currency: cod_amount is in its smallest unit)"]);
    for (const c of [good, decimal, zero, over, text, currency]) fails(await new Client(t.url).get(`/api/parcels/${c}`), 404);
    expect(await collection(good)).toBeNull();
  });

  it("creates parcels with their amount and collection, changes and removes it; an amount that stays is not written", async () => {
    const [a, b, none] = ["A", "B", "N"].map((k) => code(`ICW${k}`));
    let d = ok(
      await upload(["tracking_code,recipient_name,destination,cod_amount", `${a},Ada,Lagos,1250`, `${b},Bo,Accra,99`, `${none},Cy,Abuja,`].join("\n")),
    );
    expect(d).toMatchObject({ created: 3, failed: 0 });
    expect(await staff(a)).toMatchObject({ cod_amount: 1250, cod_currency: "EUR", cod: { amount: 1250, currency: "EUR", status: "expected" } });
    expect((await staff(b)).cod).toMatchObject({ amount: 99, status: "expected" });
    expect(await staff(none)).toMatchObject({ cod_amount: null, cod: null });
    expect(await collection(a)).toMatchObject({ amount: 1250, status: "expected", currency: "EUR" });
    // The recipient sees what to have ready.
    expect(ok(await new Client(t.url).get(`/api/parcels/${a}`)).cod_due).toEqual({ amount: 1250, currency: "EUR" });

    const version = (await db().parcel.findUnique({ where: { tracking_code: b } }))!.version;
    d = ok(await upload(["tracking_code,cod_amount", `${a},2000`, `${b},99`, `${none},500`].join("\n")));
    expect(d).toMatchObject({ updated: 3, failed: 0 });
    expect((await staff(a)).cod).toMatchObject({ amount: 2000, status: "expected" });
    expect(await collection(a)).toMatchObject({ amount: 2000 });
    expect((await db().parcel.findUnique({ where: { tracking_code: b } }))!.version).toBe(version);
    expect((await staff(none)).cod).toMatchObject({ amount: 500, status: "expected" });

    // An empty cell removes the amount and its collection (an empty optional cell clears its field).
    d = ok(await upload(["tracking_code,cod_amount", `${a},`].join("\n")));
    expect(d).toMatchObject({ updated: 1, failed: 0 });
    expect(await staff(a)).toMatchObject({ cod_amount: null, cod: null });
    expect(await collection(a)).toBeNull();
  });

  it("is locked once the parcel is out for delivery (the row's 409 names cod_amount); delivered by a row is refused while due", async () => {
    const [out, due] = ["O", "D"].map((k) => code(`ICL${k}`));
    ok(await upload(["tracking_code,recipient_name,destination,cod_amount", `${out},Ada,Lagos,1250`, `${due},Bo,Accra,700`].join("\n")));
    ok(await admin.patch("/api/parcels", { id: (await staff(out)).id, status_code: "out_for_delivery" }));
    const d = ok(await upload(["tracking_code,cod_amount,status_code", `${out},1500,out_for_delivery`, `${due},700,delivered`].join("\n")));
    expect(d).toMatchObject({ updated: 0, failed: 2 });
    expect(d.rows[0].errors).toEqual(["cod_amount can no longer be changed or removed: the parcel is out for delivery"]);
    expect(d.rows[1].errors.join(" ")).toMatch(/^cod: 700 EUR is due on this parcel/);
    expect((await staff(out)).cod).toMatchObject({ amount: 1250, status: "expected" });
    expect(await staff(due)).toMatchObject({ status_code: null, cod: { amount: 700, status: "expected" } });
    // The same amount on a locked parcel is no change: the row is an update without errors.
    expect(ok(await upload(["tracking_code,cod_amount", `${out},1250`].join("\n")))).toMatchObject({ updated: 1, failed: 0 });
  });

  it("writes many rows with amounts across batches, with and without one, each with its collection (GraphQL too)", async () => {
    const prefix = code("ICM");
    const rows = Array.from({ length: 130 }, (_, i) => `${prefix}-${i},R ${i},Town ${i},${i % 3 === 0 ? "" : 100 + i}`);
    const bytes = Buffer.from(["tracking_code,recipient_name,destination,cod_amount", ...rows].join("\n"));
    const g = await gqlUpload(
      admin,
      "mutation($f: Upload!) { importParcels(file: $f) { created updated failed } }",
      {},
      { f: { bytes, filename: "m.csv", type: "text/csv" } },
    );
    expect(g.errors).toBeUndefined();
    expect(g.data.importParcels).toEqual({ created: 130, updated: 0, failed: 0 });
    const made = await db().codCollection.findMany({ where: { tracking_code: { startsWith: `${prefix}-` } } });
    expect(made).toHaveLength(130 - Math.ceil(130 / 3));
    for (const c of made) expect(c.amount).toBe(100 + Number(c.tracking_code.split("-").at(-1)));
    const parcels = await db().parcel.findMany({ where: { tracking_code: { startsWith: `${prefix}-` } }, select: { id: true, cod_amount: true } });
    const byParcel = new Map(made.map((c) => [c.parcel_id, c.amount]));
    for (const p of parcels) expect(p.cod_amount).toBe(byParcel.get(p.id) ?? null);
  });
});
