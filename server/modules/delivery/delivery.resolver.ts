import { Arg, Ctx, Mutation, Resolver, UseMiddleware } from "type-graphql";
import type { Context } from "../../core/context.js";
import { limitLookups } from "../../core/ratelimit.js";
import { AdminOnly, Limit } from "../../graphql/guards.js";
import { GraphQLUpload, fromUpload, type FileUpload } from "../../graphql/upload.js";
import { RecordDeliveryInput, RescheduleInput } from "./delivery.input.js";
import * as delivery from "./delivery.service.js";
import { DeliveryProof } from "./delivery.type.js";
import { Rescheduled } from "./reschedule.type.js";

@Resolver()
export class DeliveryResolver {
  @Mutation(() => DeliveryProof, { description: "Record a proof of delivery (receiver_name, signature PNG, photo JPEG/PNG, left_at; at least one of the first three); marks the parcel delivered unless it already is" })
  @UseMiddleware(AdminOnly)
  async recordDelivery(
    @Arg("trackingCode", () => String) trackingCode: string,
    @Arg("input", () => RecordDeliveryInput, { nullable: true }) input: RecordDeliveryInput | null,
    @Arg("signature", () => GraphQLUpload, { nullable: true }) signature: FileUpload | null,
    @Arg("photo", () => GraphQLUpload, { nullable: true }) photo: FileUpload | null,
    @Ctx() ctx: Context,
  ) {
    const admin = await ctx.auth.requireAdmin();
    return delivery.recordDelivery(trackingCode, input ?? {}, { signature: await fromUpload(signature), photo: await fromUpload(photo) }, admin.email);
  }

  @Mutation(() => Rescheduled, { description: "The recipient's choice after a failed attempt: a new delivery day or a pick-up at the depot (verify where the parcel is protected)" })
  @UseMiddleware(Limit("reschedule"))
  async rescheduleDelivery(
    @Arg("trackingCode", () => String) trackingCode: string,
    @Arg("input", () => RescheduleInput) input: RescheduleInput,
    @Ctx() ctx: Context,
  ) {
    if (input.verify) await limitLookups(ctx, "verify", 1);
    return delivery.rescheduleDelivery(trackingCode, input);
  }
}
