// npm run check:openapi: lints the OpenAPI document of /api with Redocly's recommended rules (what API
// consumers lint with), made without a server or a database: the REST routes registered on a bare Fastify,
// the document written to a temporary file. Any error fails; warnings are printed. Extra arguments go
// to `redocly lint` (e.g. --format=summary); --out=FILE keeps the document.
import "reflect-metadata";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import Fastify from "fastify";
import { registerRest } from "../server/rest/index.js";

const app = Fastify({ logger: false });
await app.register(registerRest, { prefix: "/api" });
// The document as GET /api/openapi.json answers it (swagger() lives inside the /api scope).
const answer = await app.inject({ method: "GET", url: "/api/openapi.json" });
if (answer.statusCode !== 200) throw new Error(`GET /api/openapi.json: ${answer.statusCode} ${answer.body.slice(0, 500)}`);
const document = JSON.stringify(answer.json(), null, 2);
await app.close();

const args = process.argv.slice(2);
const out = args.find((a) => a.startsWith("--out="))?.slice("--out=".length);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "courier-openapi-"));
const file = out ? path.resolve(out) : path.join(dir, "openapi.json");
fs.writeFileSync(file, document);

const require = createRequire(import.meta.url);
const pkg = require.resolve("@redocly/cli/package.json");
const { bin } = JSON.parse(fs.readFileSync(pkg, "utf8")) as { bin: string | Record<string, string> };
const cli = path.join(path.dirname(pkg), typeof bin === "string" ? bin : bin.redocly);
const lint = spawnSync(process.execPath, [cli, "lint", file, "--extends=recommended", ...args.filter((a) => !a.startsWith("--out="))], {
  stdio: "inherit",
  // No telemetry or update check: CI reaches no network but the package registries.
  env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
});
fs.rmSync(dir, { recursive: true, force: true });
process.exit(lint.status ?? 1);
