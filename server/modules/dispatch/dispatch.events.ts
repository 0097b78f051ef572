import { EventChannel } from "../../core/events.js";

/**
 * What the delivery day announces (server/core/events.ts), once its statements are committed; only
 * dispatch.day.ts publishes them. Subscribers, registered by server/subscribers.ts: notification
 * (the recipient's window and "near" messages).
 */
type Window = { from: Date; to: Date };

export interface DispatchEvents {
  /** A run started: its delivery stops in route order, each with its window and the stops before it. */
  "run.started": { run_id: number; deliveries: { stop_id: number; parcel_id: number; window: Window; stops_before: number }[] };
  /** A delivery stop is near: `stops_before` pending stops are left before it (once per stop: claimed before this). */
  "stop.near": { run_id: number; stop_id: number; parcel_id: number; window: Window; stops_before: number };
  /** A stop was settled on a started run: done (delivered or picked up), failed (a failed attempt) or skipped. */
  "stop.settled": { run_id: number; stop_id: number; status: "done" | "failed" | "skipped"; at: Date };
}

export const dispatchEvents = new EventChannel<DispatchEvents>("dispatch");
