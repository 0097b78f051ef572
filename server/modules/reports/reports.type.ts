import { Field, Float, Int, ObjectType } from "type-graphql";
import { IsIn } from "class-validator";
import { DateText } from "../rates/rates.type.js";
import { IsId, Name, Optional } from "../../core/validation.js";

/** The period and filters of a report (both doors; GraphQL names the ids shipperId and courierId). */
export class ReportQuery {
  @Optional() @DateText() from?: string;
  @Optional() @DateText() to?: string;
  @Optional() @IsId() shipper_id?: number;
  @Optional() @IsId() courier_id?: number;
  @Optional() @Name(32) service?: string;
}

/** The REST query: the report, or with format=csv the same as a file. */
export class ReportRestQuery extends ReportQuery {
  @Optional() @IsIn(["json", "csv"], { message: "format must be json or csv" }) format?: string;
}

@ObjectType({ description: "Delivery failures of one reason" })
export class ReasonCount {
  @Field(() => String, { description: "A failure reason (nobody_home, address_not_found, refused, access_restricted, other)" }) reason: string;
  @Field(() => Int) count: number;
}

@ObjectType({ description: "Revenue of one service" })
export class ServiceRevenue {
  @Field(() => String, { description: "The service's code" }) service: string;
  @Field(() => Int, { description: "In the currency's smallest unit" }) amount: number;
  @Field(() => Int) bookings: number;
}

@ObjectType({ description: "Revenue of one shipper" })
export class ShipperRevenue {
  @Field(() => Int) shipper_id: number;
  @Field(() => String) name: string;
  @Field(() => Int, { description: "In the currency's smallest unit" }) amount: number;
  @Field(() => Int) bookings: number;
}

@ObjectType({ description: "Bookings created in the period and not cancelled, in the site's currency" })
export class ReportRevenue {
  @Field(() => Int, { description: "In the currency's smallest unit" }) amount: number;
  @Field(() => String) currency: string;
  @Field(() => [ServiceRevenue]) by_service: ServiceRevenue[];
  @Field(() => [ShipperRevenue]) by_shipper: ShipperRevenue[];
}

@ObjectType({ description: "Cash on delivery (issue 38, not built yet: zeros until it is)" })
export class ReportCod {
  @Field(() => Int) collected: number;
  @Field(() => Int) held_by_couriers: number;
  @Field(() => Int) depot_cash: number;
  @Field(() => Int) owed_to_shippers: number;
}

@ObjectType({ description: "A courier's runs in the period" })
export class CourierReport {
  @Field(() => Int) courier_id: number;
  @Field(() => String, { description: "The member's e-mail" }) name: string;
  @Field(() => Int) stops_done: number;
  @Field(() => Int) stops_failed: number;
  @Field(() => Float, { description: "The sum over the runs of (last done stop - run start), hours with 1 decimal" }) active_hours: number;
  @Field(() => Float, { nullable: true, description: "stops_done / active_hours, 1 decimal (null without active time)" }) stops_per_hour: number | null;
}

@ObjectType({ description: "A period's figures (api-contract.md section 14)" })
export class ReportFigures {
  @Field(() => String, { description: "YYYY-MM-DD, included" }) from: string;
  @Field(() => String, { description: "YYYY-MM-DD, included" }) to: string;
  @Field(() => Int, { description: "Parcels created in the period" }) created: number;
  @Field(() => Int, { description: "Parcels whose first delivered entry is in the period" }) delivered: number;
  @Field(() => Int, { description: "Of those, delivered on or before their max_expected_delivery_date" }) on_time: number;
  @Field(() => Float, { nullable: true, description: "on_time / delivered parcels that have a max_expected_delivery_date, 4 decimals" })
  on_time_rate: number | null;
  @Field(() => Int, { description: "Delivered parcels without a delivery_failed entry before their delivery" }) first_attempt: number;
  @Field(() => Float, { nullable: true, description: "first_attempt / delivered, 4 decimals" }) first_attempt_rate: number | null;
  @Field(() => Int, { description: "delivery_failed entries in the period" }) failed_attempts: number;
  @Field(() => [ReasonCount]) failures_by_reason: ReasonCount[];
  @Field(() => Float, {
    nullable: true,
    description: "Hours from the first picked_up entry (else creation) to the first delivered, median (nearest rank), 1 decimal",
  })
  delivery_hours_median: number | null;
  @Field(() => Float, { nullable: true, description: "The same, 90th percentile (nearest rank)" }) delivery_hours_p90: number | null;
  @Field(() => ReportRevenue) revenue: ReportRevenue;
  @Field(() => ReportCod) cod: ReportCod;
  @Field(() => [CourierReport]) couriers: CourierReport[];
}

@ObjectType({ description: "The owner's dashboard: a period's figures and the period of equal length just before" })
export class ReportSummary extends ReportFigures {
  @Field(() => ReportFigures) previous: ReportFigures;
}

@ObjectType({ description: "One day of the daily report" })
export class ReportDay {
  @Field(() => String, { description: "YYYY-MM-DD" }) date: string;
  @Field(() => Int) created: number;
  @Field(() => Int) delivered: number;
  @Field(() => Int) failed_attempts: number;
  @Field(() => Float, { nullable: true }) on_time_rate: number | null;
  @Field(() => Int, { description: "Bookings created that day, not cancelled, in the smallest unit of the site's currency" }) revenue: number;
}
