import { describe, expect, it } from "vitest";
import { ApolloError } from "@apollo/client/core";
import type { TFunction } from "i18next";
import { callErrors, errorMessages, errorText, INVALID_JSON, NETWORK_ERROR } from "./errors";
import { TRACK_ERRORS } from "./modules/parcel/trackErrors";
import de from "./i18n/locales/de.json";

const VERIFY = "verify does not match the recipient's postcode or e-mail address";

/** A translation function over the German locale (what i18next does for these plain keys). */
const t = ((key: string) => key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], de) ?? key) as unknown as TFunction;

describe("callErrors: one shape for every failed call", () => {
  it("reads GraphQL errors with their code, reason and one entry per field message", () => {
    const error = new ApolloError({
      graphQLErrors: [
        { message: VERIFY, extensions: { code: "BAD_USER_INPUT", reason: "VERIFY_MISMATCH", messages: [VERIFY] } },
        { message: "name is required", extensions: { code: "BAD_USER_INPUT", messages: ["name is required", "email must be an e-mail address"] } },
      ],
    });
    expect(callErrors(error)).toEqual([
      { message: VERIFY, code: "BAD_USER_INPUT", reason: "VERIFY_MISMATCH" },
      { message: "name is required", code: "BAD_USER_INPUT", reason: null },
      { message: "email must be an e-mail address", code: "BAD_USER_INPUT", reason: null },
    ]);
    expect(errorMessages(error)).toEqual([VERIFY, "name is required", "email must be an e-mail address"]);
  });

  it("takes the errors of an answer the HTTP layer refused (429 with a GraphQL body)", () => {
    const networkError = Object.assign(new Error("Response not successful: Received status code 429"), {
      name: "ServerError",
      statusCode: 429,
      result: { errors: [{ message: "Too many requests; try again in a minute", extensions: { code: "TOO_MANY_REQUESTS" } }] },
    });
    expect(callErrors(new ApolloError({ networkError }))).toEqual([
      { message: "Too many requests; try again in a minute", code: "TOO_MANY_REQUESTS", reason: null },
    ]);
  });

  it("is the spec's 'Invalid Json' when no answer could be read", () => {
    expect(callErrors(new ApolloError({ networkError: new TypeError("Failed to fetch") }))).toEqual([
      { message: INVALID_JSON, code: NETWORK_ERROR, reason: null },
    ]);
    const unreadable = Object.assign(new Error("Unexpected token <"), { name: "ServerParseError", statusCode: 502, bodyText: "<html>" });
    expect(errorMessages(new ApolloError({ networkError: unreadable }))).toEqual(["Invalid Json"]);
  });

  it("reads a list of errors as an answer carries it, ignores reasons it does not know, and nothing is no error", () => {
    expect(callErrors([{ message: "Tracking code not found", extensions: { code: "NOT_FOUND", reason: "SOMETHING_ELSE" } }])).toEqual([
      { message: "Tracking code not found", code: "NOT_FOUND", reason: null },
    ]);
    expect(callErrors(undefined)).toEqual([]);
    expect(callErrors(new Error("boom"))).toEqual([{ message: "boom", code: "CLIENT_ERROR", reason: null }]);
  });
});

describe("errorText: codes and reasons in the visitor's language", () => {
  it("translates a wrong code and a wrong second factor by code and reason, not by the English message", () => {
    const [notFound] = callErrors([{ message: "Tracking code not found", extensions: { code: "NOT_FOUND" } }]);
    expect(errorText(t, notFound, TRACK_ERRORS)).toBe(de.track.notFound);
    expect(de.track.notFound).not.toBe("Tracking code not found");
    const [wrong] = callErrors([{ message: VERIFY, extensions: { code: "BAD_USER_INPUT", reason: "VERIFY_MISMATCH" } }]);
    expect(errorText(t, wrong, TRACK_ERRORS)).toBe(de.track.verifyWrong);
    // The same code without the reason is other bad input: the server's message, not "wrong postcode".
    const [missing] = callErrors([{ message: "tracking_code is required", extensions: { code: "BAD_USER_INPUT" } }]);
    expect(errorText(t, missing, TRACK_ERRORS)).toBe("tracking_code is required");
    // The English message of a reason plays no part: another wording translates just the same.
    const [reworded] = callErrors([{ message: "Postcode mismatch", extensions: { code: "BAD_USER_INPUT", reason: "VERIFY_MISMATCH" } }]);
    expect(errorText(t, reworded, TRACK_ERRORS)).toBe(de.track.verifyWrong);
  });
});
