import { ERROR_REASONS, type ErrorReason } from "../../shared/core/error-reasons.js";

/** Every rule failure is an AppError with a code; each door maps the code in one place. */
export type ErrorCode =
  | "BAD_REQUEST"
  | "BAD_USER_INPUT"
  | "UNAUTHENTICATED"
  | "PAYMENT_REQUIRED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "PAYLOAD_TOO_LARGE"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "TOO_MANY_REQUESTS"
  | "BAD_GATEWAY"
  | "SERVICE_UNAVAILABLE"
  | "INTERNAL_SERVER_ERROR";

export const HTTP_STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  BAD_USER_INPUT: 422,
  UNAUTHENTICATED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  // A server this one relies on (the mail server) refused or could not be reached: not this server's fault.
  BAD_GATEWAY: 502,
  // The database had no connection or transaction free in time (a burst): nothing was written, try again.
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_SERVER_ERROR: 500,
};

export class AppError extends Error {
  readonly code: ErrorCode;
  /** One message per failed field (or a single message). */
  readonly messages: string[];
  /** The more specific machine reason (error-reasons.ts), where the code alone is ambiguous. */
  readonly reason: ErrorReason | null;
  constructor(code: ErrorCode, messages: string | string[], reason: ErrorReason | null = null) {
    const list = Array.isArray(messages) ? messages : [messages];
    // A client's error (every code but INTERNAL_SERVER_ERROR) is an answer, not a fault: no stack trace is
    // taken, as none is ever logged or sent. Taking and formatting one (GraphQL copies it) was the largest
    // single cost of answering an unknown tracking code.
    const depth = Error.stackTraceLimit;
    if (code !== "INTERNAL_SERVER_ERROR") Error.stackTraceLimit = 0;
    super(list[0] ?? code);
    Error.stackTraceLimit = depth;
    this.code = code;
    this.messages = list;
    this.reason = reason;
  }
  get status(): number {
    return HTTP_STATUS[this.code];
  }
}

export const badInput = (messages: string | string[]) => new AppError("BAD_USER_INPUT", messages);
export const notFound = (message: string) => new AppError("NOT_FOUND", message);
export const conflict = (message: string) => new AppError("CONFLICT", message);
export const forbidden = (message: string) => new AppError("FORBIDDEN", message);
/** The error of a reason in the table of error-reasons.ts: its code, its message and the reason itself. */
export const errorFor = (reason: ErrorReason) => new AppError(ERROR_REASONS[reason].code, ERROR_REASONS[reason].message, reason);
export const unauthenticated = (message = "Please sign in as admin") => new AppError("UNAUTHENTICATED", message);

/**
 * 401 of a call for the shipper's session (section 10): the REST envelope carries "user": "false"
 * (and "admin": "false" too where a member of the staff could have called it).
 */
export class SessionRequired extends AppError {
  constructor(
    readonly sessions: ("user" | "admin")[],
    message = sessions.includes("admin") ? "Please sign in as a shipper or as staff" : "Please sign in as a shipper",
  ) {
    super("UNAUTHENTICATED", message);
  }
}

/** 402: a booking over the shipper's credit limit. */
export const paymentRequired = (message: string) => new AppError("PAYMENT_REQUIRED", message);

/** Prisma's unique-constraint failure, whichever adapter raised it. */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; message?: string; cause?: { code?: string } };
  return err?.code === "P2002" || /Unique constraint|UNIQUE constraint/i.test(err?.message ?? "");
}
/**
 * The database was too busy to take the request in time, whichever adapter said so: Prisma's pool time-out (P2024),
 * a transaction not started in time (P2028, "Unable to start a transaction in the given time"), PostgreSQL's
 * serialization failure or deadlock that no service caught (P2034), SQLite's busy time-out. Nothing of the request
 * was written (its transaction never started or was rolled back): an answer of 503 with Retry-After, not a fault.
 */
export function isDatabaseBusy(e: unknown): boolean {
  const err = e as { code?: string; message?: string; cause?: { code?: string; message?: string } } | null;
  if (!err || typeof err !== "object") return false;
  if (err.code === "P2024" || err.code === "P2028" || err.code === "P2034") return true;
  const text = `${err.message ?? ""} ${err.cause?.message ?? ""}`;
  return err.cause?.code === "SQLITE_BUSY" || /SQLITE_BUSY|database is locked|Unable to start a transaction in the given time/.test(text);
}
/** What a client is told when the database was too busy (isDatabaseBusy). */
export const databaseBusy = () => new AppError("SERVICE_UNAVAILABLE", "The server is busy; nothing was saved, please try again in a moment");

export function isRecordMissing(e: unknown): boolean {
  return (e as { code?: string })?.code === "P2025";
}
