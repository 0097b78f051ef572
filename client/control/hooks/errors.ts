import type { ApolloError } from "@apollo/client/core";
import { errorMessages } from "../../errors";

export const isNotFound = (error?: ApolloError | null) => Boolean(error?.graphQLErrors?.some((e) => e.extensions?.code === "NOT_FOUND"));
export const firstError = (error?: ApolloError | null) => (error ? (errorMessages(error)[0] ?? "Could not load the data") : null);
