/**
 * The role matrix (issue 13): for each role and each group of operations, one call through each
 * door (REST and GraphQL). Where the role holds the group's permission the call gets past access
 * (its own answer: 200/201, or the service's 422 where that proves it ran); where it does not, 403
 * naming the permission (REST envelope; GraphQL FORBIDDEN). Members are made directly in the
 * database here (the invitation flow is covered in staff.test.ts and the browser test).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.js";
import { Client } from "../helpers/http.js";
import { code, fails, signedIn } from "../fixtures/rest.js";
import { can, ROLES, type Permission, type Role } from "../../shared/core/permissions.js";

let t: TestApp;
let owner: Client;
const members = {} as Record<Role, Client>;
let parcelId = 0;
let activityId = 0;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed JSON answer, whose shape the test asserts
type Res = { status: number; json: any };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed JSON answer, whose shape the test asserts
type Gql = { data?: any; errors?: any[] };
interface Group {
  /** The group, as the issue names it. */
  name: string;
  permission: Permission;
  rest: (c: Client) => Promise<Res>;
  /** What an allowed REST call answers (a 422 from the service proves access let it through). */
  restOk?: number;
  gql: (c: Client) => Promise<Gql>;
  /** An allowed GraphQL call answers data, or this error code from the service. */
  gqlOkCode?: string;
}

let seq = 0;
const uniq = () => `${Date.now().toString(36)}${++seq}`;

export const GROUPS: Group[] = [
  {
    name: "parcels read",
    permission: "parcels:read",
    rest: (c) => c.get("/api/parcels"),
    gql: (c) => c.gql(`{ parcels { total } }`),
  },
  {
    name: "parcels write",
    permission: "parcels:write",
    restOk: 201,
    rest: (c) => c.post("/api/parcels", { tracking_code: code("RM"), recipient_name: "Matrix", destination: "Utrecht" }),
    gql: (c) =>
      c.gql(`mutation($i: CreateParcelInput!) { createParcel(input: $i) { id } }`, {
        i: { tracking_code: code("RM"), recipient_name: "Matrix", destination: "Utrecht" },
      }),
  },
  {
    name: "history write",
    permission: "history:write",
    restOk: 201,
    rest: (c) => c.post("/api/activities", { parcel_id: parcelId, title: "Scanned", description: "At the hub" }),
    gql: (c) =>
      c.gql(`mutation($i: CreateActivityInput!) { createActivity(input: $i) { id } }`, {
        i: { parcel_id: parcelId, title: "Scanned", description: "At the hub" },
      }),
  },
  {
    name: "history edit",
    permission: "history:edit",
    rest: (c) => c.patch("/api/activities", { id: activityId, title: `Edited ${uniq()}` }),
    gql: (c) => c.gql(`mutation($i: UpdateActivityInput!) { updateActivity(input: $i) { id } }`, { i: { id: activityId, title: `Edited ${uniq()}` } }),
  },
  {
    name: "content",
    permission: "content:write",
    restOk: 201,
    rest: (c) => c.post("/api/pages", { title: `Page ${uniq()}`, content: "<p>Hello</p>" }),
    gql: (c) => c.gql(`mutation($i: CreatePageInput!) { createPage(input: $i) { id } }`, { i: { title: `Page ${uniq()}`, content: "<p>Hello</p>" } }),
  },
  {
    name: "invoices",
    permission: "invoices",
    restOk: 404,
    // An invoice that does not exist: 404 is the service's answer, past access.
    rest: (c) => c.get("/api/invoices/999999"),
    gql: (c) => c.gql(`{ invoices { total } }`),
  },
  {
    name: "mail",
    permission: "mail",
    rest: (c) => c.get("/api/outbox"),
    gql: (c) => c.gql(`{ outbox { total } }`),
  },
  {
    name: "settings",
    permission: "settings",
    rest: (c) => c.patch("/api/settings", { meta_description: `Couriers ${uniq()}`, chat_code: "" }),
    gql: (c) => c.gql(`{ adminSettings { contact_email } }`),
  },
  {
    name: "dispatch board",
    permission: "dispatch",
    rest: (c) => c.get("/api/dispatch?date=2026-01-05"),
    gql: (c) => c.gql(`{ dispatch(date: "2026-01-05") { date } }`),
  },
  {
    name: "staff",
    permission: "staff",
    rest: (c) => c.get("/api/staff"),
    gql: (c) => c.gql(`{ staff { total } }`),
  },
  {
    name: "webhooks",
    permission: "webhooks",
    rest: (c) => c.get("/api/webhooks"),
    gql: (c) => c.gql(`{ webhooks { id } }`),
  },
  {
    name: "account",
    permission: "account",
    restOk: 422,
    gqlOkCode: "BAD_USER_INPUT",
    // A wrong current password: the service's 422, so access let the member through.
    rest: (c) =>
      c.patch("/api/admins/auth/update/password-user", {
        password: "not-my-password-1",
        new_password: "another-long-password-2",
        confirm_new_password: "another-long-password-2",
      }),
    gql: (c) =>
      c.gql(`mutation($i: ChangePasswordInput!) { changePassword(input: $i) }`, {
        i: { password: "not-my-password-1", new_password: "another-long-password-2", confirm_new_password: "another-long-password-2" },
      }),
  },
  {
    name: "reports",
    permission: "reports",
    rest: (c) => c.get("/api/reports/daily?from=2026-01-01&to=2026-01-02"),
    gql: (c) => c.gql(`{ reportDaily(from: "2026-01-01", to: "2026-01-02") { date } }`),
  },
];

/**
 * Groups whose operations are built on other branches (`audit`, `keys`): the lead adds their rows
 * here at merge, in the shape of GROUPS (e.g. audit: GET /api/audit and `audit { total }`;
 * api keys: GET /api/api-keys and `apiKeys { id }`), and they join the matrix below.
 */
export const PENDING_GROUPS: Group[] = [
  {
    name: "audit log",
    permission: "audit",
    rest: (c) => c.get("/api/audit"),
    gql: (c) => c.gql(`{ auditLog { total } }`),
  },
  {
    name: "api keys",
    permission: "api-keys",
    rest: (c) => c.get("/api/api-keys"),
    gql: (c) => c.gql(`{ apiKeys { id } }`),
  },
];

beforeAll(async () => {
  t = await startTestApp();
  owner = await signedIn(t);
  members.owner = owner;
  const { db } = await import("../../server/db/index.js");
  const { hashPassword } = await import("../../server/modules/admin/admin.service.js");
  const password_hash = await hashPassword("matrix-member-password-1");
  for (const role of ["dispatcher", "courier"] as const) {
    const email = `${role}@matrix.example`;
    await db().admin.create({ data: { email, password_hash, role } });
    const c = new Client(t.url);
    const r = await c.post("/api/admins/auth/signin", { email, password: "matrix-member-password-1" });
    expect(r.status, r.text).toBe(200);
    members[role] = c;
  }
  const p = await owner.post("/api/parcels", { tracking_code: code("RMX"), recipient_name: "Matrix", destination: "Utrecht" });
  parcelId = p.json.data.id;
  const a = await owner.post("/api/activities", { parcel_id: parcelId, title: "Created", description: "First entry" });
  activityId = a.json.data.id;
});
afterAll(async () => {
  await t?.close();
});

describe("role matrix", () => {
  it("covers every permission of the table", () => {
    const covered = new Set([...GROUPS, ...PENDING_GROUPS].map((g) => g.permission));
    const missing = (
      [
        "parcels:read",
        "parcels:write",
        "history:write",
        "history:edit",
        "content:write",
        "invoices",
        "dispatch",
        "mail",
        "settings",
        "staff",
        "webhooks",
        "account",
        "api-keys",
        "audit",
        "reports",
      ] as Permission[]
    ).filter((p) => !covered.has(p));
    expect(missing).toEqual([]);
  });

  for (const role of ROLES) {
    describe(role, () => {
      for (const g of [...GROUPS, ...PENDING_GROUPS]) {
        const allowed = can(role, g.permission);
        it(`${allowed ? "may" : "may not"} ${g.name} (${g.permission}) through REST and GraphQL`, async () => {
          const c = members[role];
          const r = await g.rest(c);
          const q = await g.gql(c);
          if (allowed) {
            expect(r.status, JSON.stringify(r.json)).toBe(g.restOk ?? 200);
            if (g.gqlOkCode) expect(q.errors?.[0]?.extensions?.code, JSON.stringify(q.errors)).toBe(g.gqlOkCode);
            else expect(q.errors, JSON.stringify(q.errors)).toBeUndefined();
          } else {
            const msg = `Your role (${role}) lacks the permission ${g.permission}`;
            // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed JSON answer, whose shape the test asserts
            expect(fails(r as any, 403)).toEqual([msg]);
            expect(q.errors?.[0], JSON.stringify(q.errors)).toMatchObject({ message: msg, extensions: { code: "FORBIDDEN" } });
          }
        });
      }
      it("each role has at least one allowed and (but the owner) one refused group", () => {
        const allowed = GROUPS.filter((g) => can(role, g.permission));
        expect(allowed.length).toBeGreaterThan(0);
        if (role !== "owner") expect(allowed.length).toBeLessThan(GROUPS.length);
      });
    });
  }
});

describe("taking back an entry", () => {
  it("a courier may delete an entry they added (undo) but not one somebody else added", async () => {
    const courier = members.courier;
    const mine = await courier.post("/api/activities", { parcel_id: parcelId, title: "Out for delivery", description: "Van 3" });
    expect(mine.status, JSON.stringify(mine.json)).toBe(201);
    expect(mine.json.data.created_by_name).toBe("courier@matrix.example");
    const theirs = await owner.post("/api/activities", { parcel_id: parcelId, title: "Owner's entry", description: "Desk" });
    const refused = await courier.delete("/api/activities", { id: theirs.json.data.id });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed JSON answer, whose shape the test asserts
    expect(fails(refused as any, 403)[0]).toMatch(/lacks the permission history:edit/);
    const gql = await courier.gql(`mutation($id: Int!) { deleteActivity(id: $id) }`, { id: theirs.json.data.id });
    expect(gql.errors?.[0].extensions.code).toBe("FORBIDDEN");
    expect((await courier.delete("/api/activities", { id: mine.json.data.id })).status).toBe(200);
    // The owner (history:edit) removes anyone's entry.
    expect((await owner.delete("/api/activities", { id: theirs.json.data.id })).status).toBe(200);
  });
});
