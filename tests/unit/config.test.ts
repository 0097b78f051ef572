import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ENV_VARS, loadConfig, readEnv, type EnvName } from "../../server/core/config.js";
import { CONFIG_DOC, configDoc } from "../../scripts/config-docs.js";

const root = path.resolve(import.meta.dirname, "../..");
const CONFIG_MODULE = "server/core/config.ts";

/**
 * Server files that may read process.env beside the config module, each with its reason.
 * Tests next to the code (`*.test.ts`) are not the server: they set variables for the code under test.
 */
const ALLOWED: Record<string, string> = {};

/** Any way of reaching the environment: process.env, process["env"], { env } = process, import from "process". */
const READS_ENV = [
  /\bprocess\s*(\.|\?\.)\s*env\b/,
  /\bprocess\s*\[\s*["'`]env["'`]\s*\]/,
  /\{[^}]*\benv\b[^}]*\}\s*=\s*process\b/,
  /from\s+["'](node:)?process["']/,
];

function serverFiles(dir = path.join(root, "server")): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== "generated" && e.name !== "node_modules") out.push(...serverFiles(p));
    } else if (/\.(ts|tsx|mts|js|mjs)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) out.push(p);
  }
  return out;
}

describe("configuration", () => {
  it("docs/configuration.md is what scripts/config-docs.ts writes from the declarations", () => {
    expect(fs.readFileSync(CONFIG_DOC, "utf8")).toBe(configDoc());
  });

  it("every declared variable has a row in docs/configuration.md", () => {
    const doc = fs.readFileSync(CONFIG_DOC, "utf8");
    for (const name of Object.keys(ENV_VARS)) expect(doc, name).toContain(`| \`${name}\` |`);
  });

  it("no server file outside server/core/config.ts reads process.env", () => {
    const files = serverFiles();
    expect(files.length).toBeGreaterThan(50);
    const offenders = files
      .map((f) => path.relative(root, f).split(path.sep).join("/"))
      .filter((f) => f !== CONFIG_MODULE && !(f in ALLOWED))
      .filter((f) => READS_ENV.some((re) => re.test(fs.readFileSync(path.join(root, f), "utf8"))));
    expect(offenders, "read the variable with readEnv() from server/core/config.ts after declaring it in ENV_VARS").toEqual([]);
  });

  it("the config module reads process.env only in its two readers", () => {
    const source = fs.readFileSync(path.join(root, CONFIG_MODULE), "utf8");
    const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
    expect(code.match(/process\.env/g)).toHaveLength(2);
    expect(source).toMatch(/export function rawEnv\(name: EnvName\): string \| undefined \{\n {2}return process\.env\[name\];/);
  });
});

describe("readEnv keeps each variable's parsing", () => {
  const saved = new Map<string, string | undefined>();
  const set = (name: EnvName, v: string | undefined) => {
    if (!saved.has(name)) saved.set(name, process.env[name]);
    if (v === undefined) delete process.env[name];
    else process.env[name] = v;
  };
  afterEach(() => {
    for (const [k, v] of saved) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    saved.clear();
  });

  it("defaults when unset", () => {
    for (const n of [
      "PORT",
      "DATABASE_URL",
      "SSR",
      "WEBHOOK_ALLOW_PRIVATE",
      "RATE_LIMIT_TRACKING",
      "PARCEL_CACHE_SIZE",
      "STALE_AFTER_DAYS",
      "SMTP_URL",
    ] as const)
      set(n, undefined);
    expect(readEnv("PORT")).toBe(4000);
    expect(readEnv("DATABASE_URL")).toBe("file:./data/courier.db");
    expect(readEnv("SSR")).toBe(true);
    expect(readEnv("WEBHOOK_ALLOW_PRIVATE")).toBe(false);
    expect(readEnv("RATE_LIMIT_TRACKING")).toBe(120);
    expect(readEnv("PARCEL_CACHE_SIZE")).toBe(50_000);
    expect(readEnv("STALE_AFTER_DAYS")).toBe(5);
    expect(readEnv("SMTP_URL")).toBe("");
  });

  it("parses each kind as the code did before the declarations", () => {
    set("PORT", "");
    expect(readEnv("PORT")).toBe(4000);
    set("PORT", "nope");
    expect(() => readEnv("PORT")).toThrow("PORT must be a number");
    set("RATE_LIMIT_TRACKING", "0");
    expect(readEnv("RATE_LIMIT_TRACKING")).toBe(120);
    set("RATE_LIMIT_TRACKING", "2.5");
    expect(readEnv("RATE_LIMIT_TRACKING")).toBe(2.5);
    set("STALE_AFTER_DAYS", "2.5");
    expect(readEnv("STALE_AFTER_DAYS")).toBe(5);
    set("PARCEL_CACHE_SIZE", "0");
    expect(readEnv("PARCEL_CACHE_SIZE")).toBe(0);
    set("SSR", "no");
    expect(readEnv("SSR")).toBe(true);
    set("SSR", "false");
    expect(readEnv("SSR")).toBe(false);
    set("WEBHOOK_ALLOW_PRIVATE", "1");
    expect(readEnv("WEBHOOK_ALLOW_PRIVATE")).toBe(false);
    set("WEBHOOK_ALLOW_PRIVATE", "true");
    expect(readEnv("WEBHOOK_ALLOW_PRIVATE")).toBe(true);
  });

  it("loadConfig keeps its derived values", () => {
    set("PUBLIC_URL", "https://track.example.com//");
    set("LOG_LEVEL", undefined);
    set("TRACKING_PREFIX", "--");
    const c = loadConfig();
    expect(c.publicUrl).toBe("https://track.example.com");
    expect(c.secureCookies).toBe(true);
    expect(c.logLevel).toBe(process.env.NODE_ENV === "test" ? "silent" : "info");
    expect(c.trackingPrefix).toBe("CR");
  });
});
