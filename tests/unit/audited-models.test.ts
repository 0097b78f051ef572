import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AUDITED_MODELS } from "../../server/db/audit.js";

/**
 * Every model of prisma/models.prisma is either audited (server/db/audit.ts records its every write)
 * or named here with the reason it is not; and no model written by the shippers', rates' or
 * bookings' code (money and prices, issue 35) goes unrecorded unless named here. A new model, or a
 * new write of one of these modules, fails until it is decided.
 */
const NOT_AUDITED: Record<string, string> = {
  AuditEntry: "the log itself",
  ApiKeyUsage: "a key's use per day, counted on each call",
  CodBalance: "each account's balance, kept by the ledger's writer from the entries it posts (CodEntry, audited)",
  ContentVersion: "a counter bumped with content changes (its writes are audited as their own models)",
  Invitation: "the invitation's token (the invited member is an Admin row, audited)",
  Message: "the recipients' SMS/WhatsApp/e-mail queue is its own record, with each try's provider history (GET /api/messages)",
  MessageOptOut: "a recipient's STOP/START, written by the provider's signed callback, not by a member",
  MailMessage: "the outbox is its own record; sending is audited per call (mail.send, statements.mail)",
  OneTimeClaim: "the first admin's claim (the admin created is audited)",
  ParcelNotification: "the recipient's notifications, recorded in the outbox",
  PasswordReset: "reset tokens (the password change is audited on the Admin row)",
  Position: "a courier's phone posts one every few seconds",
  RateLimit: "the abuse limits' counters",
  ReportCell: "the reports' daily roll-ups, counted from audited rows (docs/reports.md)",
  ReportDirty: "marks left by the database's own triggers for the roll-ups' recount",
  ReportFact: "what each parcel last added to the roll-ups (their bookkeeping)",
  ReportState: "the roll-ups' time zone and version",
  RecoveryCode: "two-step codes, secret (turning two-step on or off is audited on the Admin row)",
  Session: "sign-ins and sign-outs are recorded as events",
  ShipperSession: "sign-ins are recorded as events (users.signIn, users.signIn.failed)",
  ShipperToken: "verification and reset tokens (what they change is audited on the Shipper row)",
  Stop: "a run's stops change with every ETA (the run is audited)",
  StoredImage: "image bytes (the parcel that names the image is audited)",
  WebhookDelivery: "delivery attempts, kept as their own log",
};

const ROOT = path.resolve(import.meta.dirname, "../..");
const models = [...fs.readFileSync(path.join(ROOT, "prisma/models.prisma"), "utf8").matchAll(/^model (\w+) \{/gm)].map((m) => m[1]);
const WRITE = /\.\s*(\w+)\s*\??\.\s*(?:create|createMany|createManyAndReturn|update|updateMany|updateManyAndReturn|upsert|delete|deleteMany)\s*\(/g;

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((d) => {
    const rel = `${dir}/${d.name}`;
    if (d.isDirectory()) return sources(rel);
    return d.name.endsWith(".ts") && !d.name.endsWith(".test.ts") ? [rel] : [];
  });
}

describe("the audited models", () => {
  it("every model is audited or says why not, and nothing listed is stale", () => {
    expect(models.filter((m) => !AUDITED_MODELS.includes(m) && !NOT_AUDITED[m])).toEqual([]);
    expect(Object.keys(NOT_AUDITED).filter((m) => !models.includes(m) || AUDITED_MODELS.includes(m))).toEqual([]);
    expect(AUDITED_MODELS.filter((m) => !models.includes(m))).toEqual([]);
  });

  it("every model the shippers', rates' and bookings' code writes is audited (sessions and tokens excepted)", () => {
    const delegates = new Map(models.map((m) => [m[0].toLowerCase() + m.slice(1), m]));
    const written = new Map<string, string>();
    for (const dir of ["server/modules/shipper", "server/modules/rates", "server/modules/booking"])
      for (const file of sources(dir))
        for (const m of fs.readFileSync(path.join(ROOT, file), "utf8").matchAll(WRITE)) {
          const model = delegates.get(m[1]);
          if (model) written.set(model, file);
        }
    expect([...written.keys()]).toEqual(expect.arrayContaining(["Shipper", "ShipperKey", "Zone", "Service", "RateCard", "Booking", "Statement"]));
    const unrecorded = [...written].filter(([m]) => !AUDITED_MODELS.includes(m) && !["ShipperSession", "ShipperToken"].includes(m));
    expect(unrecorded.map(([m, file]) => `${m} (${file})`)).toEqual([]);
  });
});
