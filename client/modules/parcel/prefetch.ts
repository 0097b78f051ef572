import type { TrackParcelQuery, TrackParcelQueryVariables } from "../../generated/graphql";
import trackParcelSource from "./graphql/TrackParcel.graphql?raw";
import { gqlFetch } from "../graph/gqlFetch";

export { trackParcelSource };

/** "A, B;C" → ["A", "B", "C"]: distinct codes in the order given. */
export function splitCodes(raw: string): string[] {
  return [...new Set(raw.split(/[\s,;]+/).map((c) => c.trim()).filter(Boolean))];
}

type Answer = Awaited<ReturnType<typeof gqlFetch<TrackParcelQuery>>>;
let early: { code: string; answer: Promise<Answer> } | null = null;

/**
 * Opening /track.html?code=<one code>: the look-up is sent at boot, next to the start-up graph, instead
 * of after the tracking screen's chunk has loaded and rendered. The screen's first look-up of that code
 * takes this answer (once); every later look-up asks the server again.
 */
export function prefetchParcel(pathname: string, search: string): void {
  if ((pathname.replace(/\/+$/, "") || "/") !== "/track.html") return;
  const codes = splitCodes(new URLSearchParams(search).get("code")?.trim() ?? "");
  if (codes.length !== 1) return;
  const variables: TrackParcelQueryVariables = { trackingCode: codes[0] };
  early = { code: codes[0], answer: gqlFetch<TrackParcelQuery>(trackParcelSource, variables) };
}

/** The answer sent at boot for this code, if it is still unused. */
export function takePrefetchedParcel(code: string): Promise<Answer> | null {
  if (!early || early.code !== code) return null;
  const { answer } = early;
  early = null;
  return answer;
}
