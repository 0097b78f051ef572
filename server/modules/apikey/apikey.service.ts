import crypto from "node:crypto";
import { notFound } from "../../core/errors.js";
import { db } from "../../db/index.js";
import { sha256 } from "../../core/tokens.js";
import { flushKeyUse } from "./apikey.auth.js";
import type { CreateApiKeyInput } from "./apikey.input.js";
import { DEFAULT_KEY_RATE } from "../../../shared/modules/apikey/apikey.codes.js";

/** Days of use the keys screen shows. */
const USAGE_DAYS = 14;

/** `ck_` and 40 characters of base64url: 240 random bits. */
const newKey = () => `ck_${crypto.randomBytes(30).toString("base64url")}`;

/** The last USAGE_DAYS UTC days, oldest first. */
function lastDays(now = new Date()): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: USAGE_DAYS }, (_, i) => new Date(today - (USAGE_DAYS - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

type Row = {
  id: number;
  name: string;
  prefix: string;
  scopes: string;
  rate_limit: number;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
};
const view = (k: Row, usage: Map<string, number>, days: string[]) => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  scopes: k.scopes.split(",").filter(Boolean),
  rate_limit: k.rate_limit,
  created_at: k.created_at,
  last_used_at: k.last_used_at,
  revoked_at: k.revoked_at,
  usage: days.map((day) => ({ day, count: usage.get(`${k.id} ${day}`) ?? 0 })),
});
const SELECT = { id: true, name: true, prefix: true, scopes: true, rate_limit: true, created_at: true, last_used_at: true, revoked_at: true } as const;

/** Every key, newest first, with its use per day (this process's pending counts written first). */
export async function listApiKeys() {
  await flushKeyUse();
  const days = lastDays();
  const [keys, usage] = await Promise.all([
    db().apiKey.findMany({ select: SELECT, orderBy: { id: "desc" } }),
    db().apiKeyUsage.findMany({ where: { day: { gte: days[0] } } }),
  ]);
  const counts = new Map(usage.map((u) => [`${u.key_id} ${u.day}`, u.count]));
  return keys.map((k) => view(k, counts, days));
}

/** A new key: stored as its SHA-256 and a short prefix; the answer carries the key this once. */
export async function createApiKey(input: CreateApiKeyInput) {
  const key = newKey();
  const scopes = [...new Set(input.scopes)];
  const row = await db().apiKey.create({
    data: {
      name: input.name.trim(),
      prefix: key.slice(0, 7),
      key_hash: sha256(key),
      scopes: scopes.join(","),
      rate_limit: input.rate_limit ?? DEFAULT_KEY_RATE,
    },
  });
  return { ...view(row, new Map(), lastDays()), key };
}

/** Revokes a key (at once on every process: each keyed request reads the key). Revoking again keeps the first time. */
export async function revokeApiKey(id: number) {
  const found = await db().apiKey.findUnique({ where: { id }, select: { revoked_at: true } });
  if (!found) throw notFound("API key not found");
  if (!found.revoked_at) await db().apiKey.update({ where: { id }, data: { revoked_at: new Date() } });
  return (await listApiKeys()).find((k) => k.id === id)!;
}
