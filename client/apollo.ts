import {
  ApolloClient,
  ApolloLink,
  InMemoryCache,
  Observable,
  from,
  type DefaultOptions,
  type DocumentNode,
  type OperationVariables,
  type TypePolicies,
} from "@apollo/client/core";
import { HttpLink } from "@apollo/client/link/http";
import { onError } from "@apollo/client/link/error";
import { createPersistedQueryLink } from "@apollo/client/link/persisted-queries";
import { print } from "@apollo/client/utilities";
import { callErrors } from "./errors";
import { takeEarly } from "./modules/graph/early";
import { sha256Hex } from "./modules/graph/sha256";

/**
 * The client's one data path: every screen reads and writes through this Apollo client with the hooks
 * generated from the .graphql documents (client/generated). The public screens load it with the app;
 * the control panel adds the upload link when it loads (installUploadLink), so no public page carries it.
 */

type Listener = () => void;
const unauthenticatedListeners = new Set<Listener>();
/** Called whenever the server says the admin session is gone (UNAUTHENTICATED). */
export function onUnauthenticated(fn: Listener): () => void {
  unauthenticatedListeners.add(fn);
  return () => unauthenticatedListeners.delete(fn);
}

const errorLink = onError(({ graphQLErrors, networkError }) => {
  if (callErrors({ graphQLErrors, networkError }).some((e) => e.code === "UNAUTHENTICATED")) unauthenticatedListeners.forEach((fn) => fn());
});

/** Hands an operation the answer of the same request boot.ts sent before Apollo had loaded (modules/graph/early.ts). */
const earlyLink = new ApolloLink((operation, forward) => {
  const answer = takeEarly(operation.operationName, operation.variables);
  if (!answer) return forward(operation);
  return new Observable((observer) => {
    answer.then(
      (result) => {
        observer.next(result as never);
        observer.complete();
      },
      (e) => observer.error(e),
    );
  });
});

// Automatic persisted queries: queries go as a GET with the document's hash, and the document is sent
// only when the server does not know it yet. Without Web Crypto (plain http, not localhost) documents go as before.
const canHash = typeof globalThis.crypto?.subtle?.digest === "function";
const persistedLink = createPersistedQueryLink({
  generateHash: async (document) => (await sha256Hex(print(document))) ?? "",
  useGETForHashedQueries: true,
});
const head = canHash ? [errorLink, earlyLink, persistedLink] : [errorLink, earlyLink];

// The preflight header satisfies Apollo Server's CSRF prevention for GET requests.
const httpLink = new HttpLink({ uri: "/graphql", credentials: "include", headers: { "apollo-require-preflight": "true" } });

/** The options of every screen's operations, in the browser and in the server's render (client/entry-server.tsx). */
export const DEFAULT_OPTIONS: DefaultOptions = {
  watchQuery: { fetchPolicy: "cache-and-network", errorPolicy: "all" },
  query: { fetchPolicy: "network-only", errorPolicy: "all" },
  mutate: { errorPolicy: "none" },
};

/**
 * How the cache tells objects apart. An audit entry's actor is a member, an API key or a shipper, whose ids repeat
 * across kinds (member #1 and shipper #1): merged by id, the log showed a shipper's own entries under the owner's
 * name. An actor is kept inside its entry instead.
 */
export const TYPE_POLICIES: TypePolicies = { AuditActor: { keyFields: false } };

export const apollo = new ApolloClient({
  link: from([...head, httpLink]),
  cache: new InMemoryCache({ typePolicies: TYPE_POLICIES }),
  defaultOptions: DEFAULT_OPTIONS,
});

/** The control panel's terminating link: multipart requests for File variables (graphql-upload on the server). */
export function installUploadLink(upload: ApolloLink): void {
  apollo.setLink(from([...head, upload]));
}

/**
 * Reads a query from the cache as a screen's first render will: Apollo keeps the document's transforms and the result,
 * and the render finds them. Before a hydration (client/start.tsx), each in a task of its own: React cannot split its
 * render below one component, and Apollo's first read (its code still cold) was one 15-30 ms piece of it on a phone.
 */
export function warmQuery(query: DocumentNode, variables?: OperationVariables): void {
  void apollo.query({ query, variables, fetchPolicy: "cache-only" }).catch(() => undefined);
}
