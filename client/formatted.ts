// The strings a render formatted with Intl (modules/parcel/format.ts): the server records them, the page carries
// them (client/serverState.ts `formatted`), the browser reads them.
import { serverState } from "./serverState";

/** Strings formatted by a render, by formatter (its kind, language and options) and input. */
export type Formatted = Record<string, Record<string, string>>;
let recording: Formatted | null = null;

/**
 * The server's render (client/entry-server.tsx): runs one render pass, which React does synchronously, so no
 * other request's render can format in between, and returns what it formatted, for the page to carry
 * (client/serverState.ts `formatted`).
 */
export function recordFormats<T>(pass: () => T): [T, Formatted] {
  const into: Formatted = (recording = {});
  try {
    return [pass(), into];
  } finally {
    recording = null;
  }
}

/**
 * `make()`'s string, or in a page the server rendered the one it carries for this formatter and input: the browser
 * then builds no Intl formatter for it, whose first use in a page loads ICU's locale data (30-60 ms here, four times
 * that on a phone). Only what does not depend on the machine that formats it is kept (format.ts): a date or moment
 * in a time zone named (the server renders UTC), a day of the calendar, a number, a plural rule.
 */
export function kept(formatter: string, input: string, make: () => string): string {
  const hit = serverState()?.formatted?.[formatter]?.[input];
  if (hit !== undefined) return hit;
  const out = make();
  if (recording) (recording[formatter] ??= {})[input] = out;
  return out;
}
