import { Worker } from "node:worker_threads";
import { readEnv } from "../../core/config.js";
import { greatCircleMatrix, orderRound, type Point } from "./route.order.js";
import type { RouteJob } from "./route.worker.js";

/** How long the routing server may take to answer before great-circle distances are used. */
export const ROUTING_TIMEOUT_MS = 5_000;

export interface Matrix {
  /** Metres, row-major from -> to. */
  m: Float64Array;
  size: number;
  /** "road" when the routing server answered, else "great_circle". */
  source: "road" | "great_circle";
}

/**
 * The distances between the places (the start first): from the OSRM server of ROUTING_URL (its table
 * service, road metres) when one is set and answers in time with a full table, else great-circle metres.
 */
export async function distanceMatrix(places: Point[]): Promise<Matrix> {
  const url = readEnv("ROUTING_URL");
  if (url && places.length > 1) {
    try {
      return { m: await osrmTable(url, places), size: places.length, source: "road" };
    } catch (e) {
      console.warn(`routing server failed, great-circle distances used: ${(e as Error).message}`);
    }
  }
  return { m: greatCircleMatrix(places), size: places.length, source: "great_circle" };
}

/** GET {ROUTING_URL}/table/v1/driving/{lon,lat;...}?annotations=distance,duration -> { code: "Ok", distances: number[][] }. */
export async function osrmTable(base: string, places: Point[]): Promise<Float64Array> {
  const coords = places.map((p) => `${p.longitude.toFixed(6)},${p.latitude.toFixed(6)}`).join(";");
  const res = await fetch(`${base.replace(/\/+$/, "")}/table/v1/driving/${coords}?annotations=distance,duration`, {
    signal: AbortSignal.timeout(ROUTING_TIMEOUT_MS),
    headers: { accept: "application/json" },
  });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const body = (await res.json()) as { code?: string; distances?: (number | null)[][] };
  const n = places.length;
  if (body.code !== "Ok" || !Array.isArray(body.distances) || body.distances.length !== n) throw new Error(`unexpected answer (code ${body.code})`);
  const m = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    const row = body.distances[i];
    if (!Array.isArray(row) || row.length !== n) throw new Error("unexpected answer (a row of the wrong length)");
    for (let j = 0; j < n; j++) {
      const v = row[j];
      // A pair with no road between them (null): the table is of no use for a round.
      if (typeof v !== "number" || !Number.isFinite(v) || v < 0) throw new Error(`no route between places ${i} and ${j}`);
      m[i * n + j] = v;
    }
  }
  return m;
}

/**
 * The routing thread (route.worker.ts), made at the first ordering and kept (it does not keep the
 * process alive), as the labels' thread. Should the thread fail to start, orders are made here.
 */
let worker: Worker | undefined;
let answered = false;
let failures = 0;
let nextJob = 0;
const pending = new Map<number, { matrix: Matrix; resolve(order: number[]): void; reject(e: Error): void }>();

function startWorker(): Worker {
  const own = import.meta.url;
  let w: Worker;
  if (own.endsWith(".ts")) {
    const file = new URL("./route.worker.ts", own).href;
    w = new Worker(`import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(file)}); })`, { eval: true });
  } else {
    // The build (scripts/build-server.mjs) puts the worker beside the server's bundle.
    w = new Worker(new URL("./route.worker.js", own));
  }
  w.unref();
  w.on("message", (msg: { id: number; order?: number[]; error?: string }) => {
    answered = true;
    const p = pending.get(msg.id);
    pending.delete(msg.id);
    if (msg.order) p?.resolve(msg.order);
    else p?.reject(new Error(`route ordering: ${msg.error}`));
  });
  const lost = (e: Error) => {
    if (worker !== w) return;
    worker = undefined;
    if (!answered && ++failures >= 2) console.warn(`routes are ordered on the main thread: ${e.message}`);
    const jobs = [...pending.values()];
    pending.clear();
    for (const p of jobs) {
      try {
        p.resolve(orderRound(p.matrix.m, p.matrix.size));
      } catch (err) {
        p.reject(err as Error);
      }
    }
  };
  w.on("error", lost);
  w.on("exit", (code) => lost(new Error(`the routing thread stopped (exit code ${code})`)));
  return w;
}

/** The order of the stops (indices 1..size-1 of the matrix) for the shortest round found, made in the routing thread. */
export async function orderInThread(matrix: Matrix): Promise<number[]> {
  if (matrix.size <= 3) return orderRound(matrix.m, matrix.size);
  if (!answered && failures >= 2) return orderRound(matrix.m, matrix.size);
  worker ??= startWorker();
  const id = ++nextJob;
  const w = worker;
  return new Promise<number[]>((resolve, reject) => {
    pending.set(id, { matrix, resolve, reject });
    w.postMessage({ id, matrix: matrix.m, size: matrix.size } satisfies RouteJob);
  });
}
