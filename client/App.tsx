import { lazy, memo, Suspense, useEffect } from "react";
import { Route, Routes } from "react-router-dom";
import { useStore } from "./state/store";
import { startSiteGraph } from "./modules/graph/startup";
import { PublicLayout } from "./components/Layout";
import { loadContact, loadContentPage, loadDebug, loadHome, loadNotFound, loadResolution, loadTrack, loadUnsubscribe } from "./routes";

// Every screen is its own chunk (client/routes.ts); the control panel is one separate chunk (client/control).
const Home = lazy(loadHome);
const ContentPage = lazy(loadContentPage);
const Track = lazy(loadTrack);
const Contact = lazy(loadContact);
const Resolution = lazy(loadResolution);
const Unsubscribe = lazy(loadUnsubscribe);
const Debug = lazy(loadDebug);
const NotFound = lazy(loadNotFound);
// The control panel brings its own Apollo provider (see withApollo.tsx).
const Control = lazy(async () => {
  const [{ default: ControlRoutes }, { WithApollo }] = await Promise.all([import("./control/ControlRoutes"), import("./withApollo")]);
  return {
    default: function ControlWithApollo() {
      return (
        <WithApollo>
          <ControlRoutes />
        </WithApollo>
      );
    },
  };
});

export function applyTheme(theme: "LIGHT" | "DARK"): void {
  const root = document.documentElement;
  root.dataset.theme = theme === "DARK" ? "dark" : "light";
  root.style.colorScheme = theme === "DARK" ? "dark" : "light";
  document.querySelector('meta[name="theme-color"]')?.setAttribute("content", theme === "DARK" ? "#0a1020" : "#0b4f9c");
}

export function App() {
  const { state, dispatch } = useStore();

  // Start-up (spec section 4): fetch the site graph once.
  useEffect(() => startSiteGraph(dispatch), [dispatch]);
  useEffect(() => applyTheme(state.theme), [state.theme]);

  return <AppRoutes />;
}

/**
 * The routes, apart from App: a change of the client state re-renders App, and <Routes> would rank
 * every route again each time. The screens read the state themselves.
 */
const AppRoutes = memo(function AppRoutes() {
  return (
    <Routes>
      <Route path="/cp/*" element={<Suspense fallback={null}><Control /></Suspense>} />
      <Route path="/control/*" element={<Suspense fallback={null}><Control /></Suspense>} />
      <Route element={<PublicLayout />}>
        <Route path="/" element={<Home />} />
        <Route path="/pages/:slug" element={<ContentPage />} />
        <Route path="/track.html" element={<Track />} />
        <Route path="/contact.html" element={<Contact />} />
        <Route path="/resolution.html" element={<Resolution />} />
        <Route path="/unsubscribe.html" element={<Unsubscribe />} />
        <Route path="/debug" element={<Debug />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
});
