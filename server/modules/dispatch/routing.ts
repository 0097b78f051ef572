import { readEnv } from "../../core/config.js";
import { lazyThread } from "../../core/threads.js";
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

/** The routing thread (route.worker.ts), as the labels' thread. */
const routeThread = lazyThread(import.meta.url, "route.worker");

/** The order of the stops (indices 1..size-1 of the matrix) for the shortest round found, made in the routing thread. */
export async function orderInThread(matrix: Matrix): Promise<number[]> {
  if (matrix.size <= 3) return orderRound(matrix.m, matrix.size);
  return routeThread().run({ matrix: matrix.m, size: matrix.size } satisfies RouteJob);
}
