import { CodCollectionView, CodDue } from "../cod/cod.type.js";
import { Field, Float, Int, ObjectType } from "type-graphql";
import { PagedType } from "../common/paging.js";
import { DateTimeISO, type IsoTime } from "../common/datetime.scalar.js";
import { Activity } from "./history.type.js";
import { Live } from "../dispatch/dispatch.type.js";
import { ParcelAddress } from "../address/address.type.js";

@ObjectType({ description: "Proof of delivery: who took the parcel, the drawn signature and a photo (site-relative image paths)", simpleResolvers: true })
export class DeliveryProof {
  @Field(() => String, { nullable: true, description: "Who took the parcel" }) receiver_name: string | null;
  @Field(() => String, { nullable: true, description: "The signature (PNG), e.g. /uploads/images/<name>.png" }) signature_url: string | null;
  @Field(() => String, { nullable: true, description: "The photo (JPEG or PNG), e.g. /uploads/images/<name>.jpg" }) photo_url: string | null;
  @Field(() => DateTimeISO, { description: "When the parcel was delivered" }) delivered_at: Date;
  @Field(() => String, { nullable: true, description: "Where it was left (free text)" }) left_at: string | null;
}

// Plain fields need no type-graphql wrapper (no field middlewares here): cheaper on every look-up.
@ObjectType({ description: "What anyone with the tracking code may see", simpleResolvers: true })
export class PublicParcel {
  @Field(() => Int) id: number;
  @Field(() => String) tracking_code: string;
  @Field(() => String) recipient_name: string;
  @Field(() => String, { nullable: true }) sender_name: string | null;
  @Field(() => String) destination: string;
  @Field(() => String, { nullable: true }) current_location: string | null;
  @Field(() => String, { nullable: true }) pickup_location: string | null;
  @Field(() => String, { nullable: true, description: "Free text" }) status: string | null;
  @Field(() => Float, { nullable: true }) weight: number | null;
  @Field(() => String, { nullable: true }) shipped_via: string | null;
  @Field(() => String, { nullable: true }) parcel_content: string | null;
  @Field(() => Float, { nullable: true }) declared_value: number | null;
  @Field(() => String, { nullable: true, description: "YYYY-MM-DD" }) min_expected_delivery_date: string | null;
  @Field(() => String, { nullable: true, description: "YYYY-MM-DD" }) max_expected_delivery_date: string | null;
  @Field(() => String, { nullable: true, description: "File name under /uploads/images/" }) image: string | null;
  @Field(() => String, { description: "yes or no" }) show_map: string;
  @Field(() => Int) map_zoom: number;
  @Field(() => Float, { nullable: true }) map_current_latitude: number | null;
  @Field(() => Float, { nullable: true }) map_current_longitude: number | null;
  @Field(() => Float, { nullable: true }) map_pickup_latitude: number | null;
  @Field(() => Float, { nullable: true }) map_pickup_longitude: number | null;
  @Field(() => Float, { nullable: true }) map_destination_latitude: number | null;
  @Field(() => Float, { nullable: true }) map_destination_longitude: number | null;
  // Public views carry these as ISO strings (written once per cached view); admin views as Dates.
  @Field(() => DateTimeISO) created_at: IsoTime;
  @Field(() => DateTimeISO) updated_at: IsoTime;
  @Field(() => [Activity], { description: "Oldest first" }) history: Activity[];
  @Field(() => String, {
    nullable: true,
    description:
      "Normalised status: pending, picked_up, in_transit, on_hold, out_for_delivery, ready_for_pickup, delivery_failed, delivered, returned_to_sender, exception, cancelled",
  })
  status_code: string | null;
  @Field(() => String, { nullable: true }) status_reason: string | null;
  @Field(() => DateTimeISO, { description: "The newest history entry's time (or the parcel's creation)" }) last_event_at: IsoTime;
  @Field(() => Int, { description: "Days without news after which the site says the parcel has gone quiet" }) quiet_after_days: number;
  @Field(() => Boolean, { description: "true when names are masked, the image left out and places coarse: pass the recipient's postcode or e-mail as verify" })
  details_protected: boolean;
  @Field(() => Int, { description: "Failed delivery attempts so far (history entries with status delivery_failed)" }) delivery_attempts: number;
  @Field(() => DeliveryProof, { nullable: true, description: "Who took the parcel, signature and photo: null until recorded, and while details are protected" })
  delivery_proof: DeliveryProof | null;
  @Field(() => CodDue, {
    nullable: true,
    description: "Cash on delivery: the amount to have ready at the door while it is to be collected (null under the privacy tier without verify)",
  })
  cod_due: CodDue | null;
  @Field(() => Boolean, { description: "The recipient may pick a new delivery day or a pick-up at the depot now (rescheduleDelivery)" })
  reschedule_allowed: boolean;
  @Field(() => String, { nullable: true, description: "The recipient's choice after the last failed attempt: delivery or depot" }) reschedule_choice:
    string | null;
  @Field(() => String, { nullable: true, description: "The new delivery day the recipient chose (YYYY-MM-DD)" }) reschedule_date: string | null;
  @Field(() => Live, {
    nullable: true,
    description:
      "While the parcel's stop is on a started run: its window, the stops before it, the courier while heading to it (under the privacy tier without verify: the window alone)",
  })
  live?: Live | null;
  @Field(() => ParcelAddress, { nullable: true, description: "The recipient's structured address (public view: city and country only)" })
  recipient_address: ParcelAddress | null;
  @Field(() => ParcelAddress, { nullable: true, description: "The sender's structured address (public view: city and country only)" })
  sender_address: ParcelAddress | null;
}

@ObjectType({ description: "Every field of a parcel, for the admin" })
export class Parcel extends PublicParcel {
  @Field(() => String, { nullable: true }) recipient_email: string | null;
  @Field(() => String, { nullable: true }) recipient_phone_number: string | null;
  @Field(() => String, { nullable: true }) sender_email: string | null;
  @Field(() => String, { nullable: true }) recipient_postcode: string | null;
  @Field(() => Boolean, { description: "Status e-mails to the recipient (admin switch)" }) notify_recipient: boolean;
  @Field(() => String, { nullable: true, description: "The language of the recipient's status e-mails (a site language code; none: the company's language)" })
  recipient_language: string | null;
  @Field(() => [String], {
    nullable: true,
    description: "The channels the recipient chose for this parcel's messages on the tracking page (null: the owner's order unchanged)",
  })
  recipient_channels: string[] | null;
  @Field(() => Boolean, { description: "The recipient used the unsubscribe link" }) recipient_unsubscribed: boolean;
  @Field(() => Boolean, { description: "Names and image need a second factor" }) protect_details: boolean;
  @Field(() => Boolean, { description: "After a failed attempt the recipient may pick a new delivery day or the depot" }) allow_reschedule: boolean;
  @Field(() => DateTimeISO, { nullable: true, description: "When the recipient made the current choice" }) rescheduled_at: Date | null;
  @Field(() => String, { nullable: true, description: "Who recorded the proof of delivery (the admin's e-mail)" }) delivery_recorded_by: string | null;
  @Field(() => String, {
    nullable: true,
    description:
      "How the destination's map point was found: exact, city (its city's point only, from the offline gazetteer) or null (no point, or set before this was kept)",
  })
  destination_located: string | null;
  @Field(() => Int, { nullable: true, description: "Cash on delivery: the amount to collect at the door (smallest unit), null for none" })
  cod_amount: number | null;
  @Field(() => String, { nullable: true, description: "The currency of cod_amount" }) cod_currency: string | null;
  @Field(() => CodCollectionView, { nullable: true, description: "Cash on delivery: the amount due and what became of it (null when none was ever due)" })
  cod?: CodCollectionView | null;
}

@ObjectType({ description: "One code of a multi-code look-up" })
export class TrackResult {
  @Field(() => String) tracking_code: string;
  @Field(() => PublicParcel, { nullable: true }) parcel: PublicParcel | null;
  @Field(() => String, { nullable: true, description: "Why this code has no parcel (e.g. not found)" }) error: string | null;
  @Field(() => String, {
    nullable: true,
    description: "The machine code of `error`, as GraphQL errors carry it in extensions.code (NOT_FOUND, BAD_USER_INPUT, ...); null with a parcel",
  })
  error_code: string | null;
}

@ObjectType()
export class Unsubscribed {
  @Field(() => String) tracking_code: string;
  @Field(() => Boolean) unsubscribed: boolean;
}

export const ParcelPage = PagedType(Parcel, "ParcelPage");
