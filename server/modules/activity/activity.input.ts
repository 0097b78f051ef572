import { Field, InputType, Int } from "type-graphql";
import { IsIn, Validate, ValidatorConstraint, type ValidatorConstraintInterface } from "class-validator";
import { Optional, Required, Text, WhenPresent, IsId } from "../../core/validation.js";
import { MAX_LENGTH } from "../../../shared/core/lengths.codes.js";
import { ACTIVITY_COLORS, ACTIVITY_ICONS } from "../../../shared/modules/activity/activity.codes.js";
import { STATUS_CODES } from "../../../shared/modules/parcel/status.codes.js";

const statusMsg = { message: `status_code must be one of ${STATUS_CODES.join(", ")}` };

@ValidatorConstraint({ name: "pastDateTime" })
export class PastDateTime implements ValidatorConstraintInterface {
  validate(v: unknown) {
    if (typeof v !== "string" || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(v)) return false;
    const t = Date.parse(v);
    return Number.isFinite(t) && t <= Date.now() + 5 * 60_000 && t >= Date.UTC(1970, 0, 1);
  }
  defaultMessage() {
    return "$property must be an ISO 8601 date-time with a time zone, not in the future";
  }
}

/** The fields both create and update take for the normalised status and the event time. */
@InputType("ActivityStatusFields", { isAbstract: true } as never)
class ActivityStatusFields {
  @Field(() => String, { nullable: true, description: `Normalised status this entry sets: ${STATUS_CODES.join(", ")}` })
  @Optional()
  @IsIn([...STATUS_CODES], statusMsg)
  status_code?: string | null;
  @Field(() => String, { nullable: true, description: "Why (e.g. the reason of a failed delivery)" })
  @Optional()
  @Text()
  status_reason?: string | null;
  @Field(() => String, { nullable: true, description: "When it happened (ISO 8601 with zone; default now): a back-dated entry records the past" })
  @Optional()
  @Validate(PastDateTime)
  created_at?: string | null;
}

const iconMsg = { message: `icon must be one of ${Object.keys(ACTIVITY_ICONS).join(", ")}` };
const colorMsg = { message: `color must be one of ${ACTIVITY_COLORS.join(", ")}` };

@InputType()
export class CreateActivityInput extends ActivityStatusFields {
  @Field(() => Int) @Required() @IsId() parcel_id: number;
  @Field(() => String) @Required() @Text() title: string;
  @Field(() => String) @Required() @Text(MAX_LENGTH.description) description: string;
  @Field(() => String, { nullable: true }) @Optional() @IsIn(Object.keys(ACTIVITY_ICONS), iconMsg) icon?: string;
  @Field(() => String, { nullable: true }) @Optional() @IsIn([...ACTIVITY_COLORS], colorMsg) color?: string;
}

@InputType()
export class UpdateActivityInput extends ActivityStatusFields {
  @Field(() => Int) @Required() @IsId() id: number;
  @Field(() => Int, { nullable: true }) @WhenPresent() @IsId() parcel_id?: number;
  @Field(() => String, { nullable: true }) @WhenPresent() @Required() @Text() title?: string;
  @Field(() => String, { nullable: true }) @WhenPresent() @Required() @Text(MAX_LENGTH.description) description?: string;
  @Field(() => String, { nullable: true }) @Optional() @IsIn(Object.keys(ACTIVITY_ICONS), iconMsg) icon?: string;
  @Field(() => String, { nullable: true }) @Optional() @IsIn([...ACTIVITY_COLORS], colorMsg) color?: string;
}
