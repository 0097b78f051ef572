// Issue 37: the history entries the server writes itself are in the language of whoever reads them first
// (server/modules/activity/entry.language.ts): the parcel's recipient_language, else the member who caused the entry,
// else English. A scan, a run's start, a proof of delivery, a booking and its cancelling, on both databases.
import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { startAppWithMail, type MailApp } from "../helpers/mailApp.js";
import type { SmtpPeer } from "../helpers/smtp.js";
import { booking, setUpZonedRates, verifiedShipper } from "../helpers/shippers.js";
import { ok } from "../fixtures/rest.js";
import { db } from "../../server/db/index.js";

const DEPOT = { latitude: 52.37, longitude: 4.89 };
const PASSWORD = "history-language-password-1";

let app: MailApp;
let t: TestApp;
let owner: Client;
let smtp: SmtpPeer;
let courierAr: Client;
let courierEn: Client;
let dispatcher: Client;
const ids: Record<string, number> = {};
let n = 0;

async function member(email: string, role: "courier" | "dispatcher", language: string | null): Promise<Client> {
  const { hashPassword } = await import("../../server/modules/admin/admin.service.js");
  const row = await db().admin.create({ data: { email, password_hash: await hashPassword(PASSWORD), role, language } });
  ids[email] = row.id;
  const c = new Client(t.url);
  expect((await c.post("/api/admins/auth/signin", { email, password: PASSWORD })).status).toBe(200);
  return c;
}

/** A new parcel east of the depot, its recipient's language as given (undefined: none). */
async function parcel(recipient_language?: string): Promise<string> {
  const code = `HL-${process.pid % 1000}-${++n}`;
  ok(
    await owner.post("/api/parcels", {
      tracking_code: code,
      recipient_name: `Recipient ${n}`,
      destination: `Street ${n}, Amsterdam`,
      map_destination_latitude: DEPOT.latitude,
      map_destination_longitude: DEPOT.longitude + n * 0.01,
      ...(recipient_language ? { recipient_language } : {}),
    }),
    201,
  );
  return code;
}

/** The parcel's newest entry with this status, as stored. */
async function entry(code: string, status_code: string) {
  const p = await db().parcel.findUniqueOrThrow({ where: { tracking_code: code } });
  const rows = await db().activity.findMany({ where: { parcel_id: p.id, status_code }, orderBy: [{ created_at: "asc" }, { id: "asc" }] });
  const a = rows.at(-1)!;
  return { title: a.title, description: a.description };
}

const scan = async (c: Client, codes: string[], extra: Record<string, unknown> = {}) => {
  const r = ok(await c.post("/api/scans", { codes, status_code: "in_transit", ...extra })) as { error: unknown }[];
  expect(r.map((o) => o.error)).toEqual(codes.map(() => null));
};

beforeAll(async () => {
  app = await startAppWithMail({ RATE_LIMIT_SIGNUP: "1000", TIME_ZONE: "UTC" });
  ({ t, admin: owner, smtp } = app);
  ok(await owner.patch("/api/settings", { depot_latitude: DEPOT.latitude, depot_longitude: DEPOT.longitude }));
  courierAr = await member("saiq@history.example", "courier", "ar");
  courierEn = await member("driver@history.example", "courier", null);
  dispatcher = await member("dispo@history.example", "dispatcher", "de");
});
afterAll(() => app?.close());

describe("the entries the server writes, in the language of their first reader", () => {
  it("a scan: the recipient's language, else the scanning member's, else English; a given title as given", async () => {
    const [de, none, plain] = [await parcel("de"), await parcel(), await parcel()];
    await scan(courierAr, [de, none]);
    await scan(owner, [plain]);
    expect(await entry(de, "in_transit")).toMatchObject({ title: "Im Depot angekommen" });
    expect(await entry(none, "in_transit")).toMatchObject({ title: "وصل إلى المركز" });
    expect(await entry(plain, "in_transit")).toMatchObject({ title: "Arrived at hub" });

    // A failed attempt's reason in the language too; a title the request gives is kept as given.
    await scan(courierAr, [de], { status_code: "delivery_failed", status_reason: "nobody_home" });
    expect((await entry(de, "delivery_failed")).title).toBe("Zustellversuch fehlgeschlagen: niemand zu Hause");
    await scan(courierAr, [none], { status_code: "delivery_failed", status_reason: "nobody_home", title: "Kept as typed" });
    expect((await entry(none, "delivery_failed")).title).toBe("Kept as typed");
  });

  it("a run's start and the proof of delivery", async () => {
    const [de, none] = [await parcel("de"), await parcel()];
    const plain = await parcel();
    await scan(owner, [de, none, plain]);
    const run = ok(
      await dispatcher.post("/api/runs", {
        courier_id: ids["saiq@history.example"],
        date: "2026-05-04",
        stops: [{ tracking_code: de }, { tracking_code: none }],
      }),
      201,
    );
    ok(await courierAr.post(`/api/runs/${run.id}/start`, {}));
    expect(await entry(de, "out_for_delivery")).toEqual({ title: "In Zustellung", description: "Der Kurier ist unterwegs." });
    expect(await entry(none, "out_for_delivery")).toEqual({ title: "خرج للتسليم", description: "المندوب في الطريق." });
    const other = ok(
      await dispatcher.post("/api/runs", { courier_id: ids["driver@history.example"], date: "2026-05-04", stops: [{ tracking_code: plain }] }),
      201,
    );
    ok(await courierEn.post(`/api/runs/${other.id}/start`, {}));
    expect(await entry(plain, "out_for_delivery")).toEqual({ title: "Out for delivery", description: "The courier is on the way." });

    const proof = (c: Client, code: string) => {
      const fd = new FormData();
      fd.append("receiver_name", "Jana");
      return c.post(`/api/parcels/${code}/delivery-proof`, fd);
    };
    ok(await proof(courierAr, de), 201);
    ok(await proof(courierAr, none), 201);
    ok(await proof(courierEn, plain), 201);
    expect(await entry(de, "delivered")).toEqual({ title: "Zugestellt", description: "Zustellnachweis erfasst: Name des Empfängers." });
    expect(await entry(none, "delivered")).toEqual({ title: "تم التسليم", description: "سُجّل إثبات التسليم: اسم المستلم." });
    expect(await entry(plain, "delivered")).toEqual({ title: "Delivered", description: "Proof of delivery recorded: receiver's name." });
  });

  it("a booking (the shipper's: English; a member's: theirs) and its cancelling (the recipient's language)", async () => {
    await setUpZonedRates(owner);
    const shipper = await verifiedShipper(t.url, smtp);
    const mine = ok(await shipper.c.post("/api/bookings", booking({ reference: "plain" })), 201);
    const booked = await entry(mine.tracking_code, "pending");
    expect(booked.title).toBe("Booked");
    expect(booked.description).toMatch(/^Booked by .+: .+, 1 parcel, [\d.]+ kg chargeable$/);

    // The owner books for the shipper in Arabic.
    ok(await owner.patch("/api/admins/auth/update/profile", { language: "ar" }));
    try {
      const theirs = ok(
        await owner.post("/api/bookings", booking({ shipper_id: shipper.id, reference: "ar", parcels: [{ weight_kg: 1 }, { weight_kg: 1 }] })),
        201,
      );
      const ar = await entry(theirs.tracking_code, "pending");
      expect(ar.title).toBe("تم الحجز");
      expect(ar.description).toMatch(/طردان/);
    } finally {
      ok(await owner.patch("/api/admins/auth/update/profile", { language: "" }));
    }

    // The recipient's language, set meanwhile, is the cancelling's.
    const p = await db().parcel.findUniqueOrThrow({ where: { tracking_code: mine.tracking_code } });
    ok(await owner.patch("/api/parcels", { id: p.id, recipient_language: "de" }));
    ok(await shipper.c.delete("/api/bookings", { id: mine.id }));
    expect(await entry(mine.tracking_code, "cancelled")).toEqual({ title: "Storniert", description: "Der Versender hat die Buchung storniert" });
  });
});
