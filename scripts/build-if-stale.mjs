#!/usr/bin/env node
// `npm start`: builds (npm run build) only when the build is missing or a source is newer than it, so a
// fresh clone runs `npm install && npm start` and a built deployment starts at once.
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildState } from "./build-state.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { built, current } = buildState();
if (current) process.exit(0);

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
