// The rate card's grid as the editor holds it: per service and origin zone, weight bands (rows) by
// destination zones (columns), each cell the text typed for its price. Pure, so it is unit tested.
import { moneyInput, parseMoney } from "@shared/core/money";

/** Prices and minimums are never below zero: a minus is refused with the other wrong amounts. */
const POSITIVE = { negative: false } as const;

export interface WireLane {
  service: string;
  from_zone: string;
  to_zone: string;
  per_kg_above?: number | null;
  brackets: { up_to_kg: number; amount: number }[];
}

/** One service from one zone: the bands' upper weights, and per destination its cells and per-kg price. */
export interface Sheet {
  bands: string[];
  cells: Record<string, string[]>;
  per: Record<string, string>;
}
export type Grid = Record<string, Sheet>;

export const sheetKey = (service: string, from: string) => `${service}\u0000${from}`;
export const sheetOf = (key: string) => {
  const [service, from] = key.split("\u0000");
  return { service, from };
};

/** The card's lanes as sheets: the bands of a sheet are every weight any of its lanes names. */
export function gridOf(lanes: WireLane[], currency: string): Grid {
  const grid: Grid = {};
  for (const l of lanes) {
    const key = sheetKey(l.service, l.from_zone);
    const sheet = (grid[key] ??= { bands: [], cells: {}, per: {} });
    for (const b of l.brackets) if (!sheet.bands.includes(String(b.up_to_kg))) sheet.bands.push(String(b.up_to_kg));
  }
  for (const sheet of Object.values(grid)) sheet.bands.sort((a, b) => Number(a) - Number(b));
  for (const l of lanes) {
    const sheet = grid[sheetKey(l.service, l.from_zone)];
    sheet.cells[l.to_zone] = sheet.bands.map((band) => moneyInput(l.brackets.find((b) => String(b.up_to_kg) === band)?.amount, currency));
    sheet.per[l.to_zone] = moneyInput(l.per_kg_above, currency);
  }
  return grid;
}

/** An empty sheet with the usual bands, to start a service from a zone. */
export const newSheet = (): Sheet => ({ bands: ["1", "5", "10", "20"], cells: {}, per: {} });

/** The grid's and surcharges' messages (the control panel's texts `edit.sheet` and `errors.<key>` give them in the member's language). */
export const GRID_TEXTS = {
  sheet: "{{service}} from {{from}}",
  bandNumber: '{{where}}: the weight band "{{band}}" must be a number of kg above 0',
  bandTwice: "{{where}}: the weight band {{band}} kg is there twice",
  amount: '{{where}} to {{zone}}, up to {{band}} kg: "{{text}}" is not an amount in {{currency}}',
  perAmount: '{{where}} to {{zone}}, per kg above: "{{text}}" is not an amount in {{currency}}',
  perNeedsBand: "{{where}} to {{zone}}: a price per kg above needs at least one band's price",
  surchargeAmount: 'surcharges {{surcharge}}: "{{text}}" is not an amount in {{currency}}',
  surchargePercent: 'surcharges {{surcharge}}: "{{text}}" is not a percent',
  surchargeMin: 'surcharges {{surcharge}}: the minimum "{{text}}" is not an amount in {{currency}}',
} as const;
export type GridText = keyof typeof GRID_TEXTS;
/** Words a message: `GRID_TEXTS[key]` with its values (English), or the control panel's text. */
export type Say = (key: GridText, values: Record<string, string | number>) => string;
const english: Say = (key, values) => GRID_TEXTS[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

/**
 * The grid as the card's lanes: a lane for each destination with at least one price. Every wrong
 * band or amount is one message naming its place; lanes are only returned when there is none.
 */
export function lanesOf(grid: Grid, currency: string, say: Say = english): { lanes: WireLane[]; errors: string[] } {
  const lanes: WireLane[] = [];
  const errors: string[] = [];
  for (const [key, sheet] of Object.entries(grid)) {
    const { service, from } = sheetOf(key);
    const where = say("sheet", { service, from });
    const weights = sheet.bands.map((b) => Number(b.trim().replace(",", ".")));
    weights.forEach((w, i) => {
      if (!sheet.bands[i].trim() || !Number.isFinite(w) || w <= 0) errors.push(say("bandNumber", { where, band: sheet.bands[i] }));
      else if (weights.indexOf(w) !== i) errors.push(say("bandTwice", { where, band: w }));
    });
    const tos = new Set([...Object.keys(sheet.cells), ...Object.keys(sheet.per)]);
    for (const to of tos) {
      const cells = sheet.cells[to] ?? [];
      const brackets: WireLane["brackets"] = [];
      weights.forEach((w, i) => {
        const text = cells[i] ?? "";
        const amount = parseMoney(text, currency, POSITIVE);
        if (Number.isNaN(amount)) errors.push(say("amount", { where, zone: to, band: sheet.bands[i], text, currency }));
        else if (amount !== null) brackets.push({ up_to_kg: w, amount });
      });
      const perText = sheet.per[to] ?? "";
      const per = parseMoney(perText, currency, POSITIVE);
      if (Number.isNaN(per)) errors.push(say("perAmount", { where, zone: to, text: perText, currency }));
      else if (per !== null && !brackets.length) errors.push(say("perNeedsBand", { where, zone: to }));
      if (brackets.length) lanes.push({ service, from_zone: from, to_zone: to, per_kg_above: per, brackets: brackets.sort((a, b) => a.up_to_kg - b.up_to_kg) });
    }
  }
  return { lanes: errors.length ? [] : lanes, errors };
}

export interface WireSurcharge {
  code: string;
  kind: string;
  value: number;
  min?: number | null;
  zones?: string[] | null;
}
/** The four surcharges as typed: a percent (a fixed amount for remote), a minimum, remote's zones. Blank value: none. */
export type SurchargeTexts = Record<"fuel" | "remote" | "cod" | "insurance", { value: string; min: string; zones: string }>;
export const SURCHARGE_CODES = ["fuel", "remote", "cod", "insurance"] as const;
const KIND = { fuel: "percent", remote: "fixed", cod: "percent", insurance: "percent" } as const;

export function surchargeTexts(list: WireSurcharge[], currency: string): SurchargeTexts {
  const out = {} as SurchargeTexts;
  for (const code of SURCHARGE_CODES) {
    const s = list.find((x) => x.code === code);
    out[code] = {
      value: s ? (code === "remote" ? moneyInput(s.value, currency) : String(s.value)) : "",
      min: moneyInput(s?.min, currency),
      zones: (s?.zones ?? []).join(", "),
    };
  }
  return out;
}

export function surchargesOf(texts: SurchargeTexts, currency: string, say: Say = english): { surcharges: WireSurcharge[]; errors: string[] } {
  const surcharges: WireSurcharge[] = [];
  const errors: string[] = [];
  for (const code of SURCHARGE_CODES) {
    const t = texts[code];
    if (!t.value.trim()) continue;
    const value = code === "remote" ? parseMoney(t.value, currency, POSITIVE) : Number(t.value.trim().replace(",", "."));
    if (value === null || !Number.isFinite(value) || value < 0) {
      errors.push(say(code === "remote" ? "surchargeAmount" : "surchargePercent", { surcharge: code, text: t.value, currency }));
      continue;
    }
    const s: WireSurcharge = { code, kind: KIND[code], value };
    if (code === "cod" || code === "insurance") {
      const min = parseMoney(t.min, currency, POSITIVE);
      if (Number.isNaN(min)) errors.push(say("surchargeMin", { surcharge: code, text: t.min, currency }));
      else if (min !== null) s.min = min;
    }
    if (code === "remote")
      s.zones = t.zones
        .split(/[,;]+/)
        .map((z) => z.trim())
        .filter(Boolean);
    surcharges.push(s);
  }
  return { surcharges, errors };
}
