import { parse } from "csv-parse/sync";
import { badInput, conflict, isUniqueViolation, notFound } from "../../core/errors.js";
import { db } from "../../db/index.js";
import { asObject, Reader } from "../address/address.rules.js";
import { csvCell } from "../common/csv.js";
import { contentChanged } from "../content/content.service.js";
import { MAX_AMOUNT_MINOR } from "../../../shared/core/money.js";
import { SURCHARGE_KINDS, type Lane, type Surcharge } from "./pricing.rules.js";

/**
 * Zones, services and rate cards (the `rates` permission) and the grid as CSV; the quote is
 * quote.service.ts, the rules themselves pure functions in pricing.rules.ts.
 */

export const DEFAULT_CARD = "default";
const ID = /^[a-z0-9][a-z0-9_-]{0,39}$/;
const CODE = /^[A-Za-z0-9_-]{1,32}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
export const list = (s: string) => s.split(",").filter(Boolean);

// ---- Zones ----

type ZoneRow = { id: number; name: string; countries: string; postcodes: string };
const zoneView = (z: ZoneRow) => ({ id: z.id, name: z.name, countries: list(z.countries), postcodes: list(z.postcodes) });

export async function listZones() {
  return (await db().zone.findMany({ orderBy: { id: "asc" } })).map(zoneView);
}

function readStrings(r: Reader, f: string, required: boolean, check: (s: string) => string | null, max = 500): string[] | null {
  const v = r.raw[f];
  if (v === undefined || v === null) {
    if (required) r.fail(f, "is required");
    return required ? null : [];
  }
  if (!Array.isArray(v)) return (r.fail(f, "must be a list of text"), null);
  if (v.length > max) return (r.fail(f, `must hold at most ${max} entries`), null);
  const out: string[] = [];
  v.forEach((x, i) => {
    const s = typeof x === "string" ? x.trim() : "";
    const bad = typeof x !== "string" ? "must be text" : check(s);
    if (bad) r.fail(`${f}[${i}]`, bad);
    else out.push(s);
  });
  return out;
}

const countryCheck = (s: string) =>
  /^[A-Z]{2}$/.test(s.toUpperCase()) && new Reader({ c: s }, "").country("c") ? null : "must be an ISO 3166-1 alpha-2 country code";
const postcodeCheck = (s: string) =>
  /^[A-Za-z0-9 ]{1,12}$/.test(s) || /^\d{1,10}\s*-\s*\d{1,10}$/.test(s) ? null : 'must be a prefix ("10") or a range ("1000-1999")';

function readZone(raw: unknown, partial: boolean) {
  const r = new Reader(asObject(raw), "");
  const name = partial && r.raw.name === undefined ? undefined : r.text("name", true, 100);
  const countries = partial && r.raw.countries === undefined ? undefined : readStrings(r, "countries", true, countryCheck);
  if (countries && !countries.length) r.fail("countries", "must list at least one country");
  const postcodes = r.raw.postcodes === undefined && partial ? undefined : readStrings(r, "postcodes", false, postcodeCheck);
  for (const p of postcodes ?? []) {
    const m = /^(\d+)\s*-\s*(\d+)$/.exec(p);
    if (m && (m[1].length !== m[2].length || Number(m[1]) > Number(m[2]))) r.fail("postcodes", `range ${p} must have bounds of the same length, low to high`);
  }
  if (r.errors.length) throw badInput(r.errors);
  return {
    ...(name !== undefined ? { name: name! } : {}),
    ...(countries !== undefined ? { countries: countries!.map((c) => c.toUpperCase()).join(",") } : {}),
    ...(postcodes !== undefined ? { postcodes: postcodes!.map((p) => p.replace(/\s*-\s*/, "-")).join(",") } : {}),
  };
}

const taken = (what: string) => (e: unknown) => {
  if (isUniqueViolation(e)) throw conflict(`${what} is already taken`);
  throw e;
};

export async function createZone(raw: unknown) {
  const data = readZone(raw, false) as { name: string; countries: string; postcodes: string };
  const z = zoneView(await db().zone.create({ data }).catch(taken("name")));
  await contentChanged();
  return z;
}

const idOf = (raw: unknown) => {
  const id = Number(asObject(raw).id);
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw badInput("id must be a whole number");
  return id;
};

/** A renamed zone is renamed in every rate card's lanes and surcharges too (they name zones), in one transaction. */
export async function updateZone(raw: unknown) {
  const id = idOf(raw);
  const data = readZone(raw, true);
  return db()
    .$transaction(async (tx) => {
      const old = await tx.zone.findUnique({ where: { id } });
      if (!old) throw notFound("Zone not found");
      const z = await tx.zone.update({ where: { id }, data });
      if (data.name && data.name !== old.name) {
        for (const card of await tx.rateCard.findMany()) {
          const lanes = (JSON.parse(card.lanes) as Lane[]).map((l) => ({
            ...l,
            from_zone: l.from_zone === old.name ? data.name! : l.from_zone,
            to_zone: l.to_zone === old.name ? data.name! : l.to_zone,
          }));
          const surcharges = (JSON.parse(card.surcharges) as Surcharge[]).map((s) =>
            s.zones ? { ...s, zones: s.zones.map((n) => (n === old.name ? data.name! : n)) } : s,
          );
          await tx.rateCard.update({ where: { id: card.id }, data: { lanes: JSON.stringify(lanes), surcharges: JSON.stringify(surcharges) } });
        }
      }
      return zoneView(z);
    })
    .catch(taken("name"))
    .finally(contentChanged);
}

/** A zone a rate card still prices is not deleted (409 naming the card). */
export async function deleteZone(raw: unknown) {
  const id = idOf(raw);
  const z = await db().zone.findUnique({ where: { id } });
  if (!z) throw notFound("Zone not found");
  for (const card of await db().rateCard.findMany()) {
    const lanes = JSON.parse(card.lanes) as Lane[];
    if (lanes.some((l) => l.from_zone === z.name || l.to_zone === z.name))
      throw conflict(`The rate card ${card.id} prices the zone ${z.name}: change its lanes first`);
  }
  await db().zone.delete({ where: { id } });
  await contentChanged();
}

// ---- Services ----

export type ServiceRow = Awaited<ReturnType<ReturnType<typeof db>["service"]["findUniqueOrThrow"]>>;
const serviceView = (s: ServiceRow) => ({
  id: s.id,
  code: s.code,
  name: s.name,
  transit_days_min: s.transit_days_min,
  transit_days_max: s.transit_days_max,
  cutoff: s.cutoff,
  volumetric_divisor: s.volumetric_divisor,
  active: s.active,
});

export async function listServices() {
  return (await db().service.findMany({ orderBy: { id: "asc" } })).map(serviceView);
}

function readService(raw: unknown, old?: ServiceRow) {
  const r = new Reader(asObject(raw), "");
  const has = (f: string) => r.raw[f] !== undefined || !old;
  const out: Record<string, unknown> = {};
  if (has("code")) {
    const c = r.text("code", true, 32);
    if (c && !CODE.test(c)) r.fail("code", "may hold only letters, digits, - and _ (at most 32)");
    out.code = c;
  }
  if (has("name")) out.name = r.text("name", true, 100);
  if (has("transit_days_min")) out.transit_days_min = r.int("transit_days_min", true, 0, 60);
  if (has("transit_days_max")) out.transit_days_max = r.int("transit_days_max", true, 0, 60);
  if (r.raw.cutoff !== undefined) {
    const c = r.text("cutoff", true, 5);
    if (c && !TIME.test(c)) r.fail("cutoff", "must be a time as HH:MM");
    out.cutoff = c;
  }
  if (r.raw.volumetric_divisor !== undefined) out.volumetric_divisor = r.int("volumetric_divisor", true, 1, 100_000);
  if (r.raw.active !== undefined) out.active = r.bool("active");
  const min = (out.transit_days_min ?? old?.transit_days_min) as number | null;
  const max = (out.transit_days_max ?? old?.transit_days_max) as number | null;
  if (!r.errors.length && min !== null && max !== null && min > max) r.fail("transit_days_max", "must not be below transit_days_min");
  if (r.errors.length) throw badInput(r.errors);
  return out;
}

export async function createService(raw: unknown) {
  const created = serviceView(
    await db()
      .service.create({ data: readService(raw) as never })
      .catch(taken("code")),
  );
  await contentChanged();
  return created;
}

export async function updateService(raw: unknown) {
  const id = idOf(raw);
  const old = await db().service.findUnique({ where: { id } });
  if (!old) throw notFound("Service not found");
  const data = readService(raw, old);
  if (data.code && data.code !== old.code && (await cardsUsing(old.code)).length)
    throw conflict(`The rate cards ${(await cardsUsing(old.code)).join(", ")} price ${old.code}: its code cannot change`);
  const updated = serviceView(await db().service.update({ where: { id }, data }).catch(taken("code")));
  await contentChanged();
  return updated;
}

async function cardsUsing(code: string) {
  return (await db().rateCard.findMany()).filter((c) => (JSON.parse(c.lanes) as Lane[]).some((l) => l.service === code)).map((c) => c.id);
}

export async function deleteService(raw: unknown) {
  const id = idOf(raw);
  const s = await db().service.findUnique({ where: { id } });
  if (!s) throw notFound("Service not found");
  const used = await cardsUsing(s.code);
  if (used.length) throw conflict(`The rate cards ${used.join(", ")} price ${s.code}: set it inactive, or change their lanes first`);
  await db().service.delete({ where: { id } });
  await contentChanged();
}

// ---- Rate cards ----

type CardRow = { id: string; name: string; lanes: string; surcharges: string; updated_at: Date };
const cardView = (c: CardRow) => ({
  id: c.id,
  name: c.name,
  lanes: JSON.parse(c.lanes) as Lane[],
  surcharges: JSON.parse(c.surcharges) as Surcharge[],
  updated_at: c.updated_at,
});

/** The default card always exists (made empty on first need). */
export async function ensureDefault(): Promise<CardRow> {
  const row = await db().rateCard.findUnique({ where: { id: DEFAULT_CARD } });
  if (row) return row;
  try {
    return await db().rateCard.create({ data: { id: DEFAULT_CARD, name: "Default" } });
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    return db().rateCard.findUniqueOrThrow({ where: { id: DEFAULT_CARD } });
  }
}

export async function listRateCards() {
  await ensureDefault();
  return (await db().rateCard.findMany({ orderBy: { created_at: "asc" } })).map(cardView);
}

export async function getRateCard(id: string) {
  if (id === DEFAULT_CARD) return cardView(await ensureDefault());
  const c = ID.test(id) ? await db().rateCard.findUnique({ where: { id } }) : null;
  if (!c) throw notFound("Rate card not found");
  return cardView(c);
}

async function knownNames() {
  const [zones, services] = await Promise.all([db().zone.findMany({ select: { name: true } }), db().service.findMany({ select: { code: true } })]);
  return { zones: new Set(zones.map((z) => z.name)), services: new Set(services.map((s) => s.code)) };
}

function readLane(r: Reader, known: { zones: Set<string>; services: Set<string> }): Lane | null {
  const before = r.errors.length;
  const service = r.text("service", true, 32);
  if (service && !known.services.has(service)) r.fail("service", `names no service (${service})`);
  const from = r.text("from_zone", true, 100);
  if (from && !known.zones.has(from)) r.fail("from_zone", `names no zone (${from})`);
  const to = r.text("to_zone", true, 100);
  if (to && !known.zones.has(to)) r.fail("to_zone", `names no zone (${to})`);
  const per = r.int("per_kg_above", false, 0, MAX_AMOUNT_MINOR);
  const brackets: { up_to_kg: number; amount: number }[] = [];
  const raw = r.raw.brackets;
  if (!Array.isArray(raw) || !raw.length) r.fail("brackets", "must list at least one bracket");
  else if (raw.length > 100) r.fail("brackets", "must hold at most 100 brackets");
  else
    raw.forEach((b, i) => {
      const br = new Reader(asObject(b), r.name(`brackets[${i}]`));
      const up = br.number("up_to_kg", true, 0.001, 100_000);
      const amount = br.int("amount", true, 0, MAX_AMOUNT_MINOR);
      r.errors.push(...br.errors);
      if (up !== null && amount !== null) brackets.push({ up_to_kg: up, amount });
    });
  const weights = brackets.map((b) => b.up_to_kg);
  if (new Set(weights).size !== weights.length) r.fail("brackets", "must not repeat an up_to_kg");
  if (r.errors.length > before) return null;
  return {
    service: service!,
    from_zone: from!,
    to_zone: to!,
    brackets: brackets.sort((a, b) => a.up_to_kg - b.up_to_kg),
    ...(per !== null ? { per_kg_above: per } : {}),
  };
}

function checkLanes(lanes: Lane[], errors: string[], name: (i: number) => string) {
  const seen = new Map<string, number>();
  lanes.forEach((l, i) => {
    const key = `${l.service}|${l.from_zone}|${l.to_zone}`;
    if (seen.has(key)) errors.push(`${name(i)} repeats the lane ${l.service} ${l.from_zone} -> ${l.to_zone} of ${name(seen.get(key)!)}`);
    else seen.set(key, i);
  });
}

function readSurcharge(r: Reader, zones: Set<string>): Surcharge | null {
  const before = r.errors.length;
  const code = r.text("code", true, 20) as Surcharge["code"] | null;
  if (code && !(code in SURCHARGE_KINDS)) r.fail("code", "must be fuel, remote, cod or insurance");
  const kind = r.text("kind", false, 10) ?? (code && SURCHARGE_KINDS[code]);
  if (code && code in SURCHARGE_KINDS && kind !== SURCHARGE_KINDS[code]) r.fail("kind", `of ${code} must be ${SURCHARGE_KINDS[code]}`);
  const value = kind === "fixed" ? r.int("value", true, 0, MAX_AMOUNT_MINOR) : r.number("value", true, 0, 1000);
  const min = r.int("min", false, 0, MAX_AMOUNT_MINOR);
  const z = readStrings(r, "zones", code === "remote", (s) => (zones.has(s) ? null : `names no zone (${s})`));
  if (r.errors.length > before) return null;
  return { code: code!, kind: kind as Surcharge["kind"], value: value!, ...(min !== null ? { min } : {}), ...(code === "remote" ? { zones: z! } : {}) };
}

/** PUT /api/rate-cards/{id}: creates or replaces the card (JSON: name, lanes, surcharges), every field checked, nothing saved on an error. */
export async function putRateCard(id: string, raw: unknown) {
  if (!ID.test(id)) throw badInput("id may hold only lower-case letters, digits, - and _ (at most 40)");
  const r = new Reader(asObject(raw), "");
  const known = await knownNames();
  const name = r.text("name", id !== DEFAULT_CARD, 100) ?? "Default";
  const lanes: Lane[] = [];
  if (!Array.isArray(r.raw.lanes)) r.fail("lanes", "must be a list");
  else if (r.raw.lanes.length > 5000) r.fail("lanes", "must hold at most 5000 lanes");
  else
    r.raw.lanes.forEach((l, i) => {
      const lr = new Reader(asObject(l), `lanes[${i}]`);
      const lane = readLane(lr, known);
      r.errors.push(...lr.errors);
      if (lane) lanes.push(lane);
    });
  checkLanes(lanes, r.errors, (i) => `lanes[${i}]`);
  const surcharges: Surcharge[] = [];
  const rawS = r.raw.surcharges ?? [];
  if (!Array.isArray(rawS)) r.fail("surcharges", "must be a list");
  else
    rawS.forEach((s, i) => {
      const sr = new Reader(asObject(s), `surcharges[${i}]`);
      const sur = readSurcharge(sr, known.zones);
      r.errors.push(...sr.errors);
      if (sur) surcharges.push(sur);
    });
  const codes = surcharges.map((s) => s.code);
  if (new Set(codes).size !== codes.length) r.fail("surcharges", "must hold each code once");
  if (r.errors.length) throw badInput(r.errors);
  const data = { name, lanes: JSON.stringify(lanes), surcharges: JSON.stringify(surcharges) };
  const card = cardView(await db().rateCard.upsert({ where: { id }, create: { id, ...data }, update: data }));
  await contentChanged();
  return card;
}

export const CSV_COLUMNS = ["service", "from_zone", "to_zone", "up_to_kg", "amount", "per_kg_above"] as const;

/** The grid as CSV: one row per lane and bracket (per_kg_above on each row of its lane). */
export async function rateCardCsv(id: string): Promise<string> {
  const card = await getRateCard(id);
  const rows = card.lanes.flatMap((l) => l.brackets.map((b) => [l.service, l.from_zone, l.to_zone, b.up_to_kg, b.amount, l.per_kg_above ?? ""]));
  return `\uFEFF${[CSV_COLUMNS, ...rows].map((r) => r.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

/**
 * PUT with text/csv: the grid's lanes replaced from the file (surcharges and name kept). Every row
 * is checked; one wrong row and nothing is saved (422, one message per wrong row: "row N: ...").
 */
export async function putRateCardCsv(id: string, text: string) {
  const existing = id === DEFAULT_CARD ? await ensureDefault() : ID.test(id) ? await db().rateCard.findUnique({ where: { id } }) : null;
  if (!existing) throw notFound("Rate card not found: create it with JSON first");
  let records: string[][];
  try {
    records = parse(text.replace(/^\uFEFF/, ""), { relax_column_count: true, skip_empty_lines: true, trim: true }) as string[][];
  } catch (e) {
    throw badInput(`file: not a CSV file (${(e as Error).message.slice(0, 200)})`);
  }
  const [header, ...rows] = records;
  if (!header || CSV_COLUMNS.some((c, i) => header[i]?.toLowerCase() !== c)) throw badInput(`file: the first row must be the columns ${CSV_COLUMNS.join(",")}`);
  if (rows.length > 50_000) throw badInput("file: at most 50000 rows");
  const known = await knownNames();
  const errors: string[] = [];
  const lanes = new Map<string, Lane & { perRow: number }>();
  rows.forEach((cells, i) => {
    const row = i + 2;
    const rec = Object.fromEntries(CSV_COLUMNS.map((c, j) => [c, cells[j] ?? ""]));
    const lr = new Reader({ ...rec, brackets: [{ up_to_kg: rec.up_to_kg, amount: rec.amount }] }, "");
    const lane = readLane(lr, known);
    const msgs = lr.errors.map((m) => m.replace(/^brackets\[0\]\./, ""));
    if (cells.length > CSV_COLUMNS.length) msgs.push(`has ${cells.length} cells; the columns are ${CSV_COLUMNS.length}`);
    if (msgs.length || !lane) return void errors.push(...msgs.map((m) => `row ${row}: ${m}`));
    const key = `${lane.service}|${lane.from_zone}|${lane.to_zone}`;
    const seen = lanes.get(key);
    if (!seen) return void lanes.set(key, { ...lane, perRow: row });
    if ((seen.per_kg_above ?? null) !== (lane.per_kg_above ?? null)) errors.push(`row ${row}: per_kg_above differs from row ${seen.perRow} of the same lane`);
    else if (seen.brackets.some((b) => b.up_to_kg === lane.brackets[0].up_to_kg))
      errors.push(`row ${row}: repeats the bracket up_to_kg ${lane.brackets[0].up_to_kg} of its lane`);
    else seen.brackets.push(lane.brackets[0]);
  });
  if (errors.length) throw badInput(errors);
  const out = [...lanes.values()].map(({ perRow: _, ...l }) => ({ ...l, brackets: l.brackets.sort((a, b) => a.up_to_kg - b.up_to_kg) }));
  const card = cardView(await db().rateCard.update({ where: { id: existing.id }, data: { lanes: JSON.stringify(out) } }));
  await contentChanged();
  return card;
}
