import { ArgsType, Field, Float, InputType, Int } from "type-graphql";
import {
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  Matches,
  Max,
  Min,
  Validate,
  ValidatorConstraint,
  type ValidatorConstraintInterface,
} from "class-validator";
import { Optional, Required, Text, WhenPresent, IsId } from "../../core/validation.js";
import { PageArgs, pageLink } from "../common/paging.js";
import { STATUS_CODES } from "../../../shared/modules/parcel/status.codes.js";
import { MAX_LENGTH } from "../../../shared/core/lengths.codes.js";
import { LANGUAGE_CODES } from "../../../shared/i18n/languages.js";
import { AddressInput } from "../address/address.type.js";

@ValidatorConstraint({ name: "isoDate" })
class IsoDate implements ValidatorConstraintInterface {
  validate(v: unknown) {
    if (typeof v !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
  }
  defaultMessage() {
    return "$property must be a date as YYYY-MM-DD";
  }
}

const num = (name: string) => ({ message: `${name} must be a number` });
const bool = (name: string) => ({ message: `${name} must be true or false` });
const statusMsg = { message: `status_code must be one of ${STATUS_CODES.join(", ")}` };
const languageMsg = { message: `recipient_language must be one of ${LANGUAGE_CODES.join(", ")}` };
const TRACKING = /^[A-Za-z0-9-]+$/;
const trackingMsg = { message: "tracking_code may hold only letters, digits and -" };

/** The optional fields of a parcel, shared by create and update. */
@InputType("ParcelOptionalFields", { isAbstract: true } as never)
export class ParcelOptionalFields {
  @Field(() => String, { nullable: true })
  @Optional()
  @Text()
  @IsEmail({}, { message: "recipient_email must be an e-mail address" })
  recipient_email?: string | null;
  @Field(() => String, { nullable: true })
  @Optional()
  @Text()
  recipient_phone_number?: string | null;
  @Field(() => String, { nullable: true })
  @Optional()
  @Text()
  sender_name?: string | null;
  @Field(() => String, { nullable: true })
  @Optional()
  @Text()
  @IsEmail({}, { message: "sender_email must be an e-mail address" })
  sender_email?: string | null;
  @Field(() => String, { nullable: true })
  @Optional()
  @Text()
  current_location?: string | null;
  @Field(() => String, { nullable: true })
  @Optional()
  @Text()
  pickup_location?: string | null;
  @Field(() => String, { nullable: true })
  @Optional()
  @Text()
  status?: string | null;
  @Field(() => Float, { nullable: true })
  @Optional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, num("weight"))
  @Min(0, { message: "weight must not be negative" })
  weight?: number | null;
  @Field(() => String, { nullable: true })
  @Optional()
  @Text()
  shipped_via?: string | null;
  @Field(() => String, { nullable: true })
  @Optional()
  @Text()
  parcel_content?: string | null;
  @Field(() => Float, { nullable: true })
  @Optional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, num("declared_value"))
  @Min(0, { message: "declared_value must not be negative" })
  declared_value?: number | null;
  @Field(() => Int, {
    nullable: true,
    description:
      "Cash on delivery: the amount to collect at the door (smallest unit of the site's currency, 1 to the setting cod_max); null removes it. Changed or removed until the parcel is out for delivery (then 409)",
  })
  @Optional()
  @IsInt({ message: "cod_amount must be a whole number of the currency's smallest unit (above 0), or null for none" })
  @Min(1, { message: "cod_amount must be a whole number of the currency's smallest unit (above 0), or null for none" })
  cod_amount?: number | null;
  @Field(() => String, { nullable: true })
  @Optional()
  @Validate(IsoDate)
  min_expected_delivery_date?: string | null;
  @Field(() => String, { nullable: true })
  @Optional()
  @Validate(IsoDate)
  max_expected_delivery_date?: string | null;
  @Field(() => String, { nullable: true })
  @WhenPresent()
  @IsIn(["yes", "no"], { message: "show_map must be yes or no" })
  show_map?: string;
  @Field(() => Int, { nullable: true })
  @WhenPresent()
  @IsInt({ message: "map_zoom must be a whole number" })
  @Min(1, { message: "map_zoom must be at least 1" })
  @Max(19, { message: "map_zoom must be at most 19" })
  map_zoom?: number;
  @Field(() => Float, { nullable: true })
  @Optional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, num("map_current_latitude"))
  @Min(-90, { message: "map_current_latitude must be between -90 and 90" })
  @Max(90, { message: "map_current_latitude must be between -90 and 90" })
  map_current_latitude?: number | null;
  @Field(() => Float, { nullable: true })
  @Optional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, num("map_current_longitude"))
  @Min(-180, { message: "map_current_longitude must be between -180 and 180" })
  @Max(180, { message: "map_current_longitude must be between -180 and 180" })
  map_current_longitude?: number | null;
  @Field(() => Float, { nullable: true })
  @Optional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, num("map_pickup_latitude"))
  @Min(-90, { message: "map_pickup_latitude must be between -90 and 90" })
  @Max(90, { message: "map_pickup_latitude must be between -90 and 90" })
  map_pickup_latitude?: number | null;
  @Field(() => Float, { nullable: true })
  @Optional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, num("map_pickup_longitude"))
  @Min(-180, { message: "map_pickup_longitude must be between -180 and 180" })
  @Max(180, { message: "map_pickup_longitude must be between -180 and 180" })
  map_pickup_longitude?: number | null;
  @Field(() => Float, { nullable: true })
  @Optional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, num("map_destination_latitude"))
  @Min(-90, { message: "map_destination_latitude must be between -90 and 90" })
  @Max(90, { message: "map_destination_latitude must be between -90 and 90" })
  map_destination_latitude?: number | null;
  @Field(() => Float, { nullable: true })
  @Optional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, num("map_destination_longitude"))
  @Min(-180, { message: "map_destination_longitude must be between -180 and 180" })
  @Max(180, { message: "map_destination_longitude must be between -180 and 180" })
  map_destination_longitude?: number | null;
  @Field(() => String, {
    nullable: true,
    description:
      "How the destination's map point was found: exact (the default when map_destination_latitude is given) or city (its city's point only, e.g. the offline gazetteer's from the address search); null when the point is cleared",
  })
  @Optional()
  @IsIn(["exact", "city"], { message: "destination_located must be exact or city" })
  destination_located?: string | null;
  @Field(() => String, { nullable: true, description: `Normalised status: ${STATUS_CODES.join(", ")}` })
  @Optional()
  @IsIn([...STATUS_CODES], statusMsg)
  status_code?: string | null;
  @Field(() => String, { nullable: true, description: "Why the status is what it is (e.g. the reason of a failed delivery)" })
  @Optional()
  @Text()
  status_reason?: string | null;
  @Field(() => Boolean, { nullable: true, description: "Send the recipient an e-mail when a history entry changes the status" })
  @WhenPresent()
  @IsBoolean(bool("notify_recipient"))
  notify_recipient?: boolean;
  @Field(() => String, {
    nullable: true,
    description: `The language of the recipient's status e-mails: ${LANGUAGE_CODES.join(", ")} (none: the company's language)`,
  })
  @Optional()
  @IsIn([...LANGUAGE_CODES], languageMsg)
  recipient_language?: string | null;
  @Field(() => String, { nullable: true, description: "The recipient's postcode: a second factor for protected details" })
  @Optional()
  @Text(MAX_LENGTH.postcode)
  recipient_postcode?: string | null;
  @Field(() => Boolean, { nullable: true, description: "Names and image need the recipient's postcode or e-mail" })
  @WhenPresent()
  @IsBoolean(bool("protect_details"))
  protect_details?: boolean;
  @Field(() => Boolean, { nullable: true, description: "After a failed delivery attempt the recipient may pick a new delivery day or a pick-up at the depot" })
  @WhenPresent()
  @IsBoolean(bool("allow_reschedule"))
  allow_reschedule?: boolean;
  @Field(() => AddressInput, {
    nullable: true,
    description:
      "The recipient's structured address: destination (and its map point, e-mail, phone and postcode where not given) is written from it; null removes it",
  })
  @Optional()
  @IsObject({ message: "recipient_address must be an object" })
  recipient_address?: AddressInput | null;
  @Field(() => AddressInput, {
    nullable: true,
    description:
      "The sender's structured address: pickup_location (and its map point, sender name and e-mail where not given) is written from it; null removes it",
  })
  @Optional()
  @IsObject({ message: "sender_address must be an object" })
  sender_address?: AddressInput | null;
}

@ArgsType()
export class ParcelListArgs extends PageArgs {
  @Field(() => Int, {
    nullable: true,
    description: "Only parcels not yet delivered, returned or cancelled whose last history entry is at least this many days old",
  })
  @Optional()
  @IsInt({ message: "stale_days must be a whole number" })
  @Min(1, { message: "stale_days must be at least 1" })
  @Max(3650, { message: "stale_days must be at most 3650" })
  stale_days?: number;
  @Field(() => Boolean, { nullable: true, description: "Only parcels whose last delivery attempt failed (status delivery_failed): the ones to reschedule" })
  @Optional()
  @IsBoolean(bool("to_reschedule"))
  to_reschedule?: boolean;
}

/** The list's next_page_url (both doors): its search, stale_days and to_reschedule kept. */
export const linkParcelPage = pageLink<ParcelListArgs>("/api/parcels", (a) => ({
  search: a.search || undefined,
  stale_days: a.stale_days,
  to_reschedule: a.to_reschedule ? "true" : undefined,
}));

@InputType()
export class CreateParcelInput extends ParcelOptionalFields {
  @Field(() => String)
  @Required()
  @Text(MAX_LENGTH.trackingCode)
  @Matches(TRACKING, trackingMsg)
  tracking_code: string;
  @Field(() => String)
  @Required()
  @Text()
  recipient_name: string;
  @Field(() => String, { description: "Written from recipient_address when that is given" })
  @Required()
  @Text()
  destination: string;
}

@InputType({ description: "id plus any parcel fields; absent fields stay as they are" })
export class UpdateParcelInput extends ParcelOptionalFields {
  @Field(() => Int)
  @Required()
  @IsId()
  id: number;
  @Field(() => String, { nullable: true })
  @WhenPresent()
  @Required()
  @Text(MAX_LENGTH.trackingCode)
  @Matches(TRACKING, trackingMsg)
  tracking_code?: string;
  @Field(() => String, { nullable: true })
  @WhenPresent()
  @Required()
  @Text()
  recipient_name?: string;
  @Field(() => String, { nullable: true })
  @WhenPresent()
  @Required()
  @Text()
  destination?: string;
}

/** Optional text fields that are stored as null when blank. */
export const PARCEL_NULLABLE = [
  "recipient_email",
  "recipient_phone_number",
  "sender_name",
  "sender_email",
  "current_location",
  "pickup_location",
  "status",
  "weight",
  "shipped_via",
  "parcel_content",
  "declared_value",
  "min_expected_delivery_date",
  "max_expected_delivery_date",
  "map_current_latitude",
  "map_current_longitude",
  "map_pickup_latitude",
  "map_pickup_longitude",
  "map_destination_latitude",
  "map_destination_longitude",
  "destination_located",
  "status_code",
  "status_reason",
  "recipient_postcode",
  "recipient_language",
] as const;

@InputType()
export class UnsubscribeInput {
  @Field(() => String) @Required() @Text(MAX_LENGTH.trackingCode) code: string;
  @Field(() => String) @Required() @Text(100) token: string;
}

@ArgsType()
export class TrackQuery {
  @Field(() => String, { nullable: true, description: "The recipient's postcode or e-mail: unlocks protected details" })
  @Optional()
  @Text()
  verify?: string;
}

@ArgsType()
export class TrackManyQuery extends TrackQuery {
  @Field(() => String, { description: "Up to 20 tracking codes, separated by commas" })
  @Required()
  @Text(2000)
  codes: string;
}
