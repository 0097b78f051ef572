/**
 * The client's router: the part of react-router-dom 7 that the client uses, with react-router's behaviour for
 * that part, in a few hundred lines instead of the ~14 KB (gzip) the package added to the app chunk that
 * every page loads. Routes are declared as JSX (<Routes>, <Route>), ranked and matched as react-router ranks
 * and matches them, and rendered through <Outlet>s; a <Routes> inside a route's element (the control panel's)
 * matches what its parent route left over. The browser's location lives in <BrowserRouter>, the server's
 * render gets a fixed one from <StaticRouter> (client/entry-server.tsx).
 *
 * Left out, because nothing here uses them: relative `to` paths ("..", "child"), optional segments (":id?"),
 * case-sensitive routes, a basename, <Routes location>, absolute URLs in <Link>, NavLink's style and children
 * functions (its isPending is always false: there is no data router to be pending), the data routers
 * (loaders, actions, error elements), blocking, and react-router's development warnings (a navigate() called
 * during a render is not ignored here). A `to` is an absolute path ("/track.html?code=X") or an object whose
 * missing pathname means the current one ({ search: "?code=X" }). The anchors have no data-discover
 * attribute (react-router's framework mode reads it; nothing here does).
 */
import {
  Children,
  createContext,
  Fragment,
  isValidElement,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type ReactElement,
  type ReactNode,
  type Ref,
} from "react";

/** An address inside the site: "/track.html", "?code=X", "#main" (search and hash start with ? and #, or are ""). */
export interface Path {
  pathname: string;
  search: string;
  hash: string;
}

/** Where the visitor is: the address, the state the navigation carried, and a key that is "default" for the first entry. */
export interface Location extends Path {
  state: unknown;
  key: string;
}

export type To = string | Partial<Path>;
export type Params = Record<string, string | undefined>;

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/** What a route is once read from its <Route> element (exported for the tests, with matchRoutes). */
export interface RouteObject {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: RouteObject[];
}

/** One route of a matched chain: the params of the whole chain, and the part of the path it matched. */
export interface RouteMatch {
  route: RouteObject;
  params: Params;
  pathname: string;
  /** The matched part without what a splat took: where a descendant <Routes> starts. */
  pathnameBase: string;
}

/* ---------------------------------------------------------------------------------------------------------
 * Paths
 * ------------------------------------------------------------------------------------------------------- */

/** Joins path pieces; the doubled slashes that joining leaves are one. */
const join = (a: string, b: string) => `${a}/${b}`.replace(/\/\/+/g, "/");
/** Without trailing slashes, but never empty ("/" stays "/"). */
const trim = (p: string) => p.replace(/\/+$/, "") || "/";

/** "/a?b#c" as its parts; a "?" or "#" with nothing after it is no search or hash, as react-router has it. */
function parsePath(path: string): Partial<Path> {
  const [, pathname, search = "", hash = ""] = /^([^?#]*)(\?[^#]*)?(#.*)?$/.exec(path)!;
  return { pathname, search, hash };
}

/**
 * A `to` as the address it goes to. A missing (or empty) pathname is the current one: that is how
 * `navigate({ search })` and `setSearchParams` stay on the screen they were called from.
 */
function resolve(to: To, from: string): Path {
  const p = typeof to === "string" ? parsePath(to) : to;
  const search = p.search || "";
  const hash = p.hash || "";
  return {
    pathname: p.pathname || from,
    search: search === "?" ? "" : search && (search[0] === "?" ? search : `?${search}`),
    hash: hash === "#" ? "" : hash && (hash[0] === "#" ? hash : `#${hash}`),
  };
}

const href = (p: Path) => p.pathname + p.search + p.hash;

/**
 * The path with each segment decoded, as routes match it (so ":code" receives "AB 12", not "AB%2012"); an
 * encoded slash stays "%2F" so that it cannot split a segment, and becomes "/" in the param. A malformed
 * escape leaves the path as it is.
 */
function decodePath(path: string): string {
  try {
    return path
      .split("/")
      .map((s) => decodeURIComponent(s).replace(/\//g, "%2F"))
      .join("/");
  } catch {
    return path;
  }
}

/* ---------------------------------------------------------------------------------------------------------
 * Matching: react-router's flattenRoutes, rankRouteBranches and matchRouteBranch, without optional segments
 * ------------------------------------------------------------------------------------------------------- */

/** A route with the chain of its parents: each leaf (a route with a path, or an index route) is one branch. */
interface Branch {
  score: number;
  chain: { path: string; at: number; route: RouteObject }[];
}

const isSplat = (s: string) => s === "*";

/**
 * react-router's ranking: each static segment counts 10, a :param 3, an empty segment 1; a splat takes 2
 * off, an index route adds 2. So "/pages/list.html" beats "/pages/:slug", which beats "/pages/*" and "*".
 */
function score(path: string, index?: boolean): number {
  const segments = path.split("/");
  return segments.reduce(
    (n, s) => n + (isSplat(s) ? 0 : /^:[\w-]+$/.test(s) ? 3 : s ? 10 : 1),
    segments.length + (segments.some(isSplat) ? -2 : 0) + (index ? 2 : 0),
  );
}

/** Every branch of the tree, a parent's branches before its own (as react-router lists them, for equal scores). */
function flatten(routes: RouteObject[], branches: Branch[] = [], parents: Branch["chain"] = [], parentPath = ""): Branch[] {
  routes.forEach((route, at) => {
    let path = route.path || "";
    // An absolute path under a parent is the parent's path and the rest: the rest is what this route matches.
    if (path[0] === "/") {
      if (!path.startsWith(parentPath)) throw new Error(`Route path "${path}" is not under its parent's "${parentPath}"`);
      path = path.slice(parentPath.length);
    }
    const full = join(parentPath, path);
    const chain = [...parents, { path, at, route }];
    if (route.children?.length) flatten(route.children, branches, chain, full);
    if (route.path != null || route.index) branches.push({ score: score(full, route.index), chain });
  });
  return branches;
}

/** Routes of equal score that are siblings are tried in the order they are written; other ties keep their place. */
function rank(a: Branch, b: Branch): number {
  const x = a.chain.map((m) => m.at);
  const y = b.chain.map((m) => m.at);
  const last = x.length - 1;
  const siblings = x.length === y.length && x.slice(0, last).every((n, i) => n === y[i]);
  return b.score - a.score || (siblings ? x[last] - y[last] : 0);
}

/** One route's path against the rest of the address (react-router's compilePath and matchPath, case-insensitive). */
function matchPath(path: string, pathname: string, end: boolean): { params: Params; pathname: string; pathnameBase: string } | null {
  const names: string[] = [];
  let source =
    "^" +
    path
      .replace(/\/*\*?$/, "")
      .replace(/^\/*/, "/")
      .replace(/[\\.*+^${}|()[\]]/g, "\\$&")
      .replace(/\/:([\w-]+)/g, (_, name: string) => {
        names.push(name);
        return "/([^\\/]+)";
      });
  if (path.endsWith("*")) {
    names.push("*");
    source += path === "*" || path === "/*" ? "(.*)$" : "(?:\\/(.+)|\\/*)$";
  } else if (end) {
    // Trailing slashes are tolerated: "/track.html/" is "/track.html".
    source += "\\/*$";
  } else if (path && path !== "/") {
    // A parent matches whole segments only: "parcels" matches "/parcels/x", not "/parcelsx".
    source += "(?:(?=\\/|$))";
  }
  const m = new RegExp(source, "i").exec(pathname);
  if (!m) return null;
  let pathnameBase = trim(m[0]);
  const params: Params = {};
  names.forEach((name, i) => {
    const value = m[i + 1] || "";
    if (name === "*") pathnameBase = trim(m[0].slice(0, m[0].length - value.length));
    params[name] = value.replace(/%2F/g, "/");
  });
  return { params, pathname: m[0], pathnameBase };
}

/** A branch against the address: each route of the chain takes its part; one params object for the whole chain. */
function matchBranch(branch: Branch, pathname: string): RouteMatch[] | null {
  const params: Params = {};
  const matches: RouteMatch[] = [];
  let matched = "/";
  for (const [i, { path, route }] of branch.chain.entries()) {
    const m = matchPath(path, matched === "/" ? pathname : pathname.slice(matched.length) || "/", i === branch.chain.length - 1);
    if (!m) return null;
    Object.assign(params, m.params);
    matches.push({ route, params, pathname: join(matched, m.pathname), pathnameBase: trim(join(matched, m.pathnameBase)).replace(/^\/*/, "/") });
    if (m.pathnameBase !== "/") matched = join(matched, m.pathnameBase);
  }
  return matches;
}

/** The chain of routes (outermost first) that renders this path, or null: the best-ranked branch that matches. */
export function matchRoutes(routes: RouteObject[], pathname: string): RouteMatch[] | null {
  const decoded = decodePath(pathname || "/");
  for (const branch of flatten(routes).sort(rank)) {
    const matches = matchBranch(branch, decoded);
    if (matches) return matches;
  }
  return null;
}

/** <Route> elements (and fragments or arrays of them) as route objects. */
export function routesOf(children: ReactNode): RouteObject[] {
  const routes: RouteObject[] = [];
  Children.forEach(children, (el) => {
    if (!isValidElement<RouteProps>(el)) return;
    const p = el.props;
    if (el.type === Fragment) routes.push(...routesOf(p.children));
    else routes.push({ path: p.path, index: p.index, element: p.element, children: p.children ? routesOf(p.children) : undefined });
  });
  return routes;
}

/* ---------------------------------------------------------------------------------------------------------
 * Contexts
 * ------------------------------------------------------------------------------------------------------- */

/** Goes to an address (or moves through the history by a number of entries). */
type Go = (to: Path | number, replace?: boolean, state?: unknown) => void;

/** The router: where the visitor is, and how to go elsewhere. */
const RouterContext = createContext<{ location: Location; go: Go }>({
  location: { pathname: "/", search: "", hash: "", state: null, key: "default" },
  go: () => undefined,
});

/** The route being rendered: its child route's element (for <Outlet>), the chain's params and where its path ended. */
const RouteContext = createContext<{ outlet: ReactNode; params: Params; base: string }>({ outlet: null, params: {}, base: "/" });

/* ---------------------------------------------------------------------------------------------------------
 * Routers
 * ------------------------------------------------------------------------------------------------------- */

/**
 * The browser's location. The navigation's state and a key are kept in history.state as react-router keeps
 * them ({ usr, key }), so a reload or Back finds `location.state` (a flash message, a content page) again.
 */
function browserLocation(): Location {
  const { pathname, search, hash } = window.location;
  const s = history.state as { usr?: unknown; key?: string } | null;
  return { pathname, search, hash, state: s?.usr || null, key: s?.key || "default" };
}

/**
 * The router of the browser. A new location is rendered in a transition (react-router 7 does the same): a
 * screen whose chunk is still loading (React.lazy) leaves the current screen on view until it is there,
 * instead of replacing it by the fallback of a Suspense boundary already on view. (A boundary the new page
 * mounts afresh, such as the one in PublicLayout's <main key={pathname}>, shows its fallback all the same.)
 */
export function BrowserRouter({ children }: { children?: ReactNode }) {
  const [location, setLocation] = useState(browserLocation);
  const [go] = useState<Go>(() => (to: Path | number, replace?: boolean, state?: unknown) => {
    if (typeof to === "number") return history.go(to);
    const entry = { usr: state ?? null, key: Math.random().toString(36).slice(2, 10) };
    const url = href(to);
    if (replace) history.replaceState(entry, "", url);
    else {
      try {
        history.pushState(entry, "", url);
      } catch (e) {
        // Browsers limit how often pushState may be called; the page is then loaded the ordinary way.
        if ((e as Error).name === "DataCloneError") throw e;
        window.location.assign(url);
        return;
      }
    }
    // The browser's own reading of the address (encoded as it shows it), as popstate gives it.
    startTransition(() => setLocation(browserLocation()));
  });
  // Back and Forward (and a click on a #fragment link).
  useLayoutEffect(() => {
    const pop = () => startTransition(() => setLocation(browserLocation()));
    addEventListener("popstate", pop);
    return () => removeEventListener("popstate", pop);
  }, []);
  const value = useMemo(() => ({ location, go }), [location, go]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/** The router of the server's render: the requested address ("/track.html?code=X"), which nothing can change. */
export function StaticRouter({ location, children }: { location: string; children?: ReactNode }) {
  const value = useMemo(() => ({ location: { ...resolve(location, "/"), state: null, key: "default" }, go: () => undefined }), [location]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/* ---------------------------------------------------------------------------------------------------------
 * Routes
 * ------------------------------------------------------------------------------------------------------- */

export interface RouteProps {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: ReactNode;
}

/** A route: read by its <Routes>, never rendered itself. */
export function Route(_props: RouteProps): ReactElement | null {
  throw new Error("<Route> is only to be used as a child of <Routes>");
}

/**
 * Renders the route chain that matches the location: each route's element, with the next one's as its
 * <Outlet>; a route without an element renders its child. Inside a route's element (path ending in "/*"),
 * it matches only what the parent routes left: paths there are relative to the parent's match.
 */
export function Routes({ children }: { children?: ReactNode }) {
  const { pathname } = useContext(RouterContext).location;
  const parent = useContext(RouteContext);
  const rest = parent.base === "/" ? pathname : `/${pathname.replace(/^\//, "").split("/").slice(parent.base.split("/").length - 1).join("/")}`;
  const matches = matchRoutes(routesOf(children), rest);
  return matches
    ? matches.reduceRight<ReactNode>(
        (outlet, m) => (
          <RouteContext.Provider
            value={{ outlet, params: { ...parent.params, ...m.params }, base: m.pathnameBase === "/" ? parent.base : join(parent.base, m.pathnameBase) }}
          >
            {m.route.element || outlet}
          </RouteContext.Provider>
        ),
        null,
      )
    : null;
}

/** Where a layout route renders its matched child route. */
export function Outlet(): ReactNode {
  return useContext(RouteContext).outlet;
}

/* ---------------------------------------------------------------------------------------------------------
 * Hooks
 * ------------------------------------------------------------------------------------------------------- */

export function useLocation(): Location {
  return useContext(RouterContext).location;
}

/** The params of the matched route chain (":code" and so on), decoded. */
export function useParams(): Params {
  return useContext(RouteContext).params;
}

export type NavigateFunction = (to: To | number, options?: NavigateOptions) => void;

/** navigate("/a", { replace, state }), navigate({ search: "?q" }) on the current path, navigate(-1) for Back. */
export function useNavigate(): NavigateFunction {
  const { location, go } = useContext(RouterContext);
  const from = location.pathname;
  return useCallback<NavigateFunction>((to, o = {}) => (typeof to === "number" ? go(to) : go(resolve(to, from), o.replace, o.state)), [go, from]);
}

export type SearchParamsInit = URLSearchParams | Record<string, string> | string | string[][];

/** The query's parameters, and a setter that navigates to the same path with new ones (a new history entry unless `replace`). */
export function useSearchParams(): [URLSearchParams, (next: SearchParamsInit | ((prev: URLSearchParams) => SearchParamsInit), options?: NavigateOptions) => void] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback(
    (next: SearchParamsInit | ((prev: URLSearchParams) => SearchParamsInit), options?: NavigateOptions) =>
      navigate(`?${new URLSearchParams(typeof next === "function" ? next(new URLSearchParams(params)) : next)}`, options),
    [navigate, params],
  );
  return [params, set];
}

/* ---------------------------------------------------------------------------------------------------------
 * Components
 * ------------------------------------------------------------------------------------------------------- */

/** Navigates once rendered (in an effect, as react-router does: the server's render never navigates). */
export function Navigate({ to, replace, state }: { to: To } & NavigateOptions): null {
  const navigate = useNavigate();
  const path = JSON.stringify(resolve(to, useLocation().pathname));
  useEffect(() => navigate(JSON.parse(path) as Path, { replace, state }), [navigate, path, replace, state]);
  return null;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  to: To;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * An <a href> that navigates in the page on a plain left click; a click with a modifier key, or on a link
 * that opens elsewhere (target) or downloads, is left to the browser, as is one an onClick prevented. A link
 * to the address already shown replaces the history entry instead of adding the same one again.
 */
export function Link({ to, replace, state, onClick, ...rest }: LinkProps) {
  const { location, go } = useContext(RouterContext);
  const path = resolve(to, location.pathname);
  const url = href(path);
  return (
    <a
      {...rest}
      href={url}
      onClick={(e) => {
        onClick?.(e);
        if (e.defaultPrevented || e.button || (rest.target && rest.target !== "_self") || rest.download != null || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
        e.preventDefault();
        go(path, replace ?? href(location) === url, state);
      }}
    />
  );
}

export interface NavLinkProps extends Omit<LinkProps, "className"> {
  /** Active only on its own path, not below it. */
  end?: boolean;
  className?: string | ((props: { isActive: boolean; isPending: boolean; isTransitioning: boolean }) => string | undefined);
}

/**
 * A link that knows whether it leads to the current page (or, without `end`, to a path above it): then it has
 * the class "active" (or what a className function returns for isActive) and aria-current="page". Paths are
 * compared encoded and case-insensitively, as react-router compares them.
 */
export function NavLink({ end, className, "aria-current": current = "page", ...rest }: NavLinkProps) {
  const location = useLocation().pathname;
  const pathname = location.toLowerCase();
  const to = new URL(resolve(rest.to, location).pathname, "http://localhost").pathname.toLowerCase();
  const endSlash = to !== "/" && to.endsWith("/") ? to.length - 1 : to.length;
  const isActive = pathname === to || (!end && pathname.startsWith(to) && pathname.charAt(endSlash) === "/");
  return (
    <Link
      {...rest}
      aria-current={isActive ? current : undefined}
      className={typeof className === "function" ? className({ isActive, isPending: false, isTransitioning: false }) : [className, isActive && "active"].filter(Boolean).join(" ")}
    />
  );
}
