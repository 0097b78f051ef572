import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const README = path.join(root, "README.md");
const docs = fs
  .readdirSync(path.join(root, "docs"))
  .filter((f) => f.endsWith(".md"))
  .map((f) => path.join(root, "docs", f));

/** The README is a way in: explanations and figures go to docs/. 12 KB, counted as 12 000 bytes (whichever KB one means). */
const README_MAX_BYTES = 12_000;

/** Markdown without fenced code blocks and inline code, where a bracket is no link. */
const prose = (md: string) => md.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "").replace(/`[^`\n]*`/g, "``");

/** The relative link targets of a Markdown file (not URLs with a scheme, not pure #anchors). */
function relativeLinks(file: string): string[] {
  const out: string[] = [];
  for (const m of prose(fs.readFileSync(file, "utf8")).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    const target = m[1];
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("#")) continue;
    out.push(target);
  }
  return out;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) =>
  heading
    .replace(/`/g, "")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
const anchors = (file: string) => new Set([...prose(fs.readFileSync(file, "utf8")).matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)].map((m) => slug(m[1])));

describe("README.md and docs/", () => {
  it(`README.md is at most ${README_MAX_BYTES} bytes`, () => {
    expect(fs.statSync(README).size).toBeLessThanOrEqual(README_MAX_BYTES);
  });

  it("the README keeps its two quick-start commands", () => {
    const readme = fs.readFileSync(README, "utf8");
    expect(readme).toContain("npm install && npm start");
    expect(readme).toContain("npm install && npm test");
    expect(readme).toContain("/cp/signup?token=");
  });

  it("docs/ holds the moved documents", () => {
    for (const name of ["configuration", "performance", "security", "api", "tracking", "operations", "development"]) {
      expect(fs.existsSync(path.join(root, "docs", `${name}.md`)), name).toBe(true);
    }
  });

  it("every relative link in README.md and docs/*.md points at an existing file (and heading)", () => {
    const broken: string[] = [];
    for (const file of [README, path.join(root, "ARCHITECTURE.md"), ...docs]) {
      const links = relativeLinks(file);
      for (const link of links) {
        const [target, anchor] = link.split("#");
        const resolved = path.resolve(path.dirname(file), decodeURIComponent(target));
        const where = `${path.relative(root, file)}: ${link}`;
        if (!fs.existsSync(resolved)) broken.push(`${where} (no such file)`);
        else if (anchor && resolved.endsWith(".md") && !anchors(resolved).has(anchor)) broken.push(`${where} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("finds links at all (the check is not vacuous)", () => {
    expect(relativeLinks(README).length).toBeGreaterThan(5);
    expect(relativeLinks(README)).toContain("docs/configuration.md");
  });
});
