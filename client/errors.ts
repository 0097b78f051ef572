import type { TFunction } from "i18next";
import { isErrorReason, type ErrorReason } from "@shared/core/error-reasons";

/** The spec's text for a call that failed on the way or whose answer could not be read. */
export const INVALID_JSON = "Invalid Json";
/** The code of such a failure: there is no answer from the server to take a code from. */
export const NETWORK_ERROR = "NETWORK_ERROR";

/**
 * One failed call as the client sees it: one entry per message (a form's server errors name one
 * field each), each with the server's code (`extensions.code`: NOT_FOUND, BAD_USER_INPUT, ...) and,
 * where the code alone is ambiguous, its reason (shared/core/error-reasons.ts).
 */
export interface CallError {
  message: string;
  code: string;
  reason: ErrorReason | null;
}

interface GraphQLErrorLike {
  message?: string;
  extensions?: { code?: unknown; reason?: unknown; messages?: unknown };
}
interface FailureLike {
  graphQLErrors?: readonly GraphQLErrorLike[];
  protocolErrors?: readonly GraphQLErrorLike[];
  clientErrors?: readonly { message?: string }[];
  networkError?: { result?: unknown } | null;
  message?: string;
}

function fromGraphQL(e: GraphQLErrorLike): CallError[] {
  const ext = e.extensions ?? {};
  const code = typeof ext.code === "string" ? ext.code : "INTERNAL_SERVER_ERROR";
  const reason = isErrorReason(ext.reason) ? ext.reason : null;
  const messages = Array.isArray(ext.messages) && ext.messages.length ? ext.messages.map(String) : [e.message ?? code];
  return messages.map((message) => ({ message, code, reason }));
}

/** The GraphQL errors of an answer the HTTP layer refused (a 4xx or 5xx status with a GraphQL body). */
function bodyErrors(networkError: FailureLike["networkError"]): readonly GraphQLErrorLike[] {
  const result = networkError?.result as { errors?: unknown } | undefined;
  return result && typeof result === "object" && Array.isArray(result.errors) ? (result.errors as GraphQLErrorLike[]) : [];
}

/**
 * The one way the client reads a failed call (an Apollo error, or the `errors` of an answer): the
 * server's errors with their codes, or INVALID_JSON when no answer could be read.
 */
export function callErrors(error: unknown): CallError[] {
  if (!error) return [];
  if (Array.isArray(error)) return (error as GraphQLErrorLike[]).flatMap(fromGraphQL);
  const e = error as FailureLike;
  const graphql = e.graphQLErrors?.length ? e.graphQLErrors : bodyErrors(e.networkError);
  if (graphql.length) return graphql.flatMap(fromGraphQL);
  if (e.networkError || e.protocolErrors?.length) return [{ message: INVALID_JSON, code: NETWORK_ERROR, reason: null }];
  const client = e.clientErrors?.find((c) => c.message)?.message ?? e.message;
  return client ? [{ message: client, code: "CLIENT_ERROR", reason: null }] : [];
}

/** The messages of a failed call, as the server words them (the control panel shows these). */
export const errorMessages = (error: unknown): string[] => callErrors(error).map((e) => e.message);

/** Translation keys for the codes and reasons a screen expects (a reason wins over its code). */
export type ErrorKeys = Partial<Record<string, string>>;

/**
 * The text a visitor reads for one error: the translation of its reason or code where the screen
 * has one, else the server's message (INVALID_JSON for a failed request, as the spec words it).
 */
export function errorText(t: TFunction, e: CallError, keys: ErrorKeys): string {
  const key = (e.reason && keys[e.reason]) || keys[e.code];
  return key ? t(key) : e.message;
}
