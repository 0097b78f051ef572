import { orderRound } from "./route.order.js";

/**
 * The routing thread (routing.ts runs it through server/core/threads.ts): ordering 150 stops is a few
 * hundred milliseconds of CPU, which here no other request waits for. One matrix a task.
 */
export interface RouteJob {
  matrix: Float64Array;
  size: number;
}

export default function orderStops(job: RouteJob): number[] {
  return orderRound(job.matrix, job.size);
}
