import { splitCodes } from "../parcel/codes";
import trackParcel from "../parcel/graphql/TrackParcel.graphql?raw";
import { earlyKey, keepEarly, type EarlyAnswer } from "./early";
import { sha256Hex } from "./sha256";

/**
 * The tracking page's first look-up, sent by boot.ts while React and Apollo still load (a page the client
 * renders alone: the server's render brings its data), so the parcel does not wait for the app and the
 * screen's chunk before it is asked for. Apollo's early link (client/apollo.ts) hands the answer to the
 * screen's query (pages/TrackPage.tsx), which runs the same operation with the same variables.
 * A build with EARLY_REQUESTS=off (vite.config.ts) leaves this module out: the screen then asks through
 * Apollo's persisted-query link once its chunk has run (docs/adr/0005-early-requests.md).
 */
export function sendEarlyLookUp(screen: string | null): void {
  if (screen !== "track") return;
  const codes = splitCodes(new URLSearchParams(location.search).get("code")?.trim() ?? "");
  if (codes.length !== 1) return;
  const variables = { trackingCode: codes[0] };
  const answer = send("TrackParcel", trackParcel, variables);
  answer.catch(() => undefined); // a failure is reported where Apollo takes the answer
  keepEarly(earlyKey("TrackParcel", variables), answer);
}

const HEADERS = { accept: "application/json", "content-type": "application/json", "apollo-require-preflight": "true" };

async function read(res: Response): Promise<EarlyAnswer> {
  const body = (await res.json()) as EarlyAnswer;
  if (!body || typeof body !== "object" || !("data" in body || "errors" in body)) throw new Error(`unexpected answer (HTTP ${res.status})`);
  return body;
}

/**
 * Apollo's automatic persisted queries, as its link sends them: a GET with the document's hash (small,
 * and revalidated with an ETag), and one POST with the document when the server does not know the hash
 * yet. Without Web Crypto (a plain-http address other than localhost) a POST with the document.
 */
async function send(operationName: string, query: string, variables: Record<string, unknown>): Promise<EarlyAnswer> {
  const hash = await sha256Hex(query);
  const extensions = hash ? { persistedQuery: { version: 1, sha256Hash: hash } } : undefined;
  if (extensions) {
    const params = new URLSearchParams({ operationName, variables: JSON.stringify(variables), extensions: JSON.stringify(extensions) });
    const body = await read(await fetch(`/graphql?${params}`, { credentials: "include", headers: HEADERS }));
    if (!body.errors?.some((e) => e.extensions?.code === "PERSISTED_QUERY_NOT_FOUND")) return body;
  }
  const res = await fetch("/graphql", {
    method: "POST",
    credentials: "include",
    headers: HEADERS,
    body: JSON.stringify({ operationName, query, variables, extensions }),
  });
  return read(res);
}
