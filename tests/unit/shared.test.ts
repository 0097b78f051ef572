import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The client reaches server code only through the `@shared/` alias (server/, configured in client/tsconfig.json,
// vite.config.ts and vitest.config.ts), and only modules that are pure data: they go into the browser bundle and
// the server's render of the public screens alike.
const root = path.resolve(import.meta.dirname, "../..");
const rel = (f: string) => path.relative(root, f).split(path.sep).join("/");

function files(dir: string, match: RegExp): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== "generated" && e.name !== "node_modules") out.push(...files(p, match));
    } else if (match.test(e.name)) out.push(p);
  }
  return out;
}

/** The module specifiers of a source file: static imports and re-exports, dynamic imports. */
function specifiers(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  return [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g)].map((m) => m[1]);
}

/** A server module's file from a specifier relative to `from`, the server's `.js` spelling or none. */
function serverFile(from: string, spec: string): string {
  const base = path.resolve(path.dirname(from), spec).replace(/\.js$/, "");
  const found = [`${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")].find((f) => fs.existsSync(f));
  if (!found) throw new Error(`${rel(from)}: cannot resolve ${spec}`);
  return found;
}

const clientFiles = files(path.join(root, "client"), /\.(ts|tsx|mts|js|mjs)$/);
const serverDir = path.join(root, "server");

/** Every server file the client imports through `@shared/`, and the server files those import in turn. */
function sharedModules(): Map<string, string[]> {
  const seen = new Map<string, string[]>();
  const todo: { file: string; by: string }[] = [];
  for (const f of clientFiles)
    for (const spec of specifiers(fs.readFileSync(f, "utf8")))
      if (spec.startsWith("@shared/")) todo.push({ file: serverFile(path.join(serverDir, "x"), `./${spec.slice("@shared/".length)}`), by: rel(f) });
  while (todo.length) {
    const { file, by } = todo.pop()!;
    const key = rel(file);
    if (seen.has(key)) {
      seen.get(key)!.push(by);
      continue;
    }
    seen.set(key, [by]);
    for (const spec of specifiers(fs.readFileSync(file, "utf8"))) if (spec.startsWith(".")) todo.push({ file: serverFile(file, spec), by: key });
  }
  return seen;
}

describe("code shared by server and client", () => {
  it("no client file imports the server by a relative path", () => {
    expect(clientFiles.length).toBeGreaterThan(100);
    const offenders = clientFiles.flatMap((f) =>
      specifiers(fs.readFileSync(f, "utf8"))
        .filter((spec) => spec.startsWith(".") && rel(path.resolve(path.dirname(f), spec)).startsWith("server/"))
        .map((spec) => `${rel(f)}: ${spec}`),
    );
    expect(offenders, 'import it as "@shared/<path under server/>"').toEqual([]);
  });

  it("what the client imports through @shared/ is pure: no packages, no Node built-ins, no process, nothing outside server/", () => {
    const shared = sharedModules();
    expect(shared.size).toBeGreaterThan(10);
    const impure: string[] = [];
    for (const [file, by] of shared) {
      const text = fs.readFileSync(path.join(root, file), "utf8");
      if (!file.startsWith("server/")) impure.push(`${file} (from ${by.join(", ")}): outside server/`);
      for (const spec of specifiers(text)) if (!spec.startsWith(".")) impure.push(`${file} (from ${by.join(", ")}): imports ${spec}`);
      if (/\bprocess\s*[.[]|\brequire\s*\(|\bBuffer\b|\b__dirname\b|\bimport\.meta\b/.test(text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "")))
        impure.push(`${file} (from ${by.join(", ")}): uses the Node runtime`);
    }
    expect(impure, "a module the client imports holds only data and pure functions, importing only other such modules").toEqual([]);
  });
});
