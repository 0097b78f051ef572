import crypto from "node:crypto";

/** Anything typed where a tracking code goes, trimmed ("" when it is no text). */
export const normalizeCode = (code: unknown): string => (typeof code === "string" ? code.trim() : "");
/** What a tracking code may look like at all: anything else is no parcel's code and never reaches the database. */
export const CODE_SHAPE = /^[A-Za-z0-9-]{1,64}$/;

/**
 * Proposed tracking codes: the site's prefix, 10 random characters from an alphabet of 31 without
 * look-alikes (no 0/O, 1/I, U), and a check character, e.g. CR-7KQ4X9M2HTP. 10 characters of 31 are
 * about 49.5 bits: nobody finds a parcel by guessing codes. The check makes the weighted sum
 * (weights 1..11) a multiple of 31, a prime: every single wrong character and every swap of two
 * neighbours changes the sum, so such a typo is answered "not found" without asking the database.
 */
export const CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTVWXYZ";
const N = CODE_ALPHABET.length; // 31
const RANDOM_CHARS = 10;
const INVERSE_OF_11 = 17; // 11 * 17 = 187 = 6 * 31 + 1

/** The character that makes sum((i + 1) * value) over the 11 characters a multiple of 31. */
export function checkCharacter(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += (i + 1) * CODE_ALPHABET.indexOf(body[i]);
  return CODE_ALPHABET[(((N - (sum % N)) % N) * INVERSE_OF_11) % N];
}

export function proposeCode(prefix: string): string {
  // Rejection sampling keeps every character equally likely.
  let body = "";
  while (body.length < RANDOM_CHARS) {
    for (const b of crypto.randomBytes(RANDOM_CHARS)) if (b < 256 - (256 % N) && body.length < RANDOM_CHARS) body += CODE_ALPHABET[b % N];
  }
  return `${prefix}-${body}${checkCharacter(body)}`;
}

const shapes = new Map<string, RegExp>();
/**
 * False only for a code that has the shape of this site's proposed codes but a wrong check
 * character: no such parcel can exist (codes typed by the admin in other shapes are never judged).
 */
export function couldBeProposedCode(code: string, prefix: string): boolean {
  let shape = shapes.get(prefix);
  if (!shape) shapes.set(prefix, (shape = new RegExp(`^${prefix.replace(/[^A-Za-z0-9]/g, "")}-([${CODE_ALPHABET}]{${RANDOM_CHARS}})([${CODE_ALPHABET}])$`)));
  const m = shape.exec(code);
  return !m || checkCharacter(m[1]) === m[2];
}
