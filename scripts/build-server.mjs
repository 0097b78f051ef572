#!/usr/bin/env node
// The server for production: one ES module (dist/server/main.js) bundled by esbuild from server/main.ts,
// with every npm package left as an import (they are the `dependencies` in package.json), so it runs on
// plain `node` without tsx or any other development tool.
//
// type-graphql reads no decorator metadata here (esbuild emits none, as with tsx): every @Field, @Arg,
// @Query and @Mutation names its type. keepNames keeps class names (the GraphQL type names) as written.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outdir = path.join(root, "dist/server");
const t0 = Date.now();
fs.rmSync(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  // The threads' modules (server/core/threads.ts: labels, business PDFs, route ordering, long SQLite reads) beside main.js.
  entryPoints: {
    main: "server/main.ts",
    "label.worker": "server/modules/label/label.worker.ts",
    "pdf.worker": "server/modules/invoice/pdf.worker.ts",
    "route.worker": "server/modules/dispatch/route.worker.ts",
    "read.worker": "server/db/read.worker.ts",
  },
  outdir: "dist/server",
  // Modules imported dynamically (the invoice PDF stack) become chunks loaded when first used.
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  keepNames: true,
  sourcemap: "linked",
  tsconfig: "tsconfig.json",
  metafile: true,
  logLevel: "warning",
});

// Every package the bundle imports must be a production dependency, or `npm prune --omit=dev` breaks it.
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
const deps = new Set(Object.keys(pkg.dependencies ?? {}));
const imported = new Set();
for (const out of Object.values(result.metafile.outputs)) {
  for (const i of out.imports ?? []) {
    if (!i.external || i.path.startsWith("node:")) continue;
    const parts = i.path.split("/");
    imported.add(i.path.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]);
  }
}
const builtins = new Set((await import("node:module")).builtinModules);
const missing = [...imported].filter((p) => !deps.has(p) && !builtins.has(p)).sort();
if (missing.length) {
  console.error(`build-server: imported at run time but not in dependencies: ${missing.join(", ")}`);
  process.exit(1);
}
fs.writeFileSync(path.join(outdir, "package.json"), JSON.stringify({ type: "module", private: true }) + "\n");
const kb = Math.round(fs.statSync(path.join(outdir, "main.js")).size / 1024);
console.log(`build-server: dist/server/main.js (${kb} KB, ${imported.size} packages imported) in ${Date.now() - t0} ms`);
