// Cash on delivery (contract section 12): pure data shared by the server and the control panel. No imports and
// no Node or browser APIs here. docs/cod.md tells the accounts and the flow.

/** A collection's life: expected (due), collected (cash held by its courier), handed_over (counted in at the
 * depot), settled (card), remitted (paid out to the shipper), void (cancelled or returned before collection). */
export const COD_STATUSES = ["expected", "collected", "handed_over", "settled", "remitted", "void"] as const;
export type CodStatus = (typeof COD_STATUSES)[number];

/** How the recipient paid: cash into the courier's hand, or a card on the courier's terminal (with its receipt reference). */
export const COD_METHODS = ["cash", "card"] as const;
export type CodMethod = (typeof COD_METHODS)[number];

/** The kinds of ledger entries. */
export const COD_ENTRY_KINDS = ["collected", "handed_over", "over_short", "remitted", "offset", "reversed"] as const;
export type CodEntryKind = (typeof COD_ENTRY_KINDS)[number];

/**
 * The ledger's accounts. Each entry debits one and credits another, for its amount; a balance is the account's
 * debits minus its credits (a shipper's is shown the other way round, as `owed`), so for every currency the
 * accounts sum to zero.
 */
export const ACCOUNTS = {
  /** Card payments taken on couriers' terminals, not yet in the bank. */
  cardClearing: "card_clearing",
  /** Cash counted in at the depot. */
  depotCash: "depot_cash",
  /** Differences found at cash-ups (debit: cash was missing; credit: there was more). */
  overShort: "over_short",
  /** The company's bank: pay-outs to shippers leave it. */
  bank: "bank",
  /** The shippers' open statements: a remittance may deduct them. */
  statements: "statements",
  /** Money owed for a parcel no shipper booked (the company's own). */
  company: "company",
} as const;
/** The cash a courier holds. */
export const courierAccount = (memberId: number) => `courier:${memberId}`;
/** What is owed to a shipper. */
export const shipperAccount = (shipperId: number) => `shipper:${shipperId}`;
/** The fixed accounts' names. */
export const FIXED_ACCOUNTS = Object.values(ACCOUNTS);
/** courier:12 -> { kind: "courier", id: 12 }; a fixed account -> { kind: its name }; anything else: null. */
export function parseAccount(name: string): { kind: "courier" | "shipper"; id: number } | { kind: (typeof FIXED_ACCOUNTS)[number] } | null {
  const m = /^(courier|shipper):([1-9]\d{0,9})$/.exec(name);
  if (m) return { kind: m[1] as "courier" | "shipper", id: Number(m[2]) };
  return (FIXED_ACCOUNTS as readonly string[]).includes(name) ? { kind: name as (typeof FIXED_ACCOUNTS)[number] } : null;
}

/** The failed-attempt reason a recipient without the money gives. */
export const COD_NOT_READY = "cod_not_ready";

/** The COD settings group of PATCH /api/settings (each optional in it). */
export const COD_SETTING_KEYS = ["cod_max", "courier_cash_limit"] as const;
export type CodSettingKey = (typeof COD_SETTING_KEYS)[number];
/** Defaults (smallest unit): 5 000.00 at most due on a parcel; 2 000.00 of cash before a courier gets no new run. */
export const DEFAULT_COD_MAX = 500_000;
export const DEFAULT_COURIER_CASH_LIMIT = 200_000;
/** Each setting's range (whole numbers of the smallest unit). */
export const COD_LIMITS: Record<CodSettingKey, { min: number; max: number }> = {
  cod_max: { min: 1, max: 100_000_000 },
  courier_cash_limit: { min: 0, max: 1_000_000_000 },
};
/** "cod_max must be a whole number from 1 to 100000000": what a value out of COD_LIMITS is told. */
export const codRangeMessage = (key: CodSettingKey) => `${key} must be a whole number from ${COD_LIMITS[key].min} to ${COD_LIMITS[key].max}`;

/** A card payment's receipt reference: required for card, at most this long. */
export const COD_REFERENCE_MAX = 64;
/** A reversal's or cash-up's note: at most this long. */
export const COD_NOTE_MAX = 500;
