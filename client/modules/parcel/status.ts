// The one table of normalised statuses (shared/modules/parcel/status.codes.ts): codes, progress
// steps, default icons and colours. Labels are translated in the locales under "status.<code>".
import { FAILURE_REASONS, STATUS_CODES, type FailureReason, type StatusCode } from "@shared/modules/parcel/status.codes";

export {
  FAILURE_REASON_LABELS,
  FAILURE_REASONS,
  FINAL_STATUSES,
  STATUS_CODES,
  STATUS_RULES,
  type FailureReason,
  type StatusCode,
} from "@shared/modules/parcel/status.codes";

export const isStatusCode = (v: unknown): v is StatusCode => typeof v === "string" && (STATUS_CODES as readonly string[]).includes(v);

export const isFailureReason = (v: unknown): v is FailureReason => typeof v === "string" && (FAILURE_REASONS as readonly string[]).includes(v);
