import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * No import cycle among the server's modules (server/ and shared/): features react to each other's
 * events (server/core/events.ts) instead of calling each other round in a circle. Every import counts:
 * static imports and re-exports, type-only ones too (a type cycle ties two designs together just the
 * same), and import() of a literal path. A cycle is reported with its files and one path round it.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const SCANNED = ["server", "shared"];

/** Cycles left on purpose, by their files (sorted, joined with " "), each with the reason. */
const ALLOWED: Record<string, string> = {
  "server/db/direct.ts server/db/read.worker.ts":
    "type-only: direct.ts names the reader thread's job type (import type ReadJob); at run time only the worker imports direct.ts",
};

type Graph = Map<string, string[]>;

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) {
      if (!["generated", "node_modules"].includes(e.name)) out.push(...sources(rel));
    } else if (/\.(?:ts|tsx|mts)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith(".d.ts")) out.push(rel);
  }
  return out;
}

/** The module specifiers a file imports: imports, re-exports (type-only included) and import("literal"). */
function specifiers(file: string, text: string): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const out: string[] = [];
  const visit = (n: ts.Node) => {
    if ((ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) && n.moduleSpecifier && ts.isStringLiteral(n.moduleSpecifier))
      out.push(n.moduleSpecifier.text);
    else if (ts.isImportEqualsDeclaration(n) && ts.isExternalModuleReference(n.moduleReference) && ts.isStringLiteral(n.moduleReference.expression))
      out.push(n.moduleReference.expression.text);
    else if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword && n.arguments[0] && ts.isStringLiteralLike(n.arguments[0]))
      out.push(n.arguments[0].text);
    else if (ts.isImportTypeNode(n) && ts.isLiteralTypeNode(n.argument) && ts.isStringLiteral(n.argument.literal)) out.push(n.argument.literal.text);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

/** The file a relative specifier names ("./x.js" is x.ts), or null for a package or a file outside the scan. */
function resolve(from: string, spec: string, files: Set<string>): string | null {
  if (!spec.startsWith(".")) return null;
  const p = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  const base = p.replace(/\.(?:js|mjs|jsx)$/, "");
  return [p, `${base}.ts`, `${base}.tsx`, `${base}.mts`, `${p}.ts`, `${p}/index.ts`].find((c) => files.has(c)) ?? null;
}

function importGraph(): Graph {
  const files = SCANNED.flatMap(sources);
  const known = new Set(files);
  const graph: Graph = new Map();
  for (const f of files) {
    const to = specifiers(f, fs.readFileSync(path.join(ROOT, f), "utf8"))
      .map((s) => resolve(f, s, known))
      .filter((t): t is string => t !== null);
    graph.set(f, [...new Set(to)]);
  }
  return graph;
}

/** The strongly connected components with a cycle (Tarjan), each as its sorted files and one path round it. */
function cycles(graph: Graph): { files: string[]; path: string[] }[] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const part: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      part.push(w);
    } while (w !== v);
    if (part.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(part.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) connect(v);
  return found.map((files) => ({ files, path: roundTrip(graph, files) }));
}

/** The shortest path from the component's first file back to itself, inside the component. */
function roundTrip(graph: Graph, files: string[]): string[] {
  const inside = new Set(files);
  const start = files[0];
  const from = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const w of graph.get(v) ?? []) {
      if (!inside.has(w)) continue;
      if (w === start) {
        const trip = [start];
        for (let x: string | undefined = v; x !== undefined && x !== start; x = from.get(x)) trip.splice(1, 0, x);
        return [...trip, start];
      }
      if (!from.has(w)) {
        from.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}

const describeCycle = (c: { files: string[]; path: string[] }) => `${c.files.length} files: ${c.path.join(" -> ")}\n    (${c.files.join(", ")})`;

describe("import cycles among the server's modules", () => {
  const graph = importGraph();

  it("there are none but the allowed ones", () => {
    expect(graph.size).toBeGreaterThan(200);
    expect(graph.get("server/modules/parcel/parcel.events.ts")).toContain("server/core/events.ts");
    const found = cycles(graph).filter((c) => !ALLOWED[c.files.join(" ")]);
    expect(
      found.map(describeCycle),
      "a feature reacts to another's events (server/core/events.ts) or reads through its public read functions; see docs/development.md",
    ).toEqual([]);
  });

  it("core/ imports no feature: features import core (their events' channel too), never the reverse", () => {
    const up = [...graph].flatMap(([from, to]) =>
      from.startsWith("server/core/") ? to.filter((t) => t.startsWith("server/modules/")).map((t) => `${from} -> ${t}`) : [],
    );
    expect(up).toEqual([]);
  });

  it("every allowed cycle is still there (a cycle gone leaves the list)", () => {
    const present = new Set(cycles(graph).map((c) => c.files.join(" ")));
    for (const key of Object.keys(ALLOWED)) expect(present.has(key), key).toBe(true);
  });

  it("finds a cycle an import would close, and names its files", () => {
    const g: Graph = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts", "d.ts"]],
      ["c.ts", []],
      ["d.ts", []],
    ]);
    expect(cycles(g)).toEqual([]);
    g.set("c.ts", ["a.ts"]);
    g.set("d.ts", ["d.ts"]);
    expect(cycles(g)).toEqual([
      { files: ["d.ts"], path: ["d.ts", "d.ts"] },
      { files: ["a.ts", "b.ts", "c.ts"], path: ["a.ts", "b.ts", "c.ts", "a.ts"] },
    ]);
    // Issue 35's cycle, closed again by the import parcel.writes.ts had of dispatch's stop settling (then dispatch.service.ts).
    const real = new Map(graph);
    real.set("server/modules/parcel/parcel.writes.ts", [...graph.get("server/modules/parcel/parcel.writes.ts")!, "server/modules/dispatch/dispatch.day.ts"]);
    const closed = cycles(real).find((c) => c.files.includes("server/modules/parcel/parcel.writes.ts"));
    expect(closed?.path.at(0)).toBe(closed?.path.at(-1));
    expect(closed?.files).toEqual(expect.arrayContaining(["server/modules/dispatch/dispatch.day.ts", "server/modules/parcel/parcel.writes.ts"]));
  });

  it("counts every kind of import", () => {
    const text = [
      `import a from "./a.js";`,
      `import type { B } from "./b.js";`,
      `import { type C } from "./c.js";`,
      `export { d } from "./d.js";`,
      `export type * from "./e.js";`,
      `const f = await import("./f.js");`,
      `let g: import("./g.js").G;`,
      `// import h from "./h.js";`,
    ].join("\n");
    expect(specifiers("x.ts", text)).toEqual(["./a.js", "./b.js", "./c.js", "./d.js", "./e.js", "./f.js", "./g.js"]);
  });
});
