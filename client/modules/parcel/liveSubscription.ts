// The tracking page's live updates (GraphQL subscription parcelLive over graphql-ws on /graphql). Loaded only
// while the courier heads to the parcel's stop (LiveNote.tsx imports it then), so neither graphql-ws nor this
// operation is in the first screen's script: the operation is written here rather than in a graphql/ file,
// whose generated document would go into the public screens' shared chunk.
import { createClient, type Client } from "graphql-ws";

export interface LiveState {
  window: { from: string; to: string };
  stops_before?: number | null;
  courier?: { latitude: number; longitude: number; at: string } | null;
}

const PARCEL_LIVE = `subscription ParcelLive($trackingCode: String!, $verify: String) {
  parcelLive(trackingCode: $trackingCode, verify: $verify) { live { window { from to } stops_before courier { latitude longitude at } } }
}`;

let client: Client | null = null;

/** Follows a parcel's live part: onLive with each new one (null once the stop is settled); returns the unsubscribe. */
export function subscribeLive(trackingCode: string, verify: string | null, onLive: (live: LiveState | null) => void): () => void {
  client ??= createClient({
    url: `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/graphql`,
    // A phone that loses its signal comes back to the same subscription.
    retryAttempts: 20,
    shouldRetry: () => true,
  });
  return client.subscribe<{ parcelLive: { live: LiveState | null } }>(
    { query: PARCEL_LIVE, variables: { trackingCode, verify } },
    {
      next: (r) => {
        if (r.data) onLive(r.data.parcelLive.live);
      },
      // The page keeps what it shows (the answer it loaded with, or the last update).
      error: () => undefined,
      complete: () => undefined,
    },
  );
}
