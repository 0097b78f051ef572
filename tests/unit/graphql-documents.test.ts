import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The client's GraphQL documents: one operation (or fragment) a file, named as the file, in a graphql/ folder
// beside the screen or hook that runs it (codegen.yml).
const root = path.resolve(import.meta.dirname, "../..");

function documents(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "generated" ? [] : documents(p);
    return e.name.endsWith(".graphql") ? [path.relative(root, p).split(path.sep).join("/")] : [];
  });
}

describe("the client's GraphQL documents", () => {
  const files = documents(path.join(root, "client"));

  it("hold one operation or fragment each, named as the file, in a graphql/ folder", () => {
    expect(files.length).toBeGreaterThan(60);
    const wrong = files.filter((f) => {
      const names = [...fs.readFileSync(path.join(root, f), "utf8").matchAll(/^(?:query|mutation|subscription|fragment)\s+(\w+)/gm)].map((m) => m[1]);
      return names.length !== 1 || `${names[0]}.graphql` !== path.basename(f) || path.basename(path.dirname(f)) !== "graphql";
    });
    expect(wrong).toEqual([]);
  });
});
