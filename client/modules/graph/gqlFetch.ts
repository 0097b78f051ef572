import { sha256Hex } from "./sha256";

/**
 * A GraphQL request with plain fetch, for the public screens' two read operations (start-up
 * graph, parcel look-up): they then load neither the Apollo client nor the generated module
 * (about 60 KB gzipped). The operations stay in their .graphql files and are typed by codegen.
 * Errors come back as the messages the server gives, one per failed field; a network or parse
 * failure is the spec's 'Invalid Json'.
 */
export async function gqlFetch<T>(query: string, variables?: Record<string, unknown>): Promise<{ data: T | null; errors: string[] }> {
  try {
    const body = await send<T>(query, variables);
    const errors = (body.errors ?? []).flatMap((e) => e.extensions?.messages ?? [e.message]);
    return { data: body.data ?? null, errors };
  } catch (e) {
    console.warn("request failed", e);
    return { data: null, errors: ["Invalid Json"] };
  }
}

type Body<T> = { data?: T | null; errors?: { message: string; extensions?: { code?: string; messages?: string[] } }[] };

/**
 * An automatic persisted query (Apollo's protocol): a GET with the document's hash (small, and revalidated
 * with an ETag); when the server does not know the hash yet, one POST with the document registers it.
 * Without Web Crypto (a plain-http address other than localhost), a POST with the document.
 */
async function send<T>(query: string, variables?: Record<string, unknown>): Promise<Body<T>> {
  const headers = { "content-type": "application/json", accept: "application/json" };
  const hash = await sha256Hex(query);
  const extensions = hash ? { persistedQuery: { version: 1, sha256Hash: hash } } : undefined;
  if (extensions) {
    const params = new URLSearchParams({ extensions: JSON.stringify(extensions) });
    if (variables) params.set("variables", JSON.stringify(variables));
    const res = await fetch(`/graphql?${params}`, { credentials: "include", headers });
    const body = (await res.json()) as Body<T>;
    if (!body.errors?.some((e) => e.extensions?.code === "PERSISTED_QUERY_NOT_FOUND")) return body;
  }
  const res = await fetch("/graphql", { method: "POST", credentials: "include", headers, body: JSON.stringify({ query, variables, extensions }) });
  return (await res.json()) as Body<T>;
}
