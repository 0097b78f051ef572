/**
 * The app: main.tsx imports this chunk once boot.ts has sent the first screen's requests (and not
 * when the page is being redirected to https).
 */
import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { ApolloProvider } from "@apollo/client/react";
import { apollo } from "./apollo";
import { graphFromServer, restoreSavedGraph, warmSiteGraph } from "./modules/graph/siteGraph";
import { loadState, StoreProvider } from "./state/store";
import { initI18n } from "./i18n";
import { App, applyTheme } from "./App";
import { serverState } from "./serverState";
import { keepEarly } from "./modules/graph/early";
import { loadScreen } from "./screenComponents";
import { noteTicked } from "./earlyInput";
import { Hydrated } from "./components/hydrated";

/** Resolves in a new task, so the work after it does not lengthen the task before it. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// The saved theme is applied before React's first paint (index.html's inline script did it already).
applyTheme(loadState().theme);
// A page the server rendered (server/ssr.ts) brings Apollo's cache as the server left it: the screens find
// their data there, and ask nothing again while the page is hydrated (App turns network fetches back on).
// Otherwise the saved start-up graph is in the cache for the first render (the fresh one replaces it).
const fromServer = serverState();
if (fromServer) {
  apollo.cache.restore(fromServer.cache);
  for (const [key, errors] of Object.entries(fromServer.errors)) keepEarly(key, { data: null, errors });
  apollo.prioritizeCacheValues = true;
  graphFromServer();
} else {
  restoreSavedGraph();
}

const app = (
  <StrictMode>
    <Hydrated hydrating={!!fromServer}>
      <ApolloProvider client={apollo}>
        <StoreProvider>
          <BrowserRouter>
            <App />
          </BrowserRouter>
        </StoreProvider>
      </ApolloProvider>
    </Hydrated>
  </StrictMode>
);

// This module's evaluation, the first reads of Apollo's cache, the translations' set-up and the creation of the
// React root each run in their own task: on a slow phone none of them is then a long task.
void nextTask()
  .then(() => {
    if (fromServer) warmSiteGraph();
  })
  .then(nextTask)
  .then(initI18n)
  // Hydration needs the screen the server rendered, not React.lazy's fallback.
  .then(() => (fromServer ? loadScreen(location.pathname) : null))
  .then(async (screen) => {
    await nextTask();
    screen?.warmCache?.();
  })
  .then(nextTask)
  .then(() =>
    // A transition: React renders (or hydrates) the first screen in short slices instead of one long task.
    startTransition(() => {
      const root = document.getElementById("root")!;
      // A mismatch is logged with the component where it was found; React then renders that part on the client.
      if (fromServer) noteTicked();
      if (fromServer) hydrateRoot(root, app, { onRecoverableError: (e, info) => console.error("hydration:", e, info.componentStack) });
      else createRoot(root).render(app);
    }),
  );
