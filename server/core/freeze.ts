import { readEnv } from "./config.js";

/**
 * What a cache hands to every request (a parcel's view, the settings row) is shared: nobody may change it.
 * Under tests (NODE_ENV=test) such values are frozen, deeply, so a caller that writes into one throws.
 */
export const FREEZE_SHARED = readEnv("NODE_ENV") === "test";

/** Freezes an object and everything it holds (plain data: objects, arrays, dates, scalars). */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** `value`, frozen deeply under tests. */
export const shared = <T>(value: T): T => (FREEZE_SHARED ? deepFreeze(value) : value);
