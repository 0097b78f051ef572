import { Field, Float, InputType, Int, ObjectType } from "type-graphql";
import { DateTimeISO } from "../common/datetime.scalar.js";
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  Matches,
  Max,
  Min,
  Validate,
  ValidateBy,
  ValidateIf,
  ValidatorConstraint,
  type ValidatorConstraintInterface,
} from "class-validator";
import { MAX_AMOUNT_MINOR } from "../../../shared/core/money.js";
import { SURCHARGE_KINDS, type SurchargeCode } from "./pricing.rules.js";
import { PlaceInput, isCountryCode } from "../address/address.type.js";
import { Name, Nested, Optional, Required, TextList, WhenPresent } from "../../core/validation.js";

const SERVICE_CODE = /^[A-Za-z0-9_-]{1,32}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const countryCheck = (s: string) => (isCountryCode(s) ? null : "must be an ISO 3166-1 alpha-2 country code");
const postcodeCheck = (s: string) =>
  /^[A-Za-z0-9 ]{1,12}$/.test(s) || /^\d{1,10}\s*-\s*\d{1,10}$/.test(s) ? null : 'must be a prefix ("10") or a range ("1000-1999")';

/** A postcode range's bounds have the same length, low to high. */
@ValidatorConstraint({ name: "rangeBounds" })
class RangeBounds implements ValidatorConstraintInterface {
  private bad(v: unknown) {
    if (!Array.isArray(v)) return null;
    for (const p of v) {
      const m = typeof p === "string" ? /^\s*(\d+)\s*-\s*(\d+)\s*$/.exec(p) : null;
      if (m && (m[1].length !== m[2].length || Number(m[1]) > Number(m[2]))) return p.trim();
    }
    return null;
  }
  validate(v: unknown) {
    return this.bad(v) === null;
  }
  defaultMessage(a?: { value: unknown }) {
    return `$property range ${this.bad(a?.value)} must have bounds of the same length, low to high`;
  }
}

const NUM = { allowNaN: false, allowInfinity: false };
const Between = (min: number, max: number) => (target: object, key: string) => {
  Min(min, { message: `$property must be at least ${min}` })(target, key);
  Max(max, { message: `$property must be at most ${max}` })(target, key);
};
const Dimension = () => (target: object, key: string) => {
  Optional()(target, key);
  IsNumber(NUM, { message: "$property must be a number" })(target, key);
  Between(0.1, 10_000)(target, key);
};
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A shipment's parcels (a quote's, a booking's): 1 to 50. */
export const Parcels = () => (target: object, key: string) => {
  Nested(() => ParcelDimsInput, { each: true, listMessage: "$property must list 1 to 50 parcels" })(target, key);
  ArrayMinSize(1, { message: "$property must list 1 to 50 parcels" })(target, key);
  ArrayMaxSize(50, { message: "$property must list 1 to 50 parcels" })(target, key);
};
/** An optional amount in the currency's smallest unit, at most MAX_AMOUNT_MINOR (the setting max_amount is the service's). */
export const AmountField = () => (target: object, key: string) => {
  Optional()(target, key);
  WholeNumber(0, MAX_AMOUNT_MINOR)(target, key);
};
/** A day as YYYY-MM-DD (a real one). */
export const DateText = () => (target: object, key: string) => {
  Name(10)(target, key);
  ValidateBy({
    name: "isoDate",
    validator: {
      validate: (v) => typeof v !== "string" || (DATE.test(v.trim()) && new Date(`${v.trim()}T00:00:00Z`).toISOString().startsWith(v.trim())),
      defaultMessage: () => "$property must be a date as YYYY-MM-DD",
    },
  })(target, key);
};
export const ShipDate = () => (target: object, key: string) => {
  Optional()(target, key);
  DateText()(target, key);
};

/** A number, whole, within min and max ("must be a number" first, as for text sent where a number belongs). */
export const WholeNumber = (min: number, max: number) => (target: object, key: string) => {
  IsNumber({ allowNaN: false, allowInfinity: false }, { message: "$property must be a number" })(target, key);
  Min(min, { message: `$property must be at least ${min}` })(target, key);
  Max(max, { message: `$property must be at most ${max}` })(target, key);
  IsInt({ message: "$property must be a whole number" })(target, key);
};

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
  @Field(() => Boolean, { description: "false: the caller's rate card prices nothing yet (no zones, services or lanes set), so no route has a price" })
  rates_set: boolean;
}

// Inputs: the shapes on the wire; the service checks every field (messages name it, e.g. lanes[0].brackets[1].amount).

@InputType()
export class ZoneInput {
  @Field(() => String, { nullable: true }) @WhenPresent() @Required() @Name(100) name?: string;
  @Field(() => [String], { nullable: true })
  @WhenPresent()
  @Required()
  @TextList(countryCheck)
  @ArrayMinSize(1, { message: "$property must list at least one country" })
  countries?: string[];
  @Field(() => [String], { nullable: true }) @Optional() @TextList(postcodeCheck) @Validate(RangeBounds) postcodes?: string[] | null;
}

@InputType()
export class ServiceInput {
  @Field(() => String, { nullable: true })
  @WhenPresent()
  @Required()
  @Name(32)
  @Matches(SERVICE_CODE, { message: "$property may hold only letters, digits, - and _ (at most 32)" })
  code?: string;
  @Field(() => String, { nullable: true }) @WhenPresent() @Required() @Name(100) name?: string;
  @Field(() => Int, { nullable: true }) @WhenPresent() @Required() @WholeNumber(0, 60) transit_days_min?: number;
  @Field(() => Int, { nullable: true }) @WhenPresent() @Required() @WholeNumber(0, 60) transit_days_max?: number;
  @Field(() => String, { nullable: true, description: "HH:MM (default 17:00)" })
  @WhenPresent()
  @Required()
  @Name(5)
  @Matches(TIME, { message: "$property must be a time as HH:MM" })
  cutoff?: string;
  @Field(() => Int, { nullable: true, description: "default 5000" }) @WhenPresent() @Required() @WholeNumber(1, 100_000) volumetric_divisor?: number;
  @Field(() => Boolean, { nullable: true }) @Optional() @IsBoolean({ message: "$property must be true or false" }) active?: boolean;
}

@InputType()
export class BracketInput {
  @Field(() => Float) @Required() @IsNumber(NUM, { message: "$property must be a number" }) @Between(0.001, 100_000) up_to_kg: number;
  @Field(() => Int) @Required() @WholeNumber(0, MAX_AMOUNT_MINOR) amount: number;
}

/** No two brackets of a lane for the same weight. */
const DistinctWeights = () =>
  ValidateBy({
    name: "distinctWeights",
    validator: {
      validate: (v) => {
        if (!Array.isArray(v)) return true;
        const w = v.map((b: { up_to_kg?: unknown }) => b?.up_to_kg).filter((x) => typeof x === "number");
        return new Set(w).size === w.length;
      },
      defaultMessage: () => "$property must not repeat an up_to_kg",
    },
  });

@InputType()
export class LaneInput {
  @Field(() => String) @Required() @Name(32) service: string;
  @Field(() => String) @Required() @Name(100) from_zone: string;
  @Field(() => String) @Required() @Name(100) to_zone: string;
  @Field(() => [BracketInput])
  @Nested(() => BracketInput, { each: true, listMessage: "$property must list at least one bracket" })
  @ArrayMinSize(1, { message: "$property must list at least one bracket" })
  @ArrayMaxSize(100, { message: "$property must hold at most 100 brackets" })
  @DistinctWeights()
  brackets: BracketInput[];
  @Field(() => Int, { nullable: true }) @Optional() @WholeNumber(0, MAX_AMOUNT_MINOR) per_kg_above?: number | null;
}

const kindOf = (o: object) => {
  const { code, kind } = o as { code?: unknown; kind?: unknown };
  return typeof kind === "string" && kind.trim() ? kind.trim() : typeof code === "string" ? SURCHARGE_KINDS[code.trim() as SurchargeCode] : undefined;
};
/** A fixed surcharge's value is an amount (whole, at most MAX_AMOUNT_MINOR); a percentage is 0 to 1000. */
const SurchargeValue = () => {
  const problem = (v: unknown, o: object): string | null => {
    if (typeof v !== "number" || !Number.isFinite(v)) return "must be a number";
    const fixed = kindOf(o) === "fixed";
    const max = fixed ? MAX_AMOUNT_MINOR : 1000;
    if (v < 0) return "must be at least 0";
    if (v > max) return `must be at most ${max}`;
    return fixed && !Number.isInteger(v) ? "must be a whole number" : null;
  };
  return ValidateBy({
    name: "surchargeValue",
    validator: { validate: (v, a) => problem(v, a!.object) === null, defaultMessage: (a) => `$property ${problem(a!.value, a!.object)}` },
  });
};

@InputType()
export class SurchargeInput {
  @Field(() => String)
  @Required()
  @Name(20)
  @IsIn(Object.keys(SURCHARGE_KINDS), { message: "$property must be fuel, remote, cod or insurance" })
  code: string;
  @Field(() => String, { nullable: true })
  @Optional()
  @Name(10)
  @ValidateBy({
    name: "kindOfCode",
    validator: {
      validate: (v, a) => {
        const want = SURCHARGE_KINDS[String((a!.object as { code?: unknown }).code) as SurchargeCode];
        return !want || typeof v !== "string" || v.trim() === want;
      },
      defaultMessage: (a) => {
        const code = String((a!.object as { code?: unknown }).code);
        return `$property of ${code} must be ${SURCHARGE_KINDS[code as SurchargeCode]}`;
      },
    },
  })
  kind?: string;
  @Field(() => Float) @Required() @SurchargeValue() value: number;
  @Field(() => Int, { nullable: true }) @Optional() @WholeNumber(0, MAX_AMOUNT_MINOR) min?: number | null;
  @Field(() => [String], { nullable: true })
  @ValidateIf((o: { code?: unknown }, v) => o.code === "remote" || (v !== undefined && v !== null))
  @Required()
  @TextList(() => null)
  zones?: string[] | null;
}

@InputType()
export class RateCardInput {
  @Field(() => String, { nullable: true }) @Optional() @Name(100) name?: string;
  @Field(() => [LaneInput])
  @Nested(() => LaneInput, { each: true })
  @ArrayMaxSize(5000, { message: "$property must hold at most 5000 lanes" })
  lanes: LaneInput[];
  @Field(() => [SurchargeInput], { nullable: true }) @Optional() @Nested(() => SurchargeInput, { each: true }) surcharges?: SurchargeInput[];
}

@InputType()
export class ParcelDimsInput {
  @Field(() => Float)
  @Required()
  @IsNumber(NUM, { message: "$property must be a number" })
  @Between(0.001, 10_000)
  @ValidateBy({
    name: "dimsTogether",
    validator: {
      validate: (_v, a) => {
        const o = a!.object as Record<string, unknown>;
        const given = ["length_cm", "width_cm", "height_cm"].map((f) => o[f] !== undefined && o[f] !== null && o[f] !== "");
        return given.every(Boolean) || !given.some(Boolean);
      },
      defaultMessage: () => "{prefix}length_cm width_cm and height_cm go together (all three or none)",
    },
  })
  weight_kg: number;
  @Field(() => Float, { nullable: true }) @Dimension() length_cm?: number | null;
  @Field(() => Float, { nullable: true }) @Dimension() width_cm?: number | null;
  @Field(() => Float, { nullable: true }) @Dimension() height_cm?: number | null;
}

@InputType()
export class QuoteInput {
  @Field(() => PlaceInput) @Required() @Nested(() => PlaceInput) from: PlaceInput;
  @Field(() => PlaceInput) @Required() @Nested(() => PlaceInput) to: PlaceInput;
  @Field(() => [ParcelDimsInput], { description: "1 to 50" }) @Parcels() parcels: ParcelDimsInput[];
  @Field(() => Int, { nullable: true, description: "Smallest unit of the currency" }) @AmountField() declared_value?: number | null;
  @Field(() => Int, { nullable: true, description: "Smallest unit of the currency" }) @AmountField() cod_amount?: number | null;
  @Field(() => String, { nullable: true, description: "YYYY-MM-DD (default today)" }) @ShipDate() ship_date?: string | null;
}
