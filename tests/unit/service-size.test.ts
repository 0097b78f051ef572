import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** style.md: no god services. A service file past this many lines is split by what its parts do. */
const MAX_LINES = 450;

function services(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? services(p) : e.name.endsWith(".service.ts") ? [p] : [];
  });
}

describe("the service layer", () => {
  it(`has no service file over ${MAX_LINES} lines`, () => {
    const files = services("server/modules");
    expect(files.length).toBeGreaterThan(20);
    const long = files.map((f) => [f, fs.readFileSync(f, "utf8").split("\n").length] as const).filter(([, n]) => n > MAX_LINES);
    expect(long).toEqual([]);
  });
});
