// What the server-render tests share: the built client they serve, and the state a rendered page carries.
import fs from "node:fs";
import path from "node:path";

export const CLIENT_DIR = path.resolve("dist/client");
/** The carried state of a rendered page (absent from the page the client renders). */
export const STATE = /<script type="application\/json" id="ssr-state">([\s\S]*?)<\/script>/;

/** Fails when dist/client and dist/ssr are not built (scripts/test-setup.mjs builds them). */
export function requireBuiltRender(): void {
  const built = fs.existsSync(path.resolve("dist/ssr/entry-server.js")) && fs.existsSync(path.join(CLIENT_DIR, ".vite/manifest.json"));
  if (!built) throw new Error("dist/client and dist/ssr are not built: run scripts/test-setup.mjs (or npm run build) first");
}
