import { Arg, Args, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from "type-graphql";
import type { Context } from "../../core/context.js";
import { clientKey } from "../../core/client-address.js";
import { Op } from "../../graphql/guards.js";
import { markPrivate } from "../../core/http-cache.js";
import { GraphQLUpload, fromUpload, type FileUpload } from "../../graphql/upload.js";
import { CreateParcelInput, ParcelListArgs, UnsubscribeInput, UpdateParcelInput, linkParcelPage } from "./parcel.input.js";
import * as parcels from "./parcel.service.js";
import { parcelDeliveryJsonLd } from "./structured-data.js";
import { companyName } from "../settings/settings.service.js";
import * as tracking from "./tracking.js";
import { trackingLink } from "../../core/links.js";
import { Parcel, ParcelPage, PublicParcel, TrackResult, Unsubscribed } from "./parcel.type.js";

const structuredData = new WeakMap<object, { link: string; company: string; json: string }>();

@Resolver(() => PublicParcel)
export class ParcelResolver {
  @FieldResolver(() => String, { description: "schema.org ParcelDelivery as JSON-LD text, for the tracking page" })
  async structured_data(@Root() parcel: PublicParcel) {
    // Built once per cached view (and tracking link and company name), like the rest of the view.
    const link = trackingLink(parcel.tracking_code);
    const company = await companyName();
    let s = structuredData.get(parcel);
    if (!s || s.link !== link || s.company !== company)
      structuredData.set(parcel, (s = { link, company, json: JSON.stringify(parcelDeliveryJsonLd(parcel, link, company)) }));
    return s.json;
  }

  @Query(() => PublicParcel, { description: "Track a parcel by its code (public view); verify (postcode or e-mail) unlocks protected details" })
  @Op("parcel.track")
  async parcel(
    @Arg("trackingCode", () => String) trackingCode: string,
    @Arg("verify", () => String, { nullable: true }) verify: string | null,
    @Ctx() ctx: Context,
  ) {
    // An unlocked view is the recipient's: never kept by a shared cache.
    if (verify) markPrivate(ctx.req);
    return tracking.trackParcelFor(trackingCode, verify, clientKey(ctx.req));
  }

  @Query(() => [TrackResult], { description: "Track up to 20 codes at once: each with its parcel or its error" })
  @Op("parcel.trackMany", (args) => tracking.countCodes(args.codes))
  async track(@Arg("codes", () => [String]) codes: string[], @Arg("verify", () => String, { nullable: true }) verify: string | null, @Ctx() ctx: Context) {
    if (verify) markPrivate(ctx.req);
    return tracking.trackMany(tracking.splitCodes(codes), verify, clientKey(ctx.req));
  }

  @Query(() => String, { description: "Admin: an unguessable tracking code not yet taken (prefix, 10 characters, a check character), for Create Parcel" })
  @Op("parcels.proposeCode")
  proposedTrackingCode() {
    return parcels.proposeTrackingCode();
  }

  @Query(() => Parcel, { description: "Admin: every field of a parcel, by tracking code" })
  @Op("parcels.get")
  adminParcel(@Arg("trackingCode", () => String) trackingCode: string) {
    return parcels.getParcel(trackingCode);
  }

  @Query(() => ParcelPage, { description: "Admin: paged parcels, newest first; search by code, recipient or destination; stale_days lists quiet parcels" })
  @Op("parcels.list")
  async parcels(@Args(() => ParcelListArgs) args: ParcelListArgs) {
    return linkParcelPage(await parcels.listParcels(args), args);
  }

  @Mutation(() => Parcel)
  @Op("parcels.create")
  createParcel(@Arg("input", () => CreateParcelInput) input: CreateParcelInput) {
    return parcels.createParcel(input);
  }

  @Mutation(() => Parcel)
  @Op("parcels.update")
  updateParcel(@Arg("input", () => UpdateParcelInput) input: UpdateParcelInput) {
    return parcels.updateParcel(input);
  }

  @Mutation(() => Parcel, { description: "Replace the parcel's image (JPEG or PNG)" })
  @Op("parcels.image")
  async updateParcelImage(@Arg("id", () => Int) id: number, @Arg("image", () => GraphQLUpload) image: FileUpload) {
    return parcels.setParcelImage(id, (await fromUpload(image))!);
  }

  @Mutation(() => Boolean, { description: "Delete a parcel with its history and image" })
  @Op("parcels.delete")
  async deleteParcel(@Arg("id", () => Int) id: number) {
    await parcels.deleteParcel(id);
    return true;
  }

  @Mutation(() => Unsubscribed, { description: "The recipient's unsubscribe link: no more status e-mails for this parcel" })
  @Op("parcel.unsubscribe")
  unsubscribe(@Arg("input", () => UnsubscribeInput) input: UnsubscribeInput) {
    return parcels.unsubscribeRecipient(input.code, input.token);
  }
}
