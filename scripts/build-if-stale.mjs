#!/usr/bin/env node
// `npm start`: builds (npm run build) only when the build is missing or a source is newer than it, so a
// fresh clone runs `npm install && npm start` and a built deployment starts at once.
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outputs = ["dist/server/main.js", "dist/client/index.html", "dist/ssr/entry-server.js"].map((f) => path.join(root, f));
const inputs = ["server", "client", "prisma/seed.ts", "prisma/seed-assets", "package.json", "package-lock.json", "vite.config.ts", "tsconfig.json"];
const SKIP = /(^|\/)(node_modules|\.vite)(\/|$)|\.test\.tsx?$/;

function newest(p) {
  let st;
  try {
    st = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return SKIP.test(p) ? 0 : st.mtimeMs;
  let m = 0;
  for (const e of fs.readdirSync(p)) m = Math.max(m, newest(path.join(p, e)));
  return m;
}

const built = Math.min(...outputs.map((f) => (fs.existsSync(f) ? fs.statSync(f).mtimeMs : 0)));
const source = Math.max(...inputs.map((p) => newest(path.join(root, p))));
if (built > 0 && built >= source) process.exit(0);

const why = built === 0 ? "no build yet" : "sources changed since the last build";
if (!fs.existsSync(path.join(root, "node_modules/.bin/vite")) || !fs.existsSync(path.join(root, "node_modules/esbuild"))) {
  // A production install without the build tools: serve the build that is there, if any.
  if (built > 0) {
    console.warn(`start: ${why}, but the build tools are not installed (npm ci --omit=dev): serving the existing build`);
    process.exit(0);
  }
  console.error("start: no build in dist/ and no build tools installed: run `npm ci && npm run build` first");
  process.exit(1);
}
console.log(`start: ${why}: npm run build`);
try {
  execSync("npm run build", { cwd: root, stdio: "inherit" });
} catch (e) {
  process.exit(e.status || 1);
}
