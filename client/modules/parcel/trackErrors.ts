import type { ErrorKeys } from "../../errors";

/** What a visitor reads for the tracking errors the screens expect, in their language (client/errors.ts). */
export const TRACK_ERRORS: ErrorKeys = {
  NOT_FOUND: "track.notFound",
  VERIFY_MISMATCH: "track.verifyWrong",
  RESCHEDULE_LINK_INVALID: "track.rescheduleLinkWrong",
};
