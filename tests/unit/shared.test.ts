import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Code both sides need lives in shared/: pure data and pure functions, reached by the client through the `@shared/`
// alias (client/tsconfig.json, vite.config.ts, vitest.config.ts) and by the server by relative path. It goes into the
// browser bundle and the server's render of the public screens alike, so it imports nothing but itself. The server
// never imports the client, nor the client the server.
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

const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;
const clientFiles = files(path.join(root, "client"), SOURCE);
const serverFiles = files(path.join(root, "server"), SOURCE);
const sharedFiles = files(path.join(root, "shared"), SOURCE).filter((f) => !/\.test\.tsx?$/.test(f));

/** `from`'s relative imports that land under `dir` (a top-level folder of the project). */
function importsInto(from: string[], dir: string): string[] {
  return from.flatMap((f) =>
    specifiers(fs.readFileSync(f, "utf8"))
      .filter((spec) => spec.startsWith(".") && rel(path.resolve(path.dirname(f), spec)).startsWith(`${dir}/`))
      .map((spec) => `${rel(f)}: ${spec}`),
  );
}

describe("code shared by server and client", () => {
  it("the client imports neither the server nor shared/ by a relative path, nor the server through an alias", () => {
    expect(clientFiles.length).toBeGreaterThan(100);
    expect(importsInto(clientFiles, "server"), "a rule both sides need goes to shared/").toEqual([]);
    expect(importsInto(clientFiles, "shared"), 'import it as "@shared/<path under shared/>"').toEqual([]);
  });

  it("the server does not import the client", () => {
    expect(serverFiles.length).toBeGreaterThan(100);
    expect(importsInto(serverFiles, "client"), "a rule both sides need goes to shared/").toEqual([]);
  });

  it("shared/ is pure: it imports only shared/, no package, no Node built-in, no process", () => {
    expect(sharedFiles.length).toBeGreaterThan(10);
    const impure: string[] = [];
    for (const file of sharedFiles) {
      const text = fs.readFileSync(file, "utf8");
      for (const spec of specifiers(text)) {
        if (!spec.startsWith(".")) impure.push(`${rel(file)}: imports ${spec}`);
        else if (!rel(path.resolve(path.dirname(file), spec)).startsWith("shared/")) impure.push(`${rel(file)}: imports ${spec}, outside shared/`);
      }
      if (/\bprocess\s*[.[]|\brequire\s*\(|\bBuffer\b|\b__dirname\b|\bimport\.meta\b/.test(text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "")))
        impure.push(`${rel(file)}: uses the Node runtime`);
    }
    expect(impure, "a shared module holds only data and pure functions").toEqual([]);
  });

  it("every module the client reaches through @shared/ is in shared/", () => {
    const missing = clientFiles.flatMap((f) =>
      specifiers(fs.readFileSync(f, "utf8"))
        .filter((spec) => spec.startsWith("@shared/"))
        .filter((spec) => {
          const base = path.join(root, "shared", spec.slice("@shared/".length));
          return ![`${base}.ts`, `${base}.tsx`, base].some((p) => fs.existsSync(p));
        })
        .map((spec) => `${rel(f)}: ${spec}`),
    );
    expect(missing).toEqual([]);
  });
});
