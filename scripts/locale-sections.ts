import fs from "node:fs";
import type { Plugin } from "vite";

/**
 * The groups of texts (top-level keys of a locale file) only the home screen shows. English's are the
 * app's fallback and come with it; these groups of English come with the home screen instead
 * (`en.json?home`, added by client/pages/HomePage.tsx), so no other page carries them (about 3 KB gzipped).
 * Other languages load their whole file, once, as their own chunk.
 */
export const HOME_SECTIONS = ["hero", "services", "qualities", "slider", "about", "experience", "testimonials", "portfolio", "faq"];

/**
 * The build's (and the tests') loader for `<locale>.json?home` and `<locale>.json?shared`: the file's home
 * groups, or all the others. The locale files stay one file per language for the translators.
 */
export function localeSections(): Plugin {
  const PREFIX = "\0locale-sections:";
  return {
    name: "courier:locale-sections",
    enforce: "pre",
    async resolveId(source, importer) {
      const m = /^(.+\.json)\?(home|shared)$/.exec(source);
      if (!m) return null;
      const file = await this.resolve(m[1], importer, { skipSelf: true });
      // Not ending in .json: Vite's own JSON loader would take it.
      return file ? `${PREFIX}${m[2]}:${file.id}:texts.js` : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const [part, ...rest] = id.slice(PREFIX.length, -":texts.js".length).split(":");
      const file = rest.join(":");
      this.addWatchFile(file);
      const all = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>;
      const picked = Object.fromEntries(Object.entries(all).filter(([k]) => HOME_SECTIONS.includes(k) === (part === "home")));
      return `export default ${JSON.stringify(picked)};`;
    },
  };
}
