/**
 * The app: main.tsx imports this chunk once boot.ts has sent the first screen's requests (and not
 * when the page is being redirected to https).
 */
import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { loadState, StoreProvider } from "./state/store";
import { initI18n } from "./i18n";
import { App, applyTheme } from "./App";

/** Resolves in a new task, so the work after it does not lengthen the task before it. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// The saved theme is applied before React's first paint.
applyTheme(loadState().theme);
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
          <StoreProvider>
            <BrowserRouter>
              <App />
            </BrowserRouter>
          </StoreProvider>
        </StrictMode>,
      ),
    ),
  );
