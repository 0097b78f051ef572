import { Field, Float, InputType, Int, ObjectType } from "type-graphql";
import { DateTimeISO } from "../common/datetime.scalar.js";
import { PlaceInput } from "../address/address.type.js";

@ObjectType({ description: 'A zone: countries, and postcode prefixes ("10") or ranges ("1000-1999")' })
export class Zone {
  @Field(() => Int) id: number;
  @Field(() => String) name: string;
  @Field(() => [String]) countries: string[];
  @Field(() => [String]) postcodes: string[];
}

@ObjectType({ description: "A service: transit in working days, the day's cutoff, the volumetric divisor" })
export class Service {
  @Field(() => Int) id: number;
  @Field(() => String) code: string;
  @Field(() => String) name: string;
  @Field(() => Int) transit_days_min: number;
  @Field(() => Int) transit_days_max: number;
  @Field(() => String, { description: "HH:MM in the site's time zone" }) cutoff: string;
  @Field(() => Int) volumetric_divisor: number;
  @Field(() => Boolean) active: boolean;
}

@ObjectType()
export class Bracket {
  @Field(() => Float) up_to_kg: number;
  @Field(() => Int, { description: "Smallest unit of the currency" }) amount: number;
}

@ObjectType({ description: "A lane: a service between two zones, by weight brackets" })
export class Lane {
  @Field(() => String) service: string;
  @Field(() => String) from_zone: string;
  @Field(() => String) to_zone: string;
  @Field(() => [Bracket]) brackets: Bracket[];
  @Field(() => Int, { nullable: true, description: "Per whole kg above the last bracket; none: the lane stops there" }) per_kg_above?: number | null;
}

@ObjectType({
  description:
    "fuel (percent of transport), remote (fixed, to zones), cod (percent of cod_amount, at least min), insurance (percent of declared_value, at least min)",
})
export class Surcharge {
  @Field(() => String) code: string;
  @Field(() => String, { description: "percent or fixed" }) kind: string;
  @Field(() => Float, { description: "A percent, or a fixed amount in the smallest unit" }) value: number;
  @Field(() => Int, { nullable: true }) min?: number | null;
  @Field(() => [String], { nullable: true }) zones?: string[] | null;
}

@ObjectType()
export class RateCard {
  @Field(() => String, { description: "default always exists" }) id: string;
  @Field(() => String) name: string;
  @Field(() => [Lane]) lanes: Lane[];
  @Field(() => [Surcharge]) surcharges: Surcharge[];
  @Field(() => DateTimeISO) updated_at: Date;
}

@ObjectType()
export class BreakdownLine {
  @Field(() => String, { description: "base, extra_kg, fuel, remote, cod, insurance" }) code: string;
  @Field(() => String) label: string;
  @Field(() => Int) amount: number;
}

@ObjectType({ description: "One service's price for the shipment" })
export class QuoteOption {
  @Field(() => String) service: string;
  @Field(() => String) name: string;
  @Field(() => Int) amount: number;
  @Field(() => String) currency: string;
  @Field(() => Float) chargeable_weight_kg: number;
  @Field(() => [BreakdownLine]) breakdown: BreakdownLine[];
  @Field(() => Int) transit_days_min: number;
  @Field(() => Int) transit_days_max: number;
  @Field(() => String) delivery_date_min: string;
  @Field(() => String) delivery_date_max: string;
}

@ObjectType({ description: "The quote: options cheapest first; none with the message No service covers this route" })
export class QuoteAnswer {
  @Field(() => [QuoteOption]) options: QuoteOption[];
  @Field(() => String) message: string;
}

// Inputs: the shapes on the wire; the service checks every field (messages name it, e.g. lanes[0].brackets[1].amount).

@InputType()
export class ZoneInput {
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => [String], { nullable: true }) countries?: string[];
  @Field(() => [String], { nullable: true }) postcodes?: string[] | null;
}

@InputType()
export class ServiceInput {
  @Field(() => String, { nullable: true }) code?: string;
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => Int, { nullable: true }) transit_days_min?: number;
  @Field(() => Int, { nullable: true }) transit_days_max?: number;
  @Field(() => String, { nullable: true, description: "HH:MM (default 17:00)" }) cutoff?: string;
  @Field(() => Int, { nullable: true, description: "default 5000" }) volumetric_divisor?: number;
  @Field(() => Boolean, { nullable: true }) active?: boolean;
}

@InputType()
export class BracketInput {
  @Field(() => Float) up_to_kg: number;
  @Field(() => Int) amount: number;
}

@InputType()
export class LaneInput {
  @Field(() => String) service: string;
  @Field(() => String) from_zone: string;
  @Field(() => String) to_zone: string;
  @Field(() => [BracketInput]) brackets: BracketInput[];
  @Field(() => Int, { nullable: true }) per_kg_above?: number | null;
}

@InputType()
export class SurchargeInput {
  @Field(() => String) code: string;
  @Field(() => String, { nullable: true }) kind?: string;
  @Field(() => Float) value: number;
  @Field(() => Int, { nullable: true }) min?: number | null;
  @Field(() => [String], { nullable: true }) zones?: string[] | null;
}

@InputType()
export class RateCardInput {
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => [LaneInput]) lanes: LaneInput[];
  @Field(() => [SurchargeInput], { nullable: true }) surcharges?: SurchargeInput[];
}

@InputType()
export class ParcelDimsInput {
  @Field(() => Float) weight_kg: number;
  @Field(() => Float, { nullable: true }) length_cm?: number | null;
  @Field(() => Float, { nullable: true }) width_cm?: number | null;
  @Field(() => Float, { nullable: true }) height_cm?: number | null;
}

@InputType()
export class QuoteInput {
  @Field(() => PlaceInput) from: PlaceInput;
  @Field(() => PlaceInput) to: PlaceInput;
  @Field(() => [ParcelDimsInput], { description: "1 to 50" }) parcels: ParcelDimsInput[];
  @Field(() => Int, { nullable: true, description: "Smallest unit of the currency" }) declared_value?: number | null;
  @Field(() => Int, { nullable: true, description: "Smallest unit of the currency" }) cod_amount?: number | null;
  @Field(() => String, { nullable: true, description: "YYYY-MM-DD (default today)" }) ship_date?: string | null;
}
