import { GraphQLError, type GraphQLFormattedError } from "graphql";
import { unwrapResolverError } from "@apollo/server/errors";
import { AppError, databaseBusy, isDatabaseBusy } from "../core/errors.js";
import { readEnv } from "../core/config.js";
import { messagesOf } from "../core/validation.js";
import type { ValidationError } from "class-validator";

/**
 * One mapping from errors to GraphQL codes: AppError codes pass through (they match REST's
 * statuses), with their reason where they have one (shared/core/error-reasons.ts), class-validator failures become BAD_USER_INPUT naming each field, anything
 * unexpected becomes a generic INTERNAL_SERVER_ERROR with no stack or internal detail.
 */
export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  if (original instanceof AppError) {
    return {
      message: original.message,
      path: formatted.path,
      locations: formatted.locations,
      extensions: { code: original.code, messages: original.messages, ...(original.reason ? { reason: original.reason } : {}) },
    };
  }
  if (isDatabaseBusy(original)) {
    if (readEnv("NODE_ENV") !== "test") console.error(original);
    const busy = databaseBusy();
    return { message: busy.message, path: formatted.path, extensions: { code: busy.code, messages: busy.messages } };
  }
  const ext = (original as GraphQLError)?.extensions ?? formatted.extensions ?? {};
  const validationErrors = (ext as { validationErrors?: ValidationError[] }).validationErrors;
  if (validationErrors) {
    const messages = messagesOf(validationErrors);
    return { message: messages[0] ?? "Invalid input", path: formatted.path, locations: formatted.locations, extensions: { code: "BAD_USER_INPUT", messages } };
  }
  let code = (formatted.extensions?.code as string) ?? "INTERNAL_SERVER_ERROR";
  // Apollo's own request errors without a code (a persisted-query hash that is not the document's) carry a 4xx.
  const status = (ext as { http?: { status?: number } }).http?.status;
  if (code === "INTERNAL_SERVER_ERROR" && original instanceof GraphQLError && status && status >= 400 && status < 500) code = "BAD_REQUEST";
  if (code === "INTERNAL_SERVER_ERROR") {
    if (readEnv("NODE_ENV") !== "test") console.error(original);
    return { message: "Something went wrong on our side; please try again", path: formatted.path, extensions: { code } };
  }
  // Parse/validation errors of the document itself and other Apollo codes: keep the message, drop any stack.
  return { message: formatted.message, path: formatted.path, locations: formatted.locations, extensions: { code } };
}
