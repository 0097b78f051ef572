import { firstPaint, redirecting } from "./boot";
import { serverState } from "./serverState";
import { releaseEarlyInput } from "./earlyInput";
import "@fontsource-variable/inter/wght.css";
import "./styles/theme.css";
import "./styles/base.css";
import "./styles/layout.css";

/**
 * The entry: boot.ts (a few KB, no React) redirects to https or sends the first screen's requests at
 * once: start-up graph, parcel, the screen's chunk and banner. The app (React, the router, the
 * translations; start.tsx) is a separate chunk that index.html already preloads (vite.config.ts), so
 * it downloads alongside, and the screen's chunk no longer waits for the app to be evaluated first.
 * A page the server rendered (server/ssr.ts) has no preloads: it is readable without the app, which is
 * asked for once the page has painted, so its download does not compete with the page's first paint.
 */
if (!redirecting) {
  void (serverState() ? firstPaint() : Promise.resolve())
    .then(() => import("./start"))
    // Without the app the page stays as the server sent it: its links and forms then work as plain HTML.
    .catch((e: unknown) => {
      console.error("the app could not be loaded", e);
      releaseEarlyInput(false);
    });
}
