import { Field, InputType } from "type-graphql";
import { IsIn, Matches, ValidateBy } from "class-validator";
import { CodPaymentInput } from "../cod/cod.input.js";
import { Optional, Required, Text } from "../../core/validation.js";
import { RESCHEDULE_CHOICES, RESCHEDULE_DAYS } from "../../../shared/modules/delivery/delivery.rules.js";

/** The text fields of a proof of delivery (the signature and photo come as files). */
@InputType()
export class RecordDeliveryInput {
  @Field(() => String, { nullable: true, description: "Who took the parcel" })
  @Optional()
  @Text()
  receiver_name?: string | null;
  @Field(() => String, { nullable: true, description: 'Where the parcel was left, e.g. "with the neighbour at no. 12"' })
  @Optional()
  @Text()
  left_at?: string | null;
  @Field(() => CodPaymentInput, {
    nullable: true,
    description:
      "Cash on delivery taken at the door { amount, method: cash or card, reference (card) }: required when an amount is due (in multipart: a field cod holding this object as JSON text)",
  })
  @Optional()
  @ValidateBy({
    name: "codShape",
    validator: {
      validate: (v) => typeof v === "string" || (v !== null && typeof v === "object" && !Array.isArray(v)),
      defaultMessage: () => "cod must be an object { amount, method, reference? } (in multipart: that object as JSON text)",
    },
  })
  cod?: CodPaymentInput | string | null;
}

@InputType()
export class RescheduleInput {
  @Field(() => String, { description: "delivery: a new delivery day (date); depot: pick-up at the depot" })
  @Required()
  @IsIn([...RESCHEDULE_CHOICES], { message: `choice must be one of ${RESCHEDULE_CHOICES.join(", ")}` })
  choice: string;
  @Field(() => String, { nullable: true, description: `With choice delivery: one of the next ${RESCHEDULE_DAYS} working days (Mon-Fri, YYYY-MM-DD)` })
  @Optional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: "date must be a date as YYYY-MM-DD" })
  date?: string | null;
  @Field(() => String, { nullable: true, description: "The recipient's postcode or e-mail (the second factor): required unless token is given" })
  @Optional()
  @Text()
  verify?: string | null;
  @Field(() => String, {
    nullable: true,
    description: "The token of the reschedule link in the recipient's failed-attempt e-mail (its reschedule= parameter), instead of verify",
  })
  @Optional()
  @Text()
  token?: string | null;
}
