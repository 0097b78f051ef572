import { lazy, memo, Suspense, useEffect } from "react";
import { Route, Routes } from "react-router-dom";
import { useStore } from "./state/store";
import { PublicLayout } from "./components/layout/PublicLayout";
import { CONTENT_PAGE_FILE, NOT_FOUND_FILE, SCREEN_FILES } from "./screenFiles";
import { screenComponent } from "./screenComponents";
import { CONTROL_ROOT, PAGE_ROUTE, SCREENS, SETUP_ROOT, screenRoute, type Screen } from "@shared/core/routes.codes";
import { startSiteGraph } from "./modules/graph/siteGraph";

// Every screen is its own chunk (client/screenFiles.ts, client/screenComponents.ts); the control panel is one separate chunk (client/control).
const SCREEN_ELEMENTS = (Object.keys(SCREENS) as Screen[]).map((s) => {
  const Component = screenComponent(SCREEN_FILES[s]);
  return <Route key={s} path={screenRoute(s)} element={<Component />} />;
});
const ContentPage = screenComponent(CONTENT_PAGE_FILE);
const NotFound = screenComponent(NOT_FOUND_FILE);
// The server never renders the control panel (server/ssr.ts): its build leaves it out, and Leaflet with it.
const Control = lazy(() =>
  import.meta.env.SSR ? Promise.reject(new Error("the control panel renders in the browser only")) : import("./control/ControlRoutes"),
);

export function applyTheme(theme: "LIGHT" | "DARK"): void {
  const root = document.documentElement;
  root.dataset.theme = theme === "DARK" ? "dark" : "light";
  root.style.colorScheme = theme === "DARK" ? "dark" : "light";
  document.querySelector('meta[name="theme-color"]')?.setAttribute("content", theme === "DARK" ? "#0a1020" : "#0b4f9c");
}

export function App() {
  const { state, dispatch } = useStore();

  // Start-up: the site graph, fetched once (boot.ts asked for it), goes into Apollo's cache.
  useEffect(() => startSiteGraph(dispatch), [dispatch]);
  useEffect(() => applyTheme(state.theme), [state.theme]);

  return <AppRoutes />;
}

/** The site's routes (client/App.test.tsx checks which screen an address shows). */
export const APP_ROUTES = (
  <>
    <Route
      path={`${SETUP_ROOT}/*`}
      element={
        <Suspense fallback={null}>
          <Control />
        </Suspense>
      }
    />
    <Route
      path={`${CONTROL_ROOT}/*`}
      element={
        <Suspense fallback={null}>
          <Control />
        </Suspense>
      }
    />
    <Route element={<PublicLayout />}>
      {SCREEN_ELEMENTS}
      <Route path={PAGE_ROUTE} element={<ContentPage />} />
      <Route path="*" element={<NotFound />} />
    </Route>
  </>
);

/**
 * The routes, apart from App: a change of the client state re-renders App, and <Routes> would rank
 * every route again each time. The screens read the state themselves.
 */
const AppRoutes = memo(function AppRoutes() {
  return <Routes>{APP_ROUTES}</Routes>;
});
