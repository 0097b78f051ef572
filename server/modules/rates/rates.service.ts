import { parse } from "csv-parse/sync";
import { badInput, conflict, isUniqueViolation, notFound } from "../../core/errors.js";
import { maxAmount, pastLimit } from "../settings/amount-limit.js";
import { db } from "../../db/index.js";
import { asObject } from "../address/address.rules.js";
import { csvCell } from "../common/csv.js";
import { contentChanged } from "../content/content.service.js";
import { problems, problemsSync, validated } from "../../core/validation.js";
import { LaneInput, RateCardInput, ServiceInput, SurchargeInput, ZoneInput } from "./rates.type.js";
import { SURCHARGE_KINDS, type Lane, type Surcharge } from "./pricing.rules.js";

/**
 * Zones, services and rate cards (the `rates` permission) and the grid as CSV; the quote is
 * quote.service.ts, the rules themselves pure functions in pricing.rules.ts.
 */

export const DEFAULT_CARD = "default";
const ID = /^[a-z0-9][a-z0-9_-]{0,39}$/;
export const list = (s: string) => s.split(",").filter(Boolean);

// ---- Zones ----

type ZoneRow = { id: number; name: string; countries: string; postcodes: string };
const zoneView = (z: ZoneRow) => ({ id: z.id, name: z.name, countries: list(z.countries), postcodes: list(z.postcodes) });

export async function listZones() {
  return (await db().zone.findMany({ orderBy: { id: "asc" } })).map(zoneView);
}

/** Missing fields of a new row: "is required", in the order given. */
function requireFields(input: object, fields: readonly string[]) {
  const missing = fields.filter((f) => (input as Record<string, unknown>)[f] === undefined);
  if (missing.length) throw badInput(missing.map((f) => `${f} is required`));
}

async function readZone(raw: unknown, partial: boolean) {
  const i = await validated(ZoneInput, raw);
  if (!partial) requireFields(i, ["name", "countries"]);
  return {
    ...(i.name !== undefined ? { name: i.name.trim() } : {}),
    ...(i.countries !== undefined ? { countries: i.countries.map((c) => c.trim().toUpperCase()).join(",") } : {}),
    ...(i.postcodes !== undefined || !partial ? { postcodes: (i.postcodes ?? []).map((p) => p.trim().replace(/\s*-\s*/, "-")).join(",") } : {}),
  };
}

const taken = (what: string) => (e: unknown) => {
  if (isUniqueViolation(e)) throw conflict(`${what} is already taken`);
  throw e;
};

export async function createZone(raw: unknown) {
  const data = (await readZone(raw, false)) as { name: string; countries: string; postcodes: string };
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
  const data = await readZone(raw, true);
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

async function readService(raw: unknown, old?: ServiceRow) {
  const i = await validated(ServiceInput, raw);
  if (!old) requireFields(i, ["code", "name", "transit_days_min", "transit_days_max"]);
  const out: Record<string, unknown> = {};
  for (const f of ["code", "name", "cutoff"] as const) if (i[f] !== undefined) out[f] = i[f].trim();
  for (const f of ["transit_days_min", "transit_days_max", "volumetric_divisor", "active"] as const) if (i[f] !== undefined) out[f] = i[f];
  const min = (out.transit_days_min ?? old?.transit_days_min) as number | null;
  const max = (out.transit_days_max ?? old?.transit_days_max) as number | null;
  if (min !== null && max !== null && min > max) throw badInput("transit_days_max must not be below transit_days_min");
  return out;
}

export async function createService(raw: unknown) {
  const created = serviceView(
    await db()
      .service.create({ data: (await readService(raw)) as never })
      .catch(taken("code")),
  );
  await contentChanged();
  return created;
}

export async function updateService(raw: unknown) {
  const id = idOf(raw);
  const old = await db().service.findUnique({ where: { id } });
  if (!old) throw notFound("Service not found");
  const data = await readService(raw, old);
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

/** A validated lane's names checked against the zones and services there are (messages under `name`). */
function laneNames(l: LaneInput, known: { zones: Set<string>; services: Set<string> }, name: string): string[] {
  const out: string[] = [];
  const unknown = (v: unknown, set: Set<string>) => typeof v === "string" && v.trim() !== "" && !set.has(v.trim());
  if (unknown(l.service, known.services)) out.push(`${name}service names no service (${l.service.trim()})`);
  if (unknown(l.from_zone, known.zones)) out.push(`${name}from_zone names no zone (${l.from_zone.trim()})`);
  if (unknown(l.to_zone, known.zones)) out.push(`${name}to_zone names no zone (${l.to_zone.trim()})`);
  return out;
}

const toLane = (l: LaneInput): Lane => ({
  service: l.service.trim(),
  from_zone: l.from_zone.trim(),
  to_zone: l.to_zone.trim(),
  brackets: l.brackets.map((b) => ({ up_to_kg: b.up_to_kg, amount: b.amount })).sort((a, b) => a.up_to_kg - b.up_to_kg),
  ...(l.per_kg_above !== undefined && l.per_kg_above !== null ? { per_kg_above: l.per_kg_above } : {}),
});

function checkLanes(lanes: Lane[], errors: string[], name: (i: number) => string) {
  const seen = new Map<string, number>();
  lanes.forEach((l, i) => {
    const key = `${l.service}|${l.from_zone}|${l.to_zone}`;
    if (seen.has(key)) errors.push(`${name(i)} repeats the lane ${l.service} ${l.from_zone} -> ${l.to_zone} of ${name(seen.get(key)!)}`);
    else seen.set(key, i);
  });
}

const toSurcharge = (s: SurchargeInput): Surcharge => {
  const code = s.code.trim() as Surcharge["code"];
  return {
    code,
    kind: SURCHARGE_KINDS[code],
    value: s.value,
    ...(s.min !== undefined && s.min !== null ? { min: s.min } : {}),
    ...(code === "remote" ? { zones: (s.zones ?? []).map((z) => z.trim()) } : {}),
  };
};

/** PUT /api/rate-cards/{id}: creates or replaces the card (JSON: name, lanes, surcharges), every field checked, nothing saved on an error. */
export async function putRateCard(id: string, raw: unknown) {
  if (!ID.test(id)) throw badInput("id may hold only lower-case letters, digits, - and _ (at most 40)");
  const { value: card, messages: errors } = await problems(RateCardInput, raw);
  const known = await knownNames();
  const name = card.name?.trim() || (id === DEFAULT_CARD ? "Default" : null);
  if (!name) errors.unshift("name is required");
  const lanes = Array.isArray(card.lanes) ? card.lanes : [];
  lanes.forEach((l, i) => l && errors.push(...laneNames(l, known, `lanes[${i}].`)));
  const surcharges = Array.isArray(card.surcharges) ? card.surcharges : [];
  surcharges.forEach((s, i) =>
    (Array.isArray(s?.zones) ? s.zones : []).forEach((z) => {
      if (typeof z === "string" && z.trim() && !known.zones.has(z.trim())) errors.push(`surcharges[${i}].zones names no zone (${z.trim()})`);
    }),
  );
  const codes = surcharges.map((s) => s?.code);
  if (new Set(codes).size !== codes.length) errors.push("surcharges must hold each code once");
  if (!errors.length) errors.push(...cardPastLimit(lanes, surcharges, await maxAmount()));
  if (errors.length) throw badInput(errors);
  const kept = lanes.map(toLane);
  checkLanes(kept, errors, (i) => `lanes[${i}]`);
  if (errors.length) throw badInput(errors);
  const data = { name: name!, lanes: JSON.stringify(kept), surcharges: JSON.stringify(surcharges.map(toSurcharge)) };
  const saved = cardView(await db().rateCard.upsert({ where: { id }, create: { id, ...data }, update: data }));
  await contentChanged();
  return saved;
}

/** A card's amounts past the setting max_amount (percentages are not amounts), each named as the card's fields are. */
function cardPastLimit(lanes: RateCardInput["lanes"], surcharges: RateCardInput["surcharges"], limit: number): string[] {
  const amounts: Record<string, number | null | undefined> = {};
  (lanes ?? []).forEach((l, i) => {
    l?.brackets?.forEach((b, j) => (amounts[`lanes[${i}].brackets[${j}].amount`] = b?.amount));
    amounts[`lanes[${i}].per_kg_above`] = l?.per_kg_above;
  });
  (surcharges ?? []).forEach((x, i) => {
    if (x?.code === "remote") amounts[`surcharges[${i}].value`] = x.value;
    amounts[`surcharges[${i}].min`] = x?.min;
  });
  return pastLimit(amounts, limit);
}

export const CSV_COLUMNS = ["service", "from_zone", "to_zone", "up_to_kg", "amount", "per_kg_above"] as const;

/** The grid as CSV: one row per lane and bracket (per_kg_above on each row of its lane). */
export async function rateCardCsv(id: string): Promise<string> {
  const card = await getRateCard(id);
  const rows = card.lanes.flatMap((l) => l.brackets.map((b) => [l.service, l.from_zone, l.to_zone, b.up_to_kg, b.amount, l.per_kg_above ?? ""]));
  return `\uFEFF${[CSV_COLUMNS, ...rows].map((r) => r.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

/** A CSV cell as what JSON would carry: "" none, a decimal number a number, other text left for the rules to refuse. */
const cell = (v: string): unknown => (v === "" ? null : /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v);

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
  const limit = await maxAmount();
  const errors: string[] = [];
  const lanes = new Map<string, Lane & { perRow: number }>();
  rows.forEach((cells, i) => {
    const row = i + 2;
    const rec = Object.fromEntries(CSV_COLUMNS.map((c, j) => [c, cells[j] ?? ""]));
    const raw = { ...rec, per_kg_above: cell(rec.per_kg_above), brackets: [{ up_to_kg: cell(rec.up_to_kg), amount: cell(rec.amount) }] };
    const { value, messages } = problemsSync(LaneInput, raw);
    const msgs = [...messages, ...laneNames(value, known, "")].map((m) => m.replace(/^brackets\[0\]\./, ""));
    if (cells.length > CSV_COLUMNS.length) msgs.push(`has ${cells.length} cells; the columns are ${CSV_COLUMNS.length}`);
    if (!msgs.length) msgs.push(...pastLimit({ amount: value.brackets?.[0]?.amount, per_kg_above: value.per_kg_above }, limit));
    if (msgs.length) return void errors.push(...msgs.map((m) => `row ${row}: ${m}`));
    const lane = toLane(value);
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
