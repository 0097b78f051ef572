import { GraphQLScalarType } from "graphql";
import { GraphQLISODateTime } from "type-graphql";

/**
 * type-graphql's DateTimeISO (same name, description and input parsing), except that a string is
 * sent as it is: cached public views carry their times already written as ISO strings (serialized
 * once when the view is built, parcel.service.ts), so a look-up does not format the same dates again
 * on every request. Strings reach this scalar only from those views; a Date is checked and formatted
 * as before.
 */
export const DateTimeISO = new GraphQLScalarType({
  ...GraphQLISODateTime.toConfig(),
  serialize: (value: unknown) => (typeof value === "string" ? value : GraphQLISODateTime.serialize(value)),
});

/** A time as the public views hold it: the Date, or its ISO string written once per cached view. */
export type IsoTime = Date | string;
