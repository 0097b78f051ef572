import { Arg, Int, Mutation, Query, Resolver } from "type-graphql";
import { Op } from "../../graphql/guards.js";
import { caller } from "../shipper/shipper.auth.js";
import { plain } from "./booking.resolver.js";
import * as pickups from "./pickup.service.js";
import { Pickup, PickupInput } from "./pickup.type.js";

@Resolver()
export class PickupResolver {
  @Mutation(() => Pickup)
  @Op("pickups.create")
  createPickup(@Arg("input", () => PickupInput) input: PickupInput) {
    return pickups.createPickup(JSON.parse(JSON.stringify(input)), caller());
  }

  @Query(() => [Pickup])
  @Op("pickups.list")
  pickups(@Arg("date", () => String, { nullable: true }) date?: string, @Arg("shipper_id", () => Int, { nullable: true }) shipperId?: number) {
    return pickups.listPickups(caller(), plain({ date, shipper_id: shipperId }));
  }
}
