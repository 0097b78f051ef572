import { createClient, type Client as WsClient } from "graphql-ws";
import WebSocket from "ws";

const LIVE = `subscription($c: String!, $v: String) { parcelLive(trackingCode: $c, verify: $v) { tracking_code live { window { from to } stops_before courier { latitude longitude at } } } }`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers' shape is what the tests assert
type Update = { data?: any; errors?: { message: string; extensions?: { code?: string } }[] };

/** A graphql-ws subscriber to parcelLive: every update kept in order; next() waits for one that matches. */
export function subscribeLive(base: string, code: string, verify?: string) {
  const client: WsClient = createClient({ url: base.replace(/^http/, "ws") + "/graphql", webSocketImpl: WebSocket, retryAttempts: 0, lazy: false });
  const updates: Update[] = [];
  const waiters: { test: (u: Update) => boolean; resolve: (u: Update) => void }[] = [];
  let seen = 0;
  const push = (u: Update) => {
    updates.push(u);
    for (const w of [...waiters]) {
      if (w.test(u)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(u);
      }
    }
  };
  const done = new Promise<void>((resolve) => {
    client.subscribe(
      { query: LIVE, variables: { c: code, v: verify ?? null } },
      {
        next: (u) => push(u as Update),
        error: (e) => push({ errors: Array.isArray(e) ? e : [{ message: String((e as Error)?.message ?? e) }] }),
        complete: resolve,
      },
    );
  });
  return {
    updates,
    done,
    /** The next update (after those already taken) for which test holds. */
    next(test: (u: Update) => boolean = () => true, timeoutMs = 10_000): Promise<Update> {
      for (; seen < updates.length;) {
        const u = updates[seen++];
        if (test(u)) return Promise.resolve(u);
      }
      return new Promise<Update>((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`no live update in ${timeoutMs} ms; got ${JSON.stringify(updates)}`)), timeoutMs);
        waiters.push({
          test,
          resolve: (u) => {
            clearTimeout(t);
            seen = updates.length;
            resolve(u);
          },
        });
      });
    },
    close: () => client.dispose(),
  };
}
