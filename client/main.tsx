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
 * translations; start.tsx) is a separate chunk, with its packages in three more (loadApp), that index.html
 * already preloads (vite.config.ts), so it downloads alongside, and the screen's chunk no longer waits for the
 * app to be evaluated first.
 * A page the server rendered (server/ssr.ts) has no preloads: it is readable without the app, which is
 * asked for once the page has painted, so its download does not compete with the page's first paint.
 */
/** Resolves in a new task, so the work after it does not lengthen the task before it. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The app: its packages first, one chunk at a time (stages/: React, then Apollo, i18next and the router), each
 * evaluated in a task of its own, then the app's own code (start.tsx), which finds them evaluated. Evaluated
 * together they were one long task on a phone. The chunks download together: index.html preloads them with the
 * page, and a page the server rendered names them for boot.ts, which preloads them once the page has painted.
 */
async function loadApp(): Promise<unknown> {
  // A page the client renders has its screen's chunk imported by boot.ts already, with the whole app behind it:
  // no steps to take there.
  if (!serverState()) return import("./start");
  // The order of vite.config.ts's APP_STAGES: each chunk imports only from the ones before it.
  for (const stage of [() => import("./stages/react"), () => import("./stages/libs")]) {
    await stage();
    await nextTask();
  }
  return import("./start");
}

if (!redirecting) {
  void (serverState() ? firstPaint() : Promise.resolve())
    .then(loadApp)
    // Without the app the page stays as the server sent it: its links and forms then work as plain HTML.
    .catch((e: unknown) => {
      console.error("the app could not be loaded", e);
      releaseEarlyInput(false);
    });
}
