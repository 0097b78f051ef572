import type { NormalizedCacheObject } from "@apollo/client/cache";
import { SERVER_STATE_ID } from "../server/core/routes.codes";

/**
 * The Apollo cache of a page the server rendered (server/ssr.ts writes it as JSON next to the markup),
 * or null for a page the client renders alone. Read once.
 */
let state: NormalizedCacheObject | null | undefined;
export function serverState(): NormalizedCacheObject | null {
  if (state === undefined) {
    const text = typeof document === "undefined" ? null : document.getElementById(SERVER_STATE_ID)?.textContent;
    try {
      state = text ? (JSON.parse(text) as NormalizedCacheObject) : null;
    } catch (e) {
      console.warn("server state ignored", e);
      state = null;
    }
  }
  return state;
}
