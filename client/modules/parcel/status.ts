// The one table of normalised statuses (server/modules/parcel/status.codes.ts): codes, progress
// steps, default icons and colours. Labels are translated in the locales under "status.<code>".
import { STATUS_CODES, type StatusCode } from "../../../server/modules/parcel/status.codes";

export { FINAL_STATUSES, STATUS_CODES, STATUS_RULES, type StatusCode } from "../../../server/modules/parcel/status.codes";

export const isStatusCode = (v: unknown): v is StatusCode => typeof v === "string" && (STATUS_CODES as readonly string[]).includes(v);
