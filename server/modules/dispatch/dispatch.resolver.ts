import { Arg, Extensions, Int, Mutation, Query, Resolver, Root, Subscription } from "type-graphql";
import { validated } from "../../core/validation.js";
import { Op } from "../../graphql/guards.js";
import { CreateRunInput, DispatchQuery, PositionInput, PositionsInput, RunsQuery, UpdateRunInput } from "./dispatch.input.js";
import * as day from "./dispatch.day.js";
import * as planning from "./dispatch.planning.js";
import * as reads from "./dispatch.reads.js";
import { listPositions, recordPositions } from "./positions.service.js";
import { CourierPosition, DispatchDay, ParcelLive, Run } from "./dispatch.type.js";
import { liveUpdates, type LiveUpdate } from "./live.subscription.js";

/** What a graphql-ws connection's operations get as context (server/graphql/ws.ts). */
export interface LiveContext {
  client: string;
}

@Resolver()
export class DispatchResolver {
  @Query(() => DispatchDay, { description: "The dispatch board of a date (YYYY-MM-DD): deliveries waiting for a run, and the date's runs" })
  @Op("dispatch.view")
  async dispatch(@Arg("date", () => String) date: string) {
    return reads.dispatchDay((await validated(DispatchQuery, { date })).date);
  }

  @Query(() => [Run], { description: "Runs (of a date): every run for a member with dispatch, a courier's own otherwise" })
  @Op("runs.list")
  async runs(@Arg("date", () => String, { nullable: true }) date?: string | null) {
    return reads.listRuns((await validated(RunsQuery, { date })).date);
  }

  @Query(() => Run, { description: "One run (its courier, or a member with dispatch)" })
  @Op("runs.get")
  run(@Arg("id", () => Int) id: number) {
    return reads.getRun(id);
  }

  @Query(() => [CourierPosition], { description: "The courier's positions on a run, oldest first (members with dispatch only)" })
  @Op("runs.positions.list")
  runPositions(@Arg("runId", () => Int) runId: number) {
    return listPositions(runId);
  }

  @Mutation(() => Run, { description: "Make a run; a stop already on another run of the date is refused (CONFLICT)" })
  @Op("runs.create")
  createRun(@Arg("input", () => CreateRunInput) input: CreateRunInput) {
    return planning.createRun(input);
  }

  @Mutation(() => Run, { description: "Change a planned run" })
  @Op("runs.update")
  updateRun(@Arg("input", () => UpdateRunInput) input: UpdateRunInput) {
    return planning.updateRun(input);
  }

  @Mutation(() => Boolean, { description: "Delete a planned run" })
  @Op("runs.delete")
  async deleteRun(@Arg("id", () => Int) id: number) {
    await planning.deleteRun(id);
    return true;
  }

  @Mutation(() => Run, { description: "Start a planned run (its courier, or a member with dispatch)" })
  @Op("runs.start")
  startRun(@Arg("id", () => Int) id: number) {
    return day.startRun(id);
  }

  @Mutation(() => Run, { description: "Skip a pending stop of a started run: the parcel goes back among the unassigned" })
  @Op("runs.skip")
  skipStop(@Arg("runId", () => Int) runId: number, @Arg("stopId", () => Int) stopId: number) {
    return day.skipStop(runId, stopId);
  }

  @Mutation(() => Boolean, { description: "The courier's positions while the run is started (only the run's courier)" })
  @Op("runs.positions")
  async postPositions(@Arg("runId", () => Int) runId: number, @Arg("positions", () => [PositionInput]) positions: PositionInput[]) {
    await recordPositions(runId, await validated(PositionsInput, { positions }));
    return true;
  }

  @Subscription(() => ParcelLive, {
    description:
      "The parcel's live part now and whenever it changes (graphql-ws on /graphql): window, stops before, the courier while heading to this stop; verify unlocks a protected parcel",
    subscribe: ({ args, context }) => liveUpdates(args.trackingCode, args.verify, (context as LiveContext).client),
  })
  // Access as declared (public; the tracking limit is counted when subscribing, in liveUpdates).
  @Extensions({ operation: "parcel.live" })
  parcelLive(
    @Root() update: LiveUpdate,
    @Arg("trackingCode", () => String) _trackingCode: string,
    @Arg("verify", () => String, { nullable: true }) _verify?: string | null,
  ): LiveUpdate {
    return update;
  }
}
