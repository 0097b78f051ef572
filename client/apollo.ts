import { ApolloClient, InMemoryCache, from } from "@apollo/client";
import { onError } from "@apollo/client/link/error";
import { createPersistedQueryLink } from "@apollo/client/link/persisted-queries";
import createUploadLink from "apollo-upload-client/createUploadLink.mjs";
import { print } from "graphql";
import { sha256Hex } from "./modules/graph/sha256";

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

// Automatic persisted queries: queries go as a GET with the document's hash, and the document is sent
// only when the server does not know it yet. Without Web Crypto (plain http, not localhost) documents go as before.
const persistedLink = createPersistedQueryLink({
  generateHash: async (document) => (await sha256Hex(print(document))) ?? "",
  useGETForHashedQueries: true,
});
const canHash = typeof globalThis.crypto?.subtle?.digest === "function";

export const apollo = new ApolloClient({
  link: from(canHash ? [errorLink, persistedLink, httpLink] : [errorLink, httpLink]),
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
