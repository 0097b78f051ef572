import { Arg, Int, Mutation, Query, Resolver } from "type-graphql";
import { Op } from "../../graphql/guards.js";
import { CreateActivityInput, UpdateActivityInput } from "./activity.input.js";
import * as activities from "./activity.service.js";
import { Activity } from "../parcel/history.type.js";

@Resolver()
export class ActivityResolver {
  @Query(() => Activity)
  @Op("activities.get")
  activity(@Arg("id", () => Int) id: number) {
    return activities.getActivity(id);
  }

  @Mutation(() => Activity)
  @Op("activities.create")
  createActivity(@Arg("input", () => CreateActivityInput) input: CreateActivityInput) {
    return activities.createActivity(input);
  }

  @Mutation(() => Activity)
  @Op("activities.update")
  updateActivity(@Arg("input", () => UpdateActivityInput) input: UpdateActivityInput) {
    return activities.updateActivity(input);
  }

  @Mutation(() => Boolean)
  @Op("activities.delete")
  async deleteActivity(@Arg("id", () => Int) id: number) {
    await activities.deleteActivity(id);
    return true;
  }
}
