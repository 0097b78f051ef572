import { Arg, Int, Mutation, Query, Resolver, UseMiddleware } from "type-graphql";
import { AdminOnly } from "../../graphql/guards.js";
import { CreateActivityInput, UpdateActivityInput } from "./activity.input.js";
import * as activities from "./activity.service.js";
import { Activity } from "./activity.type.js";

@Resolver()
export class ActivityResolver {
  @Query(() => Activity)
  @UseMiddleware(AdminOnly)
  activity(@Arg("id", () => Int) id: number) {
    return activities.getActivity(id);
  }

  @Mutation(() => Activity)
  @UseMiddleware(AdminOnly)
  createActivity(@Arg("input", () => CreateActivityInput) input: CreateActivityInput) {
    return activities.createActivity(input);
  }

  @Mutation(() => Activity)
  @UseMiddleware(AdminOnly)
  updateActivity(@Arg("input", () => UpdateActivityInput) input: UpdateActivityInput) {
    return activities.updateActivity(input);
  }

  @Mutation(() => Boolean)
  @UseMiddleware(AdminOnly)
  async deleteActivity(@Arg("id", () => Int) id: number) {
    await activities.deleteActivity(id);
    return true;
  }
}
