import type { ApolloError } from "@apollo/client/core";
import { errorMessages } from "../../errors";
import { controlText } from "../texts";

export const isNotFound = (error?: ApolloError | null) => Boolean(error?.graphQLErrors?.some((e) => e.extensions?.code === "NOT_FOUND"));
export const firstError = (error?: ApolloError | null) => (error ? (errorMessages(error)[0] ?? controlText("errors.load") ?? "Could not load the data") : null);
