import { AppError } from "../../core/errors.js";
import { RateLimited, tally } from "../../core/ratelimit.js";

/**
 * How long a client with no wrong try of its own waits for its try once an account is past its
 * limit of wrong tries: long enough to slow a guesser down, short enough for the member.
 */
export const PAST_LIMIT_WAIT_MS = 2_000;

/** Where a secret is tried: sign-in (whose every try the access table already counts per client) or an operation of a signed-in member. */
export type Door = "signin" | "session";

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One try of a member's secret (the password, a code of the app, a recovery code), under the
 * sign-in limits (server/core/ratelimit.ts): `check` throws BAD_USER_INPUT when it is wrong.
 *
 * - Per client (`signin`): at sign-in every try counts (authorize()); elsewhere (a password
 *   change, the two-step sign-in changes) the wrong ones, and past the limit: 429.
 * - Per account (`signin-account`): wrong tries only, so nobody can lock an account out with
 *   tries they never meant to win. Past the limit, a client with a wrong try of its own on the
 *   account (`signin-own`) gets 429 until the window ends; any other client waits
 *   PAST_LIMIT_WAIT_MS and is then heard (a wrong try makes it one of the former).
 *
 * Each try is counted before `check` runs and given back when it was right, so tries sent at
 * once are counted as they come, not after the slowest answer.
 */
export async function trySecret<T>(account: string, client: string, door: Door, check: () => Promise<T>): Promise<T> {
  const own = `${account}|${client}`;
  const taken: [string, string][] = [];
  const giveBack = () => Promise.all(taken.map(([rule, key]) => tally(rule, key, -1)));
  if (door === "session") {
    const c = await tally("signin", client, 1);
    taken.push(["signin", client]);
    if (c.count > c.max) {
      throw new RateLimited(c.retryAfter);
    }
  }
  const [a, o] = await Promise.all([tally("signin-account", account, 1), tally("signin-own", own, 1)]);
  taken.push(["signin-account", account], ["signin-own", own]);
  if (a.count > a.max) {
    if (o.count > 1) {
      // Refused unheard: not a wrong try (the per-client count of a session's try stays, as at sign-in).
      await Promise.all([tally("signin-account", account, -1), tally("signin-own", own, -1)]);
      throw new RateLimited(a.retryAfter);
    }
    await wait(PAST_LIMIT_WAIT_MS);
  }
  let result: T;
  try {
    result = await check();
  } catch (e) {
    if (!(e instanceof AppError && e.code === "BAD_USER_INPUT")) await giveBack();
    throw e;
  }
  await giveBack();
  return result;
}

/**
 * Whether a password-reset mail for `account`, asked by `client`, goes out. The caller's answer is
 * the same either way (nothing tells whether the account exists or a mail went), so nobody can
 * keep an account's owner from resetting, and nobody can fill its inbox:
 *
 * - Per client (`pin`, the access table): every request; past the limit, 429.
 * - Per account (`pin-account`): requests per hour. Past it, only a client that has asked for this
 *   account at most `pin-own` times in the hour still gets its mail; the others' requests are
 *   dropped silently. Mails to one account per hour: at most `pin-account`, plus `pin-own` for
 *   each other client address that asks.
 */
export async function resetMailAllowed(account: string, client: string): Promise<boolean> {
  const [a, o] = await Promise.all([tally("pin-account", account, 1), tally("pin-own", `${account}|${client}`, 1)]);
  return a.count <= a.max || o.count <= o.max;
}
