import type { NormalizedCacheObject } from "@apollo/client/cache";
import type { GraphQLFormattedError } from "graphql";
import { SERVER_STATE_ID } from "@shared/core/routes.codes";
import { earlyKey } from "./modules/graph/early";
import type { Formatted } from "./formatted";

/**
 * What a page the server rendered brings along (server/ssr.ts writes it as JSON next to the markup, from
 * client/entry-server.tsx): Apollo's cache, and the errors of the operations that failed (Apollo's cache keeps
 * their data, not their errors), by operation and variables (early.ts earlyKey), and the dates, numbers and
 * plurals its render formatted (formatted.ts), and its language.
 */
export interface ServerState {
  cache: NormalizedCacheObject;
  errors: Record<string, GraphQLFormattedError[]>;
  formatted?: Formatted;
  /** The language the page was rendered in: the browser hydrates it in that language (without reading the cookie again). */
  language?: string;
}

let state: ServerState | null | undefined;
/** The server's state of this page, or null for a page the client renders alone. Read once. */
export function serverState(): ServerState | null {
  if (state === undefined) {
    const text = typeof document === "undefined" ? null : document.getElementById(SERVER_STATE_ID)?.textContent;
    try {
      state = text ? (JSON.parse(text) as ServerState) : null;
    } catch (e) {
      console.warn("server state ignored", e);
      state = null;
    }
  }
  return state;
}

/**
 * The errors the server's render got for this operation: what the screen showed, while its answer is the
 * one from the server's cache (the data without the errors).
 */
export function serverErrors(operationName: string, variables: Record<string, unknown>): GraphQLFormattedError[] | null {
  return serverState()?.errors[earlyKey(operationName, variables)] ?? null;
}
