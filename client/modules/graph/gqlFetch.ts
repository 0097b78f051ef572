/**
 * A GraphQL request with plain fetch, for the public screens' two read operations (start-up
 * graph, parcel look-up): they then load neither the Apollo client nor the generated module
 * (about 60 KB gzipped). The operations stay in their .graphql files and are typed by codegen.
 * Errors come back as the messages the server gives, one per failed field; a network or parse
 * failure is the spec's 'Invalid Json'.
 */
export async function gqlFetch<T>(query: string, variables?: Record<string, unknown>): Promise<{ data: T | null; errors: string[] }> {
  try {
    const res = await fetch("/graphql", {
      method: "POST",
      credentials: "include",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await res.json()) as { data?: T | null; errors?: { message: string; extensions?: { messages?: string[] } }[] };
    const errors = (body.errors ?? []).flatMap((e) => e.extensions?.messages ?? [e.message]);
    return { data: body.data ?? null, errors };
  } catch (e) {
    console.warn("request failed", e);
    return { data: null, errors: ["Invalid Json"] };
  }
}
