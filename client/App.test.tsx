import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, createRoutesFromElements, matchRoutes, Outlet, RouterProvider, useParams, type RouteObject } from "react-router-dom";
import { APP_ROUTES } from "./App";
import { ACCOUNT_ROOT, CONTROL_ROOT, PAGE_ROUTE, SCREENS, SETUP_ROOT, screenRoute, type Screen } from "@shared/core/routes.codes";

const routes = createRoutesFromElements(APP_ROUTES);

/** The path of the route that renders this address (the leaf of the matched chain), as react-router matches it. */
const screenAt = (pathname: string) => matchRoutes(routes, pathname)?.at(-1)?.route.path;

/** The app's routes with each screen replaced by its route's path and the layout by a bare outlet, rendered by react-router's memory router. */
function Marker({ path }: { path: string }) {
  const params = useParams();
  return <i data-params={JSON.stringify(params)}>{path}</i>;
}
const markers = (rs: RouteObject[]): RouteObject[] =>
  rs.map((r) => ({ ...r, element: r.path ? <Marker path={r.path} /> : <Outlet />, children: r.children && markers(r.children) }) as RouteObject);
const rendered = (pathname: string) => renderToString(<RouterProvider router={createMemoryRouter(markers(routes), { initialEntries: [pathname] })} />);

describe("the app's routes", () => {
  it("show each public screen at its address, inside the public layout", () => {
    for (const s of Object.keys(SCREENS) as Screen[]) {
      const path = SCREENS[s];
      expect(screenAt(path), path).toBe(screenRoute(s));
      expect(
        matchRoutes(routes, path)!.map((m) => m.route.path ?? "layout"),
        path,
      ).toEqual(["layout", screenRoute(s)]);
    }
  });

  it("give the shipper's area everything under its root, inside the public layout", () => {
    for (const p of [ACCOUNT_ROOT, `${ACCOUNT_ROOT}/signin`, `${ACCOUNT_ROOT}/verify`, `${ACCOUNT_ROOT}/new`]) expect(screenAt(p), p).toBe(`${ACCOUNT_ROOT}/*`);
    expect(screenAt("/accounts")).toBe("*");
  });

  it("show a content page at /pages/<slug> with its slug, decoded", () => {
    expect(screenAt("/pages/about-us")).toBe(PAGE_ROUTE);
    expect(rendered("/pages/about-us")).toContain(`<i data-params="{&quot;slug&quot;:&quot;about-us&quot;}">${PAGE_ROUTE}</i>`);
    expect(rendered("/pages/caf%C3%A9")).toContain("{&quot;slug&quot;:&quot;café&quot;}");
  });

  it("give the control panel and the set-up everything under their roots", () => {
    for (const p of [CONTROL_ROOT, `${CONTROL_ROOT}/signin.html`, `${CONTROL_ROOT}/parcels/CR-1/activities/7`])
      expect(screenAt(p), p).toBe(`${CONTROL_ROOT}/*`);
    for (const p of [SETUP_ROOT, `${SETUP_ROOT}/signup`]) expect(screenAt(p), p).toBe(`${SETUP_ROOT}/*`);
    expect(rendered(`${CONTROL_ROOT}/parcels/list.html`)).toContain(`{&quot;*&quot;:&quot;parcels/list.html&quot;}">${CONTROL_ROOT}/*</i>`);
  });

  it("ignore case and a trailing slash, and show the 404 screen for anything else", () => {
    expect(screenAt("/TRACK.html/")).toBe(SCREENS.track);
    for (const p of ["/nope", "/pages/x/y", "/pages", "/controlx", "/track.htm"]) expect(screenAt(p), p).toBe("*");
    expect(rendered("/nope")).toContain(">*</i>");
  });
});
