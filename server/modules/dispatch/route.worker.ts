import { parentPort } from "node:worker_threads";
import { orderRound } from "./route.order.js";

/**
 * The routing thread (routing.ts starts it): ordering 150 stops is a few hundred milliseconds of CPU,
 * which here no other request waits for. Each message is one matrix to order.
 */
export interface RouteJob {
  id: number;
  matrix: Float64Array;
  size: number;
}

parentPort!.on("message", (job: RouteJob) => {
  try {
    parentPort!.postMessage({ id: job.id, order: orderRound(job.matrix, job.size) });
  } catch (e) {
    parentPort!.postMessage({ id: job.id, error: (e as Error).message || String(e) });
  }
});
