import fs from "node:fs";
import path from "node:path";

/**
 * The project's directory (the one holding package.json), found upwards from this module: the same
 * from the sources (server/core) and from the production bundle (dist/server/main.js), so files the
 * server reads at run time (migrations, locales, seed images, the schema) resolve alike in both.
 */
function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, "package.json")) && fs.existsSync(path.join(dir, "prisma"))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no project directory above ${from}`);
  }
}

export const PROJECT_ROOT = findRoot(import.meta.dirname);

/** A path inside the project directory. */
export const projectPath = (...parts: string[]) => path.join(PROJECT_ROOT, ...parts);
