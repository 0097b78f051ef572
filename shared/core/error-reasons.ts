// Pure data shared by the server and the client (client/errors.ts imports it): no imports and no Node APIs here.

/**
 * Machine reasons for failures whose code alone does not say what went wrong: a wrong second factor
 * and a missing field are both BAD_USER_INPUT. A reason travels as `extensions.reason` next to
 * `extensions.code` in GraphQL errors (the REST envelope keeps its messages only); the client
 * translates reasons and codes, never messages. `message` is the English text both doors send.
 */
export const ERROR_REASONS = {
  /** The postcode or e-mail given to unlock a protected parcel is not the recipient's. */
  VERIFY_MISMATCH: { code: "BAD_USER_INPUT", message: "verify does not match the recipient's postcode or e-mail address" },
  /** The token of a reschedule link is not the one of this parcel's latest failed-attempt e-mail. */
  RESCHEDULE_LINK_INVALID: {
    code: "BAD_USER_INPUT",
    message:
      "token is not the one of this parcel's reschedule link: open the link of the latest e-mail, or give verify (the recipient's postcode or e-mail address)",
  },
} as const;

export type ErrorReason = keyof typeof ERROR_REASONS;

export const isErrorReason = (r: unknown): r is ErrorReason => typeof r === "string" && Object.hasOwn(ERROR_REASONS, r);
