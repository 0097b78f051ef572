import type { ApolloError } from "@apollo/client";
import { errorMessages } from "../../apollo";

export const isNotFound = (error?: ApolloError | null) => Boolean(error?.graphQLErrors?.some((e) => e.extensions?.code === "NOT_FOUND"));
export const firstError = (error?: ApolloError | null) => (error ? (errorMessages(error)[0] ?? "Could not load the data") : null);
