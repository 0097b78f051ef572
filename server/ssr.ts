import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from "fastify";
import type { InProcessGraphql } from "./graphql/server.js";
import { isPrivateRequest } from "./core/http-cache.js";
import { ViewCache } from "./core/cache.js";
import { scriptSafeJson } from "./core/script-json.js";
import { isServerRendered, normalPath, SERVER_STATE_ID } from "../shared/core/routes.codes.js";
import { COOKIE as LANGUAGE_COOKIE, isLanguageCode, type LanguageCode } from "../shared/i18n/languages.js";

/**
 * Server-side rendering of the public first screens (shared/core/routes.codes.ts: isServerRendered): the
 * built render (dist/ssr/entry-server.js, from client/entry-server.tsx) runs the page's GraphQL operations
 * in this process with the page request's context (InProcessGraphql), and its markup goes into #root, with
 * Apollo's cache as JSON for the browser to hydrate with (client/start.tsx) and the screen's stylesheet and
 * chunk linked in <head>. Only for anonymous visitors: a request with a session, a key or a second factor
 * (http-cache.ts isPrivateRequest) gets the page the client renders, as does any render that fails (logged).
 * Off with SSR=false (server/core/config.ts), or when the build has no dist/ssr.
 */

/** What client/entry-server.tsx exports (a built module, loaded at run time). */
interface RenderModule {
  render(o: {
    url: string;
    language: string;
    productName: string;
    execute(op: { query: string; variables: Record<string, unknown>; operationName?: string }): Promise<unknown>;
  }): Promise<{ html: string; state: unknown; file: string | null; lang: { tag: string; dir: "ltr" | "rtl" }; renderMs: number }>;
}

/** Vite's build manifest (dist/client/.vite/manifest.json): a module's chunk, its stylesheets and the chunks it imports. */
type Manifest = Record<string, { file: string; css?: string[]; imports?: string[] }>;

/** Turns the page (template with its meta tags) into the rendered page for this request, or leaves it as it is. */
/** `companyLanguage`: the page's language for a visitor who chose none (the setting, server/modules/settings/company-language.ts). */
export type PageRenderer = (req: FastifyRequest, reply: FastifyReply, page: string, productName: string, companyLanguage: LanguageCode) => Promise<string>;

/** The render, or null when it is off or not built. */
export async function loadPageRenderer(o: {
  enabled: boolean;
  clientDir: string;
  graphql: InProcessGraphql;
  log: FastifyBaseLogger;
  /** Rendered pages kept for identical requests (SSR_PAGES_KEPT); 0: none. */
  pagesKept: number;
  /** Milliseconds of rendering per second (SSR_BUDGET_MS); 0: no bound. */
  budgetMs: number;
}): Promise<PageRenderer | null> {
  if (!o.enabled) return null;
  const entry = path.join(path.dirname(o.clientDir), "ssr", "entry-server.js");
  const manifestFile = path.join(o.clientDir, ".vite", "manifest.json");
  if (!fs.existsSync(entry) || !fs.existsSync(manifestFile)) {
    o.log.warn({ entry }, "server rendering is not built (npm run build): the client renders every page");
    return null;
  }
  // Loaded by the first page it renders, not at start: the render bundle's evaluation stays off the start-up.
  let loading: Promise<RenderModule> | undefined;
  const renderModule = () => (loading ??= import(pathToFileURL(entry).href) as Promise<RenderModule>);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as Manifest;
  const links = new Map<string, string>();
  const kept = new KeptPages(o.pagesKept);
  const budget = renderBudget(o.budgetMs);

  // productName: the company's name (settings), which the page's meta tags carry too (the kept page's check compares the page).
  return async (req, reply, page, productName, companyLanguage) => {
    const url = req.url;
    let pathname: string;
    try {
      pathname = normalPath(decodeURIComponent(url.split("?")[0]));
    } catch {
      return page;
    }
    if (!isServerRendered(pathname) || isPrivateRequest(req)) return page;
    try {
      const query = req.query as Record<string, unknown> | undefined;
      // As the client picks it (client/i18n/load.ts): a known ?lang=, else the cookie's, else the company's.
      const asked = typeof query?.lang === "string" && isLanguageCode(query.lang) ? query.lang : undefined;
      const cookie = req.cookies?.[LANGUAGE_COOKIE];
      const language = asked ?? (cookie !== undefined && isLanguageCode(cookie) ? cookie : companyLanguage);
      const execute = (op: Operation) => o.graphql(req, reply, op);
      const key = `${language}\n${url}`;
      const again = await kept.get(key, page, execute);
      if (typeof again === "string") return again;
      // A flood of distinct pages must not take the process from everyone else: past the budget, the client renders.
      if (!budget.allows()) return page;
      const ops: Kept["ops"] = [];
      const mod = await renderModule();
      const t0 = performance.now();
      const r = await mod.render({
        url,
        language,
        productName,
        execute: async (op) => {
          // An operation the kept page's check has just run for this request is not run (and counted) twice.
          const opKey = JSON.stringify(op);
          const result = again?.has(opKey) ? again.get(opKey)! : await execute(op);
          again?.delete(opKey);
          ops.push({ op, answer: JSON.stringify(result) });
          return result;
        },
      });
      const ms = performance.now() - t0;
      // React's own passes, not the wall time: renders that run at once each wait for the others, and counting
      // that wait spent the budget many times over (a burst of 18 renders charged 27 s: pages went out unrendered).
      budget.spend(r.renderMs);
      o.log.debug({ url, ms: Math.round(ms * 100) / 100, render_ms: Math.round(r.renderMs * 100) / 100 }, "server render");
      let head = "";
      if (r.file) {
        if (!links.has(r.file)) links.set(r.file, assetLinks(manifest, r.file, page));
        head = links.get(r.file)!;
      }
      const out = page
        // The content paints without the scripts: only the small entry comes with the page, at low priority; it
        // asks for the app and the screen's chunk once the page has painted (client/boot.ts), so nothing is
        // preloaded: the app's download would compete with the stylesheets, font and banner. The app's files are
        // named (app-preload) for boot.ts to preload then, all at once, whatever order the entry evaluates them in.
        .replace(/<script type="module" crossorigin src=/g, '<script type="module" crossorigin fetchpriority="low" src=')
        .replace(/<link rel="modulepreload" crossorigin href="([^"]+)">/g, '<meta name="app-preload" content="$1">')
        .replace(/[ \t]*<link rel="modulepreload"[^>]*>\n?/g, "")
        // data-rendered: the first screen paints as it is, without its entrance fade (client/styles/layout.css).
        .replace(/<html lang="[^"]*" dir="[^"]*"/, `<html lang="${r.lang.tag}" dir="${r.lang.dir}" data-rendered`)
        // The start-up graph is in the page's cache: the browser does not fetch it.
        .replace(/[ \t]*<link rel="preload" href="\/api\/graph"[^>]*>\n?/, "")
        // The first screen's banner (its largest paint), asked for before the stylesheets: the render's own
        // preload of it sits in <body>, found only after <head> is read.
        .replace(/<meta charset="UTF-8" \/>/i, (m) => `${m}${bannerPreload(r.html)}`)
        .replace("</head>", `${head}</head>`)
        .replace(
          '<div id="root"></div>',
          () => `<div id="root">${r.html}</div>\n    <script type="application/json" id="${SERVER_STATE_ID}">${scriptSafeJson(r.state)}</script>`,
        );
      kept.set(key, { page, ops, out, at: Date.now() });
      return out;
    } catch (err) {
      req.log.error({ err }, "server rendering failed: the client renders the page");
      return page;
    }
  };
}

type Operation = Parameters<InProcessGraphql>[2];
interface Kept {
  /** The page template it was rendered into (settings change it). */
  page: string;
  /** The operations the render ran, with their answers as JSON. */
  ops: { op: Operation; answer: string }[];
  out: string;
  at: number;
}

/**
 * How long a kept page may be sent again. Its data is checked on every use (the operations' answers); what the
 * render computes from the clock is not: the whole days without news, the next working days a visitor may
 * reschedule to, whether a date needs its year. Those move by the day, so a kept page is at most this late in
 * them. (At 30 s, 500 pages asked for a thousand times a second were rendered again 17 times a second: a third
 * of a slow host's core, and in bursts, as pages rendered together expired together.)
 */
const KEPT_MS = 5 * 60_000;

/**
 * Rendered pages kept by language and address, oldest out past the bound (core/cache.ts). A kept page is sent again only
 * when the same template is asked for and every operation its render ran answers, for this request (its
 * access, limits and second factor, as the render would), exactly what it answered then: a render is a
 * function of those answers. Otherwise the page is rendered anew.
 */
class KeptPages {
  private pages: ViewCache<Kept>;
  constructor(max: number) {
    this.pages = new ViewCache<Kept>(max);
  }

  /** The kept page; or, when an answer changed, what the check's operations answered (by the operation as JSON), for the render to use. */
  async get<A>(key: string, page: string, execute: (op: Operation) => Promise<A>): Promise<string | Map<string, A> | undefined> {
    const k = this.pages.get(key);
    if (!k || k.page !== page || Date.now() - k.at > KEPT_MS) return undefined;
    const answers = await Promise.all(k.ops.map(({ op }) => execute(op)));
    if (!answers.every((a, i) => JSON.stringify(a) === k.ops[i].answer)) return new Map(k.ops.map(({ op }, i) => [JSON.stringify(op), answers[i]]));
    return k.out;
  }

  set(key: string, k: Kept): void {
    this.pages.delete(key);
    this.pages.set(key, k, 0);
  }
}

/**
 * How many seconds of budget may be spent at once (a cold first render, a short burst of visitors). One: a
 * burst of renders holds up the process's other answers for at most about one second's budget (5 s of it,
 * 1.25 s of rendering at once, put the tracking page's p99 at 300 ms in npm run bench).
 */
const BURST_SECONDS = 1;

/**
 * Render time against the budget, as a bucket (0: no bound): it fills with `msPerSecond` each second, holds
 * at most BURST_SECONDS of them, and a render may start while it is not empty. A sustained flood of distinct
 * pages therefore takes at most `msPerSecond` of each second; the rest go out for the client to render.
 */
export function renderBudget(msPerSecond: number, clock: () => number = () => performance.now()) {
  const full = msPerSecond * BURST_SECONDS;
  let left = full;
  let at = clock();
  return {
    allows(): boolean {
      if (msPerSecond <= 0) return true;
      const now = clock();
      left = Math.min(full, left + ((now - at) / 1000) * msPerSecond);
      at = now;
      return left > 0;
    },
    spend(ms: number): void {
      left -= ms;
    },
  };
}

/**
 * The stylesheets of a screen's module (and of the chunks it imports), as <link>s for <head>, without what
 * the page links already: the screen paints styled. Its scripts are asked for after the first paint (boot.ts).
 */
function assetLinks(manifest: Manifest, file: string, page: string): string {
  const css = new Set<string>();
  const seen = new Set<string>();
  const walk = (key: string) => {
    const m = manifest[key];
    if (!m || seen.has(key)) return;
    seen.add(key);
    m.css?.forEach((c) => css.add(c));
    m.imports?.forEach(walk);
  };
  walk(file);
  const absent = (f: string) => !page.includes(`/${f}"`);
  // The screen's chunk and the chunks it imports, for boot.ts to preload with the app's (see app-preload above).
  const scripts = [...seen].map((k) => manifest[k].file).filter((f) => f.endsWith(".js"));
  return (
    [...css]
      .filter(absent)
      .map((f) => `<link rel="stylesheet" crossorigin href="/${f}">\n`)
      .join("") +
    scripts
      .filter(absent)
      .map((f) => `<meta name="app-preload" content="/${f}">\n`)
      .join("")
  );
}

/** A <head> preload for the image the render preloads at high priority (the screen's banner), or nothing. */
function bannerPreload(html: string): string {
  const href = /<link rel="preload" as="image" href="([^"]+)" fetchPriority="high"\/>/.exec(html)?.[1];
  return href ? `\n    <link rel="preload" as="image" href="${href}" fetchpriority="high">` : "";
}

/** The CSP hashes of the page's own inline scripts (index.html's theme script), which the page's policy allows. */
export function inlineScriptHashes(page: string): string[] {
  return [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => `'sha256-${crypto.createHash("sha256").update(m[1], "utf8").digest("base64")}'`);
}
