// Pure data shared by the server and the client: no imports and no Node or browser APIs here.

/** The shipper's area: where a sign-in, a sign-up or a verified e-mail leads when nothing else is asked. */
export const ACCOUNT_HOME = "/account";
/** The longest `next` kept (a path and a short query; the mailed verification link carries it). */
export const NEXT_MAX = 200;

/**
 * Where a shipper may be sent after signing in, signing up or confirming the e-mail (`next`): a path of its
 * own area on this site and nothing else. Only letters, digits, `-`, `_` and `/` in the path, so no
 * scheme (`javascript:`, `https:`), no `//host`, no backslash, no `..`; a query of plain characters.
 */
export const ACCOUNT_NEXT = /^\/account(?:\/[A-Za-z0-9_-]+)*\/?(?:\?[A-Za-z0-9_.~%=&+-]*)?$/;

export const isAccountNext = (next: unknown): next is string => typeof next === "string" && next.length <= NEXT_MAX && ACCOUNT_NEXT.test(next);

/** `next` when it is a path of the area, else the area's home (never another site's address). */
export const accountNext = (next: string | null | undefined): string => (isAccountNext(next) ? next : ACCOUNT_HOME);
