import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The parcel's write rules live in one place (server/modules/parcel/parcel.writes.ts, see
 * docs/development.md): every write of a parcel or of its history goes through its unit of work,
 * which moves the version and publishes the parcel's events (parcel.events.ts), on which the view cache
 * forgets the views and the other features react. This test reads the sources and fails, naming
 * file:line, on any other write of the Parcel or Activity tables (Prisma's delegates, nested writes,
 * raw SQL), any other version bump, cache eviction, published parcel event or parcel webhook.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const MECHANISM = "server/modules/parcel/parcel.writes.ts";
const SCANNED = ["server", "scripts", "prisma"];

interface Rule {
  name: string;
  pattern: RegExp;
  /** Files where the rule does not apply, each with the reason. */
  allowed?: Record<string, string>;
}

const MODELS = "(?:parcel|activity)";
const WRITES = "(?:create|createMany|createManyAndReturn|update|updateMany|updateManyAndReturn|upsert|delete|deleteMany)";
const TABLE = `(?:"?(?:Parcel|Activity)"?(?![\\w"])|\\$\\{[^}]*["'](?:Parcel|Activity)["'][^}]*\\})`;
const SQL_WRITE = "(?:INSERT\\s+(?:OR\\s+\\w+\\s+)?INTO|REPLACE\\s+INTO|UPDATE|DELETE\\s+FROM|TRUNCATE(?:\\s+TABLE)?|MERGE\\s+INTO)";
const EVENTS = "(?:parcel\\.created|parcel\\.delivered|status\\.changed|history\\.added)";

const RULES: Rule[] = [
  {
    name: "a Prisma write of a parcel or a history entry",
    // db().parcel.update(, tx.activity.create(, prisma["parcel"].delete(, x?.parcel.upsert(
    pattern: new RegExp(`(?:\\.\\s*${MODELS}|\\[\\s*["'\`]${MODELS}["'\`]\\s*\\])\\s*\\??\\.\\s*${WRITES}\\s*\\(`, "g"),
    allowed: { "prisma/seed.ts": "the demo seed fills an empty database; the server then forgets every cached view (server/main.ts)" },
  },
  {
    name: "a nested write of a parcel or its history through another model",
    pattern: new RegExp(
      `\\b(?:parcel|history|activities)\\s*:\\s*\\{\\s*(?:create|createMany|connectOrCreate|update|updateMany|upsert|delete|deleteMany|set)\\s*:`,
      "g",
    ),
    allowed: { "prisma/seed.ts": "the demo seed's parcels are created with their history" },
  },
  {
    name: "an SQL write of the Parcel or Activity table",
    pattern: new RegExp(`\\b${SQL_WRITE}\\s+(?:[\\w"]+\\.)?${TABLE}`, "g"),
    allowed: {
      "scripts/bench-fill.ts": "benchmark data written into a fresh database before any server starts",
      "scripts/bench-lists.ts": "benchmark data written into a fresh database before any server starts",
      "scripts/bench-messages.ts": "benchmark data (recipients' phone numbers) written before the messages section's server starts",
    },
  },
  {
    name: "an SQL write through a variable naming the Parcel or Activity table",
    // `UPDATE ${P} ...` in a file where P = d.table("Parcel") or pgTable("Activity").
    pattern: new RegExp(`\\b${SQL_WRITE}\\s+\\$\\{\\s*\\w+\\s*\\}`, "g"),
  },
  {
    name: "a version bump",
    pattern: /\bversion"?\s*(?::\s*\{\s*increment\b|=\s*"?version"?\s*\+)/g,
    allowed: { "server/modules/content/content.service.ts": "the content's own version (ContentVersion), not a parcel's" },
  },
  {
    name: "an eviction of cached parcel views",
    pattern: /\b(?:forgetParcel|invalidate\s*\(\s*["'](?:parcel|live)["'])/g,
    allowed: { "server/modules/parcel/view-cache.ts": "where forgetParcel is defined, called on the parcel's views.changed and live.changed" },
  },
  {
    name: "a parcel event published outside the unit",
    pattern: /\bparcelEvents\s*(?:\?\s*)?\.\s*publish\s*\(/g,
  },
  {
    name: "a parcel event sent by hand",
    pattern: new RegExp(`(?:\\bemitEvents?\\s*\\(\\s*|\\bevent\\s*:\\s*)["'\`]${EVENTS}["'\`]|\\b(?:statusEvents|notifyRecipient)\\s*\\(`, "g"),
    allowed: {
      "server/modules/webhook/webhook.subscribers.ts": "the parcel's events as webhooks, subscribed to parcelEvents",
      "server/modules/notification/notification.subscribers.ts": "the recipient's e-mail, subscribed to parcelEvents status.changed",
      "server/modules/notification/notification.service.ts": "where notifyRecipient is defined",
    },
  },
];

/** Variables holding the Parcel or Activity table's name (`const P = d.table("Parcel")`, `[P, A] = [..."Parcel"..., ...]`). */
function tableVariables(text: string): boolean {
  return /\b(?:table|pgTable)\s*\(\s*["'](?:Parcel|Activity)["']\s*\)/.test(text);
}

/** Comment lines blanked (line numbers kept): prose may name what code must not do. */
function code(text: string): string {
  let inBlock = false;
  return text
    .split("\n")
    .map((line) => {
      const t = line.trim();
      if (inBlock) {
        if (t.includes("*/")) inBlock = false;
        return "";
      }
      if (t.startsWith("/*")) {
        inBlock = !t.includes("*/");
        return "";
      }
      return t.startsWith("//") || t.startsWith("*") ? "" : line;
    })
    .join("\n");
}

/** The rule breaks of one file's text, as "file:line: what". */
function breaches(file: string, text: string): string[] {
  if (file === MECHANISM) return [];
  const src = code(text);
  const out: string[] = [];
  for (const rule of RULES) {
    if (rule.allowed?.[file]) continue;
    if (rule.name.includes("through a variable") && !tableVariables(src)) continue;
    for (const m of src.matchAll(rule.pattern)) {
      const line = src.slice(0, m.index).split("\n").length;
      out.push(`${file}:${line}: ${rule.name}: ${m[0].replace(/\s+/g, " ").slice(0, 80)}`);
    }
  }
  return out;
}

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) {
      if (!["generated", "node_modules", "migrations"].includes(e.name)) out.push(...sources(rel));
    } else if (/\.(?:ts|tsx|mts|mjs|js)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) out.push(rel);
  }
  return out;
}

describe("the parcel's write rules in one place", () => {
  it("no code writes a parcel or its history, bumps its version, evicts its view or sends its events but parcel.writes.ts", () => {
    const files = SCANNED.flatMap(sources);
    expect(files).toContain("server/modules/activity/activity.service.ts");
    expect(files).toContain(MECHANISM);
    const found = files.flatMap((f) => breaches(f, fs.readFileSync(path.join(ROOT, f), "utf8")));
    expect(found, `write parcels and their history through parcelWrites (${MECHANISM}):\n${found.join("\n")}`).toEqual([]);
  });

  it("every allowance names a file that exists", () => {
    for (const rule of RULES) for (const file of Object.keys(rule.allowed ?? {})) expect(fs.existsSync(path.join(ROOT, file)), file).toBe(true);
  });

  it("catches each way round the rule", () => {
    const bad = [
      `await db().parcel.update({ where: { id }, data });`,
      `await tx.parcel.create({ data });`,
      `await prisma.activity.createMany({ data: rows });`,
      `await db().activity.deleteMany({ where: { parcel_id } });`,
      `await client["parcel"].upsert({ where, create, update });`,
      `await db()\n  .parcel\n  .updateMany({ where, data });`,
      `await db().parcelNotification.create({ data: { parcel: { update: { status: "x" } } } });`,
      `await db().admin.update({ where, data: { history: { create: [] } } });`,
      `await db().$executeRaw\`UPDATE "Parcel" SET "status" = \${s}\`;`,
      `await db().$executeRawUnsafe('DELETE FROM "Activity" WHERE "id" = $1', id);`,
      `w.statement('INSERT INTO "Activity" ("title") VALUES (?)').run(t);`,
      `sqlite.exec("INSERT OR REPLACE INTO Parcel (id) VALUES (1)");`,
      `await q(\`UPDATE \${pgTable("Parcel")} SET x = 1\`);`,
      `const P = d.table("Parcel");\nawait d.rows(\`UPDATE \${P} SET x = 1\`, []);`,
      `await db().$executeRawUnsafe(\`UPDATE\n  "public"."Parcel" SET x = 1\`);`,
      `data: { ...data, version: { increment: 1 } }`,
      `SET "version" = "version" + 1`,
      `await forgetParcel(code);`,
      `await invalidate("parcel", [code]);`,
      `await invalidate("live", codes);`,
      `await parcelEvents.publish("status.changed", { changes, views });`,
      `emitEvent("status.changed", { parcel });`,
      `events.push({ event: "parcel.created", data });`,
      `statusEvents(view, null);`,
      `notifyRecipient(parcel.id, entry);`,
    ];
    for (const snippet of bad) expect(breaches("server/x.ts", snippet), snippet).not.toEqual([]);
    expect(breaches("server/x.ts", `\n\nawait tx.activity.update({});`)[0]).toMatch(/^server\/x\.ts:3: a Prisma write/);
    const fine = [
      `await db().parcel.findMany({ where: { id: { in: ids } } });`,
      `await db().activity.groupBy({ by: ["parcel_id"] });`,
      `await db().parcelNotification.create({ data: { parcel_id: 1, status_code: "delivered" } });`,
      `await d.rows(\`SELECT "version" FROM \${d.table("Parcel")} WHERE "tracking_code" = ?\`, [code]);`,
      `await db().$executeRawUnsafe('INSERT INTO "ParcelSearch" (rowid) VALUES (1)');`,
      `await db().contentVersion.upsert({ where: { id: 1 }, create: { id: 1, version: 1 }, update: {} });`,
      `// a comment may say db().parcel.update({ version: { increment: 1 } })`,
      ` * or forgetParcel(code) in a doc comment`,
      `emitEvent("webhook.test", {});`,
      `const w = await parcelWrites((w) => w.updateParcel(existing, data));`,
    ];
    for (const snippet of fine) expect(breaches("server/x.ts", snippet), snippet).toEqual([]);
  });
});
