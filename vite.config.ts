import path from "node:path";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";

/**
 * The entry (client/main.tsx) is small and imports the app (client/start.tsx) dynamically, so the first
 * screen's requests leave before the app is evaluated. The app chunk and the chunks it imports are
 * preloaded from the page itself: they download alongside the entry instead of after it.
 */
function preloadApp(): Plugin {
  return {
    name: "courier:preload-app",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        const bundle = ctx.bundle;
        const entry = ctx.chunk;
        if (!bundle || !entry) return html;
        const app = entry.dynamicImports.map((f) => bundle[f]).find((c) => c?.type === "chunk" && c.moduleIds.includes(appId));
        if (!app || app.type !== "chunk") return html;
        const files = new Set<string>();
        const walk = (file: string) => {
          const c = bundle[file];
          if (files.has(file) || !c || c.type !== "chunk") return;
          files.add(file);
          c.imports.forEach(walk);
        };
        walk(app.fileName);
        files.delete(entry.fileName);
        entry.imports.forEach((f) => files.delete(f));
        const links = [...files].map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join("\n    ");
        return html.replace("</head>", `  ${links}\n  </head>`);
      },
    },
  };
}

/**
 * Everything the app (client/start.tsx) imports statically, apart from what the entry itself imports, goes into
 * the app's chunks: otherwise the modules that screens share with it (React, the router, the translations, the
 * layout) would be split into many small chunks, each its own request. The packages go into two chunks of their
 * own (APP_STAGES: React; Apollo, i18next, the router and the rest), which the entry evaluates one by one, each in
 * a task of its own, before the app's own code (client/main.tsx): evaluated together with it they were one task of
 * 8-26 ms on this machine's CPU, a long task on a phone. Each more chunk costs about 0.3 KB of the script budget.
 */
const entryId = path.resolve(import.meta.dirname, "client/main.tsx");
const appId = path.resolve(import.meta.dirname, "client/start.tsx");
const stage = (name: string) => path.resolve(import.meta.dirname, `client/stages/${name}.ts`);
/**
 * Chunk name, the stage module (client/stages/) that evaluates it, and the packages it holds, in the order the entry
 * evaluates them (client/main.tsx): a chunk may import from the ones before it, never from a later one or the app's
 * (a cycle would evaluate the app's code before the packages it uses). Every package the app imports but React's
 * goes into "libs" (Apollo Client, graphql, i18next, react-i18next, React Router, rehackt...).
 */
export const APP_STAGES: { chunk: string; module: string; packages: RegExp }[] = [
  { chunk: "react", module: stage("react"), packages: /\/node_modules\/(react|react-dom|scheduler)\// },
  { chunk: "libs", module: stage("libs"), packages: /\/node_modules\// },
];
/** Package files only screens use (react-i18next's <Trans> and the HTML parser it brings): see appChunk. */
const SCREEN_ONLY =
  /\/node_modules\/(react-i18next\/dist\/es\/(Icu)?Trans(WithoutContext)?\.js|react-i18next\/dist\/es\/IcuTransUtils\/|html-parse-stringify\/|void-elements\/)/;
let appModules: Set<string> | null = null;
function appChunk(id: string, ctx: { getModuleInfo(id: string): { importedIds: readonly string[] } | null }): string | null {
  if (!appModules) {
    const reach = (from: string) => {
      const seen = new Set<string>();
      const todo = [from];
      while (todo.length) {
        const m = todo.pop()!;
        if (seen.has(m)) continue;
        seen.add(m);
        ctx.getModuleInfo(m)?.importedIds.forEach((i) => todo.push(i));
      }
      return seen;
    };
    const entry = reach(entryId);
    appModules = new Set([...reach(appId)].filter((m) => !entry.has(m)));
  }
  const own = APP_STAGES.find((g) => g.module === id);
  if (own) return own.chunk;
  if (!appModules.has(id)) return null;
  const file = id.replace(/\\/g, "/");
  // Parts of a package the public screens never use stay with the screens that do (the control panel's <Trans>):
  // reachable through the package's index, they would otherwise be kept in "libs", on every public first load.
  if (SCREEN_ONLY.test(file)) return null;
  // "libs" takes every package React's does not.
  const s = APP_STAGES.find((g) => g.packages.test(file));
  if (s) return s.chunk;
  return appModules.has(id) ? "start" : null;
}

/**
 * The build fails when a stage's chunk imports from a later stage's or from the app's: the entry would then
 * evaluate the app's code before the packages it uses (a package left in the app's chunk did that: rehackt).
 */
function stageOrder(): Plugin {
  return {
    name: "courier:stage-order",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === "chunk");
      const fileOf = (name: string) => chunks.find((c) => c.name === name)?.fileName;
      const start = fileOf("start");
      APP_STAGES.forEach((s, i) => {
        const chunk = chunks.find((c) => c.name === s.chunk);
        if (!chunk) return;
        const later = [...APP_STAGES.slice(i + 1).map((l) => fileOf(l.chunk)), start].filter(Boolean);
        const wrong = chunk.imports.filter((f) => later.includes(f));
        if (wrong.length) this.error(`the "${s.chunk}" chunk imports ${wrong.join(", ")}: move the package to an earlier stage (vite.config.ts APP_STAGES)`);
      });
    },
  };
}

/**
 * V8's explicit compile hint (Chrome 136+): a chunk whose first line is `//# allFunctionsCalledOnLoad` has all its
 * functions compiled on the background thread that streams it, instead of each one on the main thread at its first
 * call. The app's chunks (APP_STAGES and start) are mostly run while a page loads: on the tracking page at 4x their
 * lazy compiles were about a quarter of the main thread's CPU (docs/frontend.md, issue 40); so are the entry's and
 * the public first screens' (home, tracking, content page). Other browsers read a comment. Added after minification,
 * which drops comments.
 */
function compileHints(): Plugin {
  const eager = new Set([...APP_STAGES.map((s) => s.chunk), "start"]);
  const firstScreens = ["HomePage", "TrackPage", "ContentPage"].map((p) => path.resolve(import.meta.dirname, `client/pages/${p}.tsx`));
  return {
    name: "courier:compile-hints",
    apply: "build",
    enforce: "post",
    generateBundle(_options, bundle) {
      for (const c of Object.values(bundle))
        if (c.type === "chunk" && (c.isEntry || eager.has(c.name) || firstScreens.includes(c.facadeModuleId ?? "")))
          c.code = `//# allFunctionsCalledOnLoad\n${c.code}`;
    },
  };
}

/**
 * `@shared/...` is shared/: the rules server and client both need (`*.codes.ts`, some `*.rules.ts`): pure data,
 * no Node imports (tests/unit/shared.test.ts). The same alias is in client/tsconfig.json and vitest.config.ts.
 */
const sharedAlias = [{ find: /^@shared\//, replacement: `${path.resolve(import.meta.dirname, "shared")}/` }];

/**
 * React Router ships a production build (dist/production: its development warnings off, so the minifier drops them)
 * but its package's exports point every condition at dist/development (remix-run/react-router#14102, open; #12437
 * calls it temporary). A build takes the production files, as it takes React's production build.
 */
const routerDist = path.resolve(import.meta.dirname, "node_modules/react-router/dist/production");
const routerProduction = [
  { find: /^react-router$/, replacement: `${routerDist}/index.mjs` },
  { find: /^react-router\/dom$/, replacement: `${routerDist}/dom-export.mjs` },
];

/**
 * EARLY_REQUESTS=off builds the client without the tracking page's early look-up (client/modules/graph/earlyLookUp.ts,
 * which boot.ts sends before the app has loaded): the module is left out, whatever it imports with it, and the
 * screen asks through Apollo's persisted-query link once its chunk has run, as every other query does. On by
 * default; the switch measures the part against the library alone (docs/adr/0005-early-requests.md). The module
 * is replaced rather than its call turned off, so the build is the one the project would have without it (a module
 * the entry imports but no longer uses changes how the bundler splits the entry).
 */
const earlyLookUpId = path.resolve(import.meta.dirname, "client/modules/graph/earlyLookUp.ts");
function earlyRequestsSwitch(): Plugin | false {
  if (process.env.EARLY_REQUESTS !== "off") return false;
  return {
    name: "courier:early-requests-off",
    enforce: "pre",
    load: (id) => (id === earlyLookUpId ? "export function sendEarlyLookUp() {}" : null),
  };
}

// The client lives in client/ and builds to dist/client, which the server serves; its manifest tells the server
// which stylesheet and chunk a screen has (server/ssr.ts). `vite build --ssr` builds the server's render of the
// public screens (client/entry-server.tsx) into dist/ssr: one self-contained module, every package bundled in,
// so it runs after `npm prune --omit=dev`.
export default defineConfig(({ command, isSsrBuild }) => ({
  root: "client",
  resolve: { alias: command === "build" ? [...sharedAlias, ...routerProduction] : sharedAlias },
  publicDir: isSsrBuild ? false : "public",
  plugins: isSsrBuild ? [react()] : [react(), preloadApp(), stageOrder(), compileHints(), earlyRequestsSwitch()],
  // Apollo Client's development-only checks and warnings stay out of the production build (its documented switch).
  define: command === "build" ? { "globalThis.__DEV__": "false", ...(isSsrBuild ? { "process.env.NODE_ENV": JSON.stringify("production") } : {}) } : {},
  ssr: { noExternal: true },
  build: isSsrBuild
    ? { ssr: "entry-server.tsx", outDir: "../dist/ssr", emptyOutDir: true, sourcemap: false, target: "node20", copyPublicDir: false }
    : {
        outDir: "../dist/client",
        emptyOutDir: true,
        sourcemap: false,
        manifest: true,
        chunkSizeWarningLimit: 600,
        // No polyfill of <link rel="modulepreload"> in the entry (0.3 KB of every page's script): a browser without it
        // (Safari before 17) loads the same modules, only without the head start.
        modulePreload: { polyfill: false },
        rolldownOptions: { output: { codeSplitting: { groups: [{ name: appChunk, includeDependenciesRecursively: false }] } } },
      },
  server: {
    proxy: { "/api": "http://localhost:4000", "/graphql": "http://localhost:4000", "/uploads": "http://localhost:4000" },
  },
}));
