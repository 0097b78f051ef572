import { parcelEvents } from "../parcel/parcel.events.js";
import { runsLostStops, stopsFollowEntries } from "./dispatch.day.js";

/**
 * Dispatch follows the parcel's events (awaited: when the write returns, its runs have followed):
 * a delivered, picked-up or failed entry settles the parcel's stop on a started run; a deleted
 * parcel's stop went with it, so its planned run is routed again and its started run goes on.
 */
export function subscribeDispatch(): void {
  parcelEvents.on("history.added", "run stops", ({ entries }) => stopsFollowEntries(entries));
  parcelEvents.on("parcel.deleted", "runs", ({ runs }) => (runs.length ? runsLostStops(runs) : undefined));
}
