import { Arg, Ctx, Mutation, Resolver } from "type-graphql";
import type { Context } from "../../core/context.js";
import { actorName } from "../../core/actor.js";
import { clientKey } from "../../core/client-address.js";
import { Op } from "../../graphql/guards.js";
import { GraphQLUpload, fromUpload, type FileUpload } from "../../graphql/upload.js";
import { RecordDeliveryInput, RescheduleInput } from "./delivery.input.js";
import * as delivery from "./delivery.service.js";
import { DeliveryProof } from "../parcel/parcel.type.js";
import { Rescheduled } from "./reschedule.type.js";

@Resolver()
export class DeliveryResolver {
  @Mutation(() => DeliveryProof, {
    description:
      "Record a proof of delivery (receiver_name, signature PNG, photo JPEG/PNG, left_at; at least one of the first three); marks the parcel delivered unless it already is",
  })
  @Op("delivery.record")
  async recordDelivery(
    @Arg("trackingCode", () => String) trackingCode: string,
    @Arg("input", () => RecordDeliveryInput, { nullable: true }) input: RecordDeliveryInput | null,
    @Arg("signature", () => GraphQLUpload, { nullable: true }) signature: FileUpload | null,
    @Arg("photo", () => GraphQLUpload, { nullable: true }) photo: FileUpload | null,
    @Ctx() ctx: Context,
  ) {
    return delivery.recordDelivery(
      trackingCode,
      input ?? {},
      { signature: await fromUpload(signature), photo: await fromUpload(photo) },
      actorName(await ctx.auth.actor()),
    );
  }

  @Mutation(() => Rescheduled, {
    description: "The recipient's choice after a failed attempt: a new delivery day or a pick-up at the depot (verify where the parcel is protected)",
  })
  @Op("delivery.reschedule")
  async rescheduleDelivery(
    @Arg("trackingCode", () => String) trackingCode: string,
    @Arg("input", () => RescheduleInput) input: RescheduleInput,
    @Ctx() ctx: Context,
  ) {
    return delivery.rescheduleDelivery(trackingCode, input, clientKey(ctx.req));
  }
}
