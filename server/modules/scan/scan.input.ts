import { Field, Float, InputType } from "type-graphql";
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsNumber, IsString, Max, MaxLength, Min, MinLength, Validate } from "class-validator";
import { Nested, Optional, Required, Text } from "../../core/validation.js";
import { CodPaymentInput } from "../cod/cod.input.js";
import { MAX_LENGTH } from "../../../shared/core/lengths.codes.js";
import { PastDateTime } from "../activity/activity.input.js";
import { STATUS_CODES } from "../../../shared/modules/parcel/status.codes.js";
import { MAX_SCAN_CODES } from "../../../shared/modules/scan/scan.events.js";

const codesMsg = { message: `codes must hold 1 to ${MAX_SCAN_CODES} tracking codes` };
const scanIdsMsg = { message: `scan_ids must hold 1 to ${MAX_SCAN_CODES} ids` };
export const SCAN_ID_MAX = 100;

/** One event for many parcels (POST /api/scans, scanParcels). Cross-field rules sit at the top of the service. */
@InputType({ description: "One event for up to 500 parcels: each code gets its own history entry or its own error" })
export class ScanParcelsInput {
  @Field(() => [String], { description: `Tracking codes, 1 to ${MAX_SCAN_CODES}; each is answered in this order` })
  @Required()
  @IsArray(codesMsg)
  @ArrayMinSize(1, codesMsg)
  @ArrayMaxSize(MAX_SCAN_CODES, codesMsg)
  @IsString({ each: true, message: "codes must be text" })
  @MaxLength(100, { each: true, message: "codes must be at most 100 characters each" })
  codes: string[];

  @Field(() => String, { description: `The status every entry sets: ${STATUS_CODES.join(", ")}` })
  @Required()
  @IsIn([...STATUS_CODES], { message: `status_code must be one of ${STATUS_CODES.join(", ")}` })
  status_code: string;

  @Field(() => String, {
    nullable: true,
    description: "Why: for delivery_failed one of nobody_home, address_not_found, refused, access_restricted, cod_not_ready, other",
  })
  @Optional()
  @Text()
  status_reason?: string | null;

  @Field(() => String, { nullable: true, description: "The entries' title (default: the event's, e.g. \"Arrived at hub\")" })
  @Optional()
  @Text()
  title?: string | null;

  @Field(() => String, { nullable: true })
  @Optional()
  @Text(MAX_LENGTH.description)
  description?: string | null;

  @Field(() => String, { nullable: true, description: "Where: written into each entry and each parcel's current_location" })
  @Optional()
  @Text()
  place?: string | null;

  @Field(() => Float, { nullable: true, description: "Sets each parcel's current latitude (with longitude)" })
  @Optional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: "latitude must be a number" })
  @Min(-90, { message: "latitude must be between -90 and 90" })
  @Max(90, { message: "latitude must be between -90 and 90" })
  latitude?: number | null;

  @Field(() => Float, { nullable: true, description: "Sets each parcel's current longitude (with latitude)" })
  @Optional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: "longitude must be a number" })
  @Min(-180, { message: "longitude must be between -180 and 180" })
  @Max(180, { message: "longitude must be between -180 and 180" })
  longitude?: number | null;

  @Field(() => String, {
    nullable: true,
    description: "When the scan happened (ISO 8601 with zone; default now, at most 5 minutes ahead): back-dates the entries",
  })
  @Optional()
  @Validate(PastDateTime)
  scanned_at?: string | null;

  @Field(() => [String], {
    nullable: true,
    description: "One id per code, chosen by the client: a code scanned again with the same id adds nothing and is answered with its first entry",
  })
  @Optional()
  @IsArray(scanIdsMsg)
  @ArrayMinSize(1, scanIdsMsg)
  @ArrayMaxSize(MAX_SCAN_CODES, scanIdsMsg)
  @IsString({ each: true, message: "scan_ids must be text" })
  @MinLength(1, { each: true, message: "scan_ids must not hold empty ids" })
  @MaxLength(SCAN_ID_MAX, { each: true, message: `scan_ids must be at most ${SCAN_ID_MAX} characters each` })
  scan_ids?: string[] | null;

  @Field(() => CodPaymentInput, {
    nullable: true,
    description:
      "Cash on delivery taken at the door (delivered only): { amount, method: cash or card, reference (card) }, required for each code with an amount due, which it must match",
  })
  @Optional()
  @Nested(() => CodPaymentInput)
  cod?: CodPaymentInput | null;
}
