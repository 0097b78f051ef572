import { config } from "../../core/config.js";
import { AppError, badInput, errorFor, notFound } from "../../core/errors.js";
import { limit } from "../../core/ratelimit.js";
import { findByCode } from "./parcel.reader.js";
import { liveOf } from "../dispatch/live.js";
import { publicView, type PublicView } from "./view-shape.js";
import { cachedPublicView } from "./view-cache.js";
import { secondFactorMatches } from "./status.rules.js";
import { CODE_SHAPE, couldBeProposedCode, normalizeCode } from "./tracking-code.js";

/**
 * The public look-up, one code or several: the code's checks, the cached public view, and the
 * second factor that unlocks a protected parcel's details.
 */

/**
 * Anything that cannot be a tracking code is simply not found (and never reaches the database), nor can
 * a code of the proposed shape whose check character is wrong.
 */
const couldBeCode = (c: string) => CODE_SHAPE.test(c) && couldBeProposedCode(c, config().trackingPrefix);

export async function trackParcel(code: unknown): Promise<PublicView> {
  const c = normalizeCode(code);
  if (!c) throw badInput("tracking_code is required");
  if (!couldBeCode(c)) throw notFound("Tracking code not found");
  const view = await cachedPublicView(c);
  if (!view) throw notFound("Tracking code not found");
  return view;
}

/**
 * The public view, unlocked by a second factor (the recipient's postcode or e-mail) when the
 * parcel protects its details. A wrong factor is refused; the anonymous view stays available.
 * Every try on a protected parcel counts against the client (`client`: its address key) and
 * against the parcel itself, so neither many addresses nor many codes in one request help.
 */
export async function trackParcelFor(code: unknown, verify: string | null | undefined, client: string) {
  const view = await trackParcel(code);
  if (!verify || !view.details_protected) return view;
  const row = await findByCode(view.tracking_code);
  if (!row) throw notFound("Tracking code not found");
  await checkSecondFactor(row, verify, client);
  return publicView(row, true, (await liveOf(row.id)).live);
}

/**
 * The second factor, wherever one is asked for (unlocking a protected parcel, the recipient's
 * choice after a failed attempt): each try counts against the client and the parcel, and a
 * factor that is not the recipient's postcode or e-mail is refused.
 */
export async function checkSecondFactor(
  row: { tracking_code: string; recipient_postcode: string | null; recipient_email: string | null },
  verify: string,
  client: string,
): Promise<void> {
  await limit("verify", client);
  await limit("verify-parcel", row.tracking_code);
  if (!secondFactorMatches(verify, row.recipient_postcode, row.recipient_email)) throw errorFor("VERIFY_MISMATCH");
}

const MAX_CODES = 20;
/** Splits "A,B C" into distinct codes: 1 to 20 of them. */
export function splitCodes(raw: unknown): string[] {
  const list = typeof raw === "string" ? raw.split(/[\s,;]+/).filter(Boolean) : Array.isArray(raw) ? raw.filter((c): c is string => typeof c === "string") : [];
  const codes = [...new Set(list.map((c) => c.trim()).filter(Boolean))];
  if (!codes.length) throw badInput("codes is required: one to 20 tracking codes");
  if (codes.length > MAX_CODES) throw badInput(`codes must hold at most ${MAX_CODES} tracking codes`);
  return codes;
}

/** How many codes a look-up asks for (what its limit charges); a list that is not valid counts once and is refused later. */
export function countCodes(raw: unknown): number {
  try {
    return splitCodes(raw).length;
  } catch {
    return 1;
  }
}

/** Several codes at once: each with its public view or its error, in the order asked. */
export async function trackMany(codes: string[], verify: string | null | undefined, client: string) {
  return Promise.all(
    codes.map(async (tracking_code) => {
      try {
        return { tracking_code, parcel: await trackParcelFor(tracking_code, verify, client), error: null, error_code: null };
      } catch (e) {
        // Too many guesses stops the whole request (429 with Retry-After), like a single look-up.
        if (!(e instanceof AppError) || e.status >= 500 || e.status === 429) throw e;
        return { tracking_code, parcel: null, error: e.messages[0], error_code: e.code };
      }
    }),
  );
}
