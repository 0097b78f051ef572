import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import {
  Link,
  matchRoutes,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  routesOf,
  StaticRouter,
  useLocation,
  useParams,
  useSearchParams,
  type RouteObject,
} from "./router";

/** The matched chain, outermost first: each route's element (its name here), or its path if it has none. */
const chain = (routes: RouteObject[], pathname: string) => matchRoutes(routes, pathname)?.map((m) => m.route.element ?? m.route.path) ?? null;
const leaf = (routes: RouteObject[], pathname: string) => matchRoutes(routes, pathname)?.at(-1);

// The shape of App.tsx's routes: absolute paths under a layout route without a path, and the two splats.
const app = routesOf(
  <>
    <Route path="/cp/*" element="cp" />
    <Route path="/control/*" element="control" />
    <Route element="layout">
      {[<Route key="home" path="/" element="home" />, <Route key="track" path="/track.html" element="track" />]}
      <Route path="/pages/:slug" element="page" />
      <Route path="*" element="notFound" />
    </Route>
  </>,
);

// The shape of ControlRoutes.tsx's, matched against what /control/* left over.
const control = routesOf(
  <>
    <Route element="guest">
      <Route path="signin.html" element="signIn" />
    </Route>
    <Route element="admin">
      <Route index element="home" />
      <Route path="parcels">
        <Route index element="parcelsIndex" />
        <Route path="list.html" element="parcelList" />
        <Route path=":code" element="parcel" />
        <Route path=":code/activities" element="activities" />
        <Route path=":code/activities/create" element="activityCreate" />
        <Route path=":code/activities/:aid" element="activityEdit" />
      </Route>
      <Route path="*" element="notFound" />
    </Route>
  </>,
);

describe("matchRoutes", () => {
  it("renders the chain from the layout down to the screen", () => {
    expect(chain(app, "/")).toEqual(["layout", "home"]);
    expect(chain(app, "/track.html")).toEqual(["layout", "track"]);
    expect(chain(app, "/pages/about")).toEqual(["layout", "page"]);
    expect(chain(app, "/cp")).toEqual(["cp"]);
    expect(chain(app, "/control/parcels/list.html")).toEqual(["control"]);
  });

  it("ranks static segments over params, params over splats, whatever the order written", () => {
    expect(chain(app, "/pages/x/y")).toEqual(["layout", "notFound"]);
    expect(chain(app, "/controlx")).toEqual(["layout", "notFound"]);
    expect(chain(control, "/parcels/list.html")).toEqual(["admin", "parcels", "parcelList"]);
    expect(chain(control, "/parcels/AB12")).toEqual(["admin", "parcels", "parcel"]);
    expect(chain(control, "/parcels/AB12/activities/create")).toEqual(["admin", "parcels", "activityCreate"]);
    expect(chain(control, "/parcels/AB12/activities/7")).toEqual(["admin", "parcels", "activityEdit"]);
    expect(chain(control, "/parcels/AB12/activities/7/more")).toEqual(["admin", "notFound"]);
    const reversed = routesOf([<Route key="s" path="*" element="splat" />, <Route key="p" path=":id" element="param" />, <Route key="x" path="x" element="static" />]);
    expect(chain(reversed, "/x")).toEqual(["static"]);
    expect(chain(reversed, "/y")).toEqual(["param"]);
    expect(chain(reversed, "/y/z")).toEqual(["splat"]);
  });

  it("tries siblings of equal rank in the order written", () => {
    const twins = routesOf([<Route key="a" path=":a" element="first" />, <Route key="b" path=":b" element="second" />]);
    expect(chain(twins, "/q")).toEqual(["first"]);
  });

  it("matches index routes at their parent's path only", () => {
    expect(chain(control, "/")).toEqual(["admin", "home"]);
    expect(chain(control, "/parcels")).toEqual(["admin", "parcels", "parcelsIndex"]);
    expect(chain(control, "/signin.html")).toEqual(["guest", "signIn"]);
  });

  it("ignores case and trailing slashes", () => {
    expect(chain(app, "/TRACK.HTML")).toEqual(["layout", "track"]);
    expect(chain(app, "/track.html/")).toEqual(["layout", "track"]);
    expect(chain(control, "/Parcels/List.html")).toEqual(["admin", "parcels", "parcelList"]);
    expect(chain(control, "/parcels/")).toEqual(["admin", "parcels", "parcelsIndex"]);
  });

  it("decodes params, an encoded slash included, and leaves a malformed one as it is", () => {
    expect(leaf(app, "/pages/a%20b")?.params).toEqual({ slug: "a b" });
    expect(leaf(app, "/pages/%C3%A9t%C3%A9")?.params).toEqual({ slug: "été" });
    expect(leaf(app, "/pages/a%2Fb")?.params).toEqual({ slug: "a/b" });
    expect(leaf(app, "/pages/%E0%A4%A")?.params).toEqual({ slug: "%E0%A4%A" });
  });

  it("gives a splat route the part of the path it matched, for a descendant <Routes>", () => {
    expect(leaf(app, "/control/parcels/AB12")).toMatchObject({ params: { "*": "parcels/AB12" }, pathname: "/control/parcels/AB12", pathnameBase: "/control" });
    expect(leaf(app, "/cp")).toMatchObject({ params: { "*": "" }, pathnameBase: "/cp" });
    expect(leaf(app, "/nowhere/at/all")?.params).toEqual({ "*": "nowhere/at/all" });
  });

  it("gives every route of the chain the params of the whole chain", () => {
    const matches = matchRoutes(control, "/parcels/AB12/activities/7")!;
    for (const m of matches) expect(m.params).toEqual({ code: "AB12", aid: "7" });
  });

  it("matches nothing when no route fits", () => {
    expect(chain(routesOf(<Route path="/a" element="a" />), "/b")).toBeNull();
  });
});

/** What a screen sees: its name, params, location and search params. */
function Show({ name }: { name: string }) {
  const params = useParams();
  const { pathname, search, key, state } = useLocation();
  const [query] = useSearchParams();
  return <p>{`${name} ${JSON.stringify(params)} ${pathname}${search} ${key} ${String(state)} q=${query.get("q")}`}</p>;
}

function Layout() {
  return (
    <div>
      <NavLink to="/" end>
        home
      </NavLink>
      <NavLink to="/control/parcels" className={({ isActive }) => (isActive ? "on" : "off")}>
        parcels
      </NavLink>
      <NavLink to="/control" end className="nav">
        control home
      </NavLink>
      <Link to="/track.html?code=X#top" className="plain" state={{ page: 1 }}>
        track
      </Link>
      <Link to={{ search: "?q=2" }}>same path</Link>
      <Navigate to="/elsewhere" replace />
      <Outlet />
    </div>
  );
}

function ControlPanel() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<Show name="home" />} />
        <Route path="parcels">
          <Route path=":code/activities/:aid" element={<Show name="activity" />} />
        </Route>
        <Route path="*" element={<Show name="notFound" />} />
      </Route>
    </Routes>
  );
}

const render = (location: string) =>
  renderToString(
    <StaticRouter location={location}>
      <Routes>
        <Route path="/control/*" element={<ControlPanel />} />
        <Route element={<Layout />}>
          <Route path="/" element={<Show name="public" />} />
          <Route path="*" element={<Show name="public404" />} />
        </Route>
      </Routes>
    </StaticRouter>,
  );

describe("rendering (the server's render, as react-router-dom 7 renders it)", () => {
  it("renders a descendant <Routes> relative to its parent's match, with the params of both", () => {
    const html = render("/control/parcels/AB%2012/activities/7?q=1");
    expect(html).toContain("activity {&quot;*&quot;:&quot;parcels/AB 12/activities/7&quot;,&quot;code&quot;:&quot;AB 12&quot;,&quot;aid&quot;:&quot;7&quot;} /control/parcels/AB%2012/activities/7?q=1 default null q=1");
    expect(render("/control")).toContain("home {&quot;*&quot;:&quot;&quot;}");
    expect(render("/control/nope")).toContain("notFound ");
  });

  it("marks the NavLinks that lead to the current page", () => {
    const html = render("/control/parcels/AB12/activities/7");
    expect(html).toContain('<a class="" href="/">home</a>');
    expect(html).toContain('<a aria-current="page" class="on" href="/control/parcels">parcels</a>');
    expect(html).toContain('<a class="nav" href="/control">control home</a>');
    expect(render("/CONTROL")).toContain('<a aria-current="page" class="nav active" href="/control">control home</a>');
    // `end` means the path itself: react-router does not count a trailing slash as the same path there.
    expect(render("/control/")).toContain('<a class="nav" href="/control">control home</a>');
    expect(render("/")).toContain('<a aria-current="page" class="active" href="/">home</a>');
    expect(render("/track.html")).toContain('<a class="" href="/">home</a>');
    expect(render("/track.html")).toContain('<a class="off" href="/control/parcels">parcels</a>');
  });

  it("gives links their address: a path as written, a search alone on the current path", () => {
    const html = render("/contact.html");
    expect(html).toContain('<a class="plain" href="/track.html?code=X#top">track</a>');
    expect(html).toContain('<a href="/contact.html?q=2">same path</a>');
  });

  it("does not navigate in the server's render", () => {
    expect(render("/")).toContain("public {} / default null q=null");
  });
});
