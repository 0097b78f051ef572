// When the build in dist/ is older than its sources (or missing): read by scripts/build-if-stale.mjs (`npm start`)
// and by the tests' servers (tests/helpers/site.ts), which run the build when it is current.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outputs = ["dist/server/main.js", "dist/client/index.html", "dist/ssr/entry-server.js"].map((f) => path.join(root, f));
const inputs = ["server", "shared", "client", "prisma/seed.ts", "prisma/seed-assets", "package.json", "package-lock.json", "vite.config.ts", "tsconfig.json"];
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

/** The build's state: `built` is 0 when there is none; `current` when no source is newer than it. */
export function buildState() {
  const built = Math.min(...outputs.map((f) => (fs.existsSync(f) ? fs.statSync(f).mtimeMs : 0)));
  const source = Math.max(...inputs.map((p) => newest(path.join(root, p))));
  return { built, current: built > 0 && built >= source };
}
