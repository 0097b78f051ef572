import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";

/**
 * A thread for work that would otherwise hold every other request of the process: label PDFs, route
 * ordering, long SQLite reads, business PDFs. Piscina's pool of one thread (or `maxThreads`), started at
 * the first task and ended after a minute without one (an idle thread does not keep the process alive);
 * tasks wait their turn.
 *
 * `worker` is the worker module's name beside `caller` (the caller's import.meta.url), its default
 * export the task's function. The build (scripts/build-server.mjs) puts `<worker>.js` beside the
 * server's bundle; the sources (tsx, vitest) run `<worker>.ts` through thread-tsx.mjs, which registers
 * tsx in the thread before loading it.
 */
export function thread(caller: string, worker: string, maxThreads = 1): Piscina {
  const source = caller.endsWith(".ts");
  // In the build the caller may be in a shared chunk (dist/server/chunks/): the worker is beside main.js.
  const file = source ? new URL(`./${worker}.ts`, caller) : [`./${worker}.js`, `../${worker}.js`].map((f) => new URL(f, caller)).find((u) => fs.existsSync(u));
  if (!file) throw new Error(`${worker}.js is not beside the server's bundle`);
  return new Piscina({
    filename: fileURLToPath(source ? new URL("./thread-tsx.mjs", import.meta.url) : file),
    workerData: source ? file.href : undefined,
    minThreads: 0,
    maxThreads,
    idleTimeout: 60_000,
  });
}

/** A pool made when first asked for. */
export function lazyThread(caller: string, worker: string, maxThreads = 1): () => Piscina {
  let pool: Piscina | undefined;
  return () => (pool ??= thread(caller, worker, maxThreads));
}
