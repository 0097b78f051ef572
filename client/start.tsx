/**
 * The app: main.tsx imports this chunk once boot.ts has sent the first screen's requests (and not
 * when the page is being redirected to https).
 */
import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { ApolloProvider } from "@apollo/client/react";
import { apollo } from "./apollo";
import { restoreSavedGraph } from "./modules/graph/siteGraph";
import { loadState, StoreProvider } from "./state/store";
import { initI18n } from "./i18n";
import { App, applyTheme } from "./App";

/** Resolves in a new task, so the work after it does not lengthen the task before it. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// The saved theme is applied before React's first paint, and the saved start-up graph is in Apollo's cache
// for the first render (the fresh one replaces it when it arrives).
applyTheme(loadState().theme);
restoreSavedGraph();
// This module's evaluation, the translations' set-up and the creation of the React root each run in
// their own task: on a slow phone none of them is then a long task.
void nextTask()
  .then(initI18n)
  .then(nextTask)
  .then(() =>
    // A transition: React renders the first screen in short slices instead of one long task.
    startTransition(() =>
      createRoot(document.getElementById("root")!).render(
        <StrictMode>
          <ApolloProvider client={apollo}>
            <StoreProvider>
              <BrowserRouter>
                <App />
              </BrowserRouter>
            </StoreProvider>
          </ApolloProvider>
        </StrictMode>,
      ),
    ),
  );
