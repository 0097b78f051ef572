import { ApolloClient, InMemoryCache, from } from "@apollo/client";
import { onError } from "@apollo/client/link/error";
import createUploadLink from "apollo-upload-client/createUploadLink.mjs";

type Listener = () => void;
const unauthenticatedListeners = new Set<Listener>();
/** Called whenever the server says the admin session is gone (UNAUTHENTICATED). */
export function onUnauthenticated(fn: Listener): () => void {
  unauthenticatedListeners.add(fn);
  return () => unauthenticatedListeners.delete(fn);
}

const errorLink = onError(({ graphQLErrors }) => {
  if (graphQLErrors?.some((e) => e.extensions?.code === "UNAUTHENTICATED")) unauthenticatedListeners.forEach((fn) => fn());
});

// The upload link sends multipart requests for File variables (graphql-upload on the server);
// the preflight header satisfies Apollo Server's CSRF prevention.
const httpLink = createUploadLink({
  uri: "/graphql",
  credentials: "include",
  headers: { "apollo-require-preflight": "true" },
});

export const apollo = new ApolloClient({
  link: from([errorLink, httpLink]),
  cache: new InMemoryCache(),
  defaultOptions: {
    watchQuery: { fetchPolicy: "cache-and-network", errorPolicy: "all" },
    query: { fetchPolicy: "network-only", errorPolicy: "all" },
    mutate: { errorPolicy: "none" },
  },
});

/** The messages of a failed call, one per failed field, as the server names them. */
export function errorMessages(error: unknown): string[] {
  const e = error as { graphQLErrors?: { message: string; extensions?: { messages?: string[] } }[]; networkError?: unknown; message?: string };
  if (e?.graphQLErrors?.length) return e.graphQLErrors.flatMap((g) => g.extensions?.messages ?? [g.message]);
  if (e?.networkError) return ["Invalid Json"];
  return e?.message ? [e.message] : [];
}
