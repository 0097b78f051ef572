import { Field, Float, InputType, Int } from "type-graphql";
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsDateString, IsInt, IsNumber, IsObject, Matches, Max, Min } from "class-validator";
import { IsId, Optional, Required, Text, WhenPresent } from "../../core/validation.js";
import { DISPATCH_LIMITS, dispatchRangeMessage, type DispatchSettingKey } from "../../../shared/modules/settings/settings.codes.js";

/** At most this many stops on a run (and positions in one batch). */
export const MAX_STOPS = 200;
export const MAX_POSITIONS = 500;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const dateMsg = { message: "date must be a date (YYYY-MM-DD)" };

export class DispatchQuery {
  @Required() @Matches(DATE, dateMsg) date: string;
}

export class RunsQuery {
  @Optional() @Matches(DATE, dateMsg) date?: string;
}

@InputType({ description: "A stop to put on a run: a parcel by its tracking code, or a pickup by its id" })
export class RunStopInput {
  @Field(() => String, { nullable: true }) @Optional() @Text(100) tracking_code?: string | null;
  @Field(() => Int, { nullable: true }) @Optional() @IsId() pickup_id?: number | null;
}

@InputType()
export class LatLngInput {
  @Field(() => Float) @Required() @IsNumber({}, { message: "latitude must be a number" }) @Min(-90) @Max(90) latitude: number;
  @Field(() => Float) @Required() @IsNumber({}, { message: "longitude must be a number" }) @Min(-180) @Max(180) longitude: number;
}

const stopsMsg = { message: `stops must hold at most ${MAX_STOPS} stops` };
/** A new run has a stop at least (a planned run may be emptied later, then deleted or given stops). */
const newStopsMsg = { message: `stops must hold 1 to ${MAX_STOPS} stops` };

@InputType({ description: "A new run: its courier, date and stops; optimize orders them for the shortest round" })
export class CreateRunInput {
  @Field(() => Int) @Required() @IsId() courier_id: number;
  @Field(() => String, { description: "YYYY-MM-DD" }) @Required() @Matches(DATE, dateMsg) date: string;
  @Field(() => [RunStopInput], { description: `1 to ${MAX_STOPS} stops` })
  @Required()
  @IsArray(newStopsMsg)
  @ArrayMinSize(1, newStopsMsg)
  @ArrayMaxSize(MAX_STOPS, newStopsMsg)
  stops: RunStopInput[];
  @Field(() => Boolean, { nullable: true }) @Optional() @IsBoolean({ message: "optimize must be true or false" }) optimize?: boolean | null;
  @Field(() => LatLngInput, { nullable: true, description: "Where the round starts and ends (default: the depot)" })
  @Optional()
  @IsObject({ message: "start must be an object with latitude and longitude" })
  start?: LatLngInput | null;
}

@InputType({ description: "Changes to a planned run: fields left out stay as they are; stops replaces the list" })
export class UpdateRunInput {
  @Field(() => Int) @Required() @IsId() id: number;
  @Field(() => [RunStopInput], { nullable: true }) @WhenPresent() @IsArray(stopsMsg) @ArrayMaxSize(MAX_STOPS, stopsMsg) stops?: RunStopInput[];
  @Field(() => Int, { nullable: true }) @WhenPresent() @IsId() courier_id?: number;
  @Field(() => Boolean, { nullable: true }) @Optional() @IsBoolean({ message: "optimize must be true or false" }) optimize?: boolean | null;
  @Field(() => LatLngInput, { nullable: true })
  @Optional()
  @IsObject({ message: "start must be an object with latitude and longitude" })
  start?: LatLngInput | null;
}

@InputType({ description: "One position of the courier's phone" })
export class PositionInput {
  @Field(() => Float) @Required() @IsNumber({}, { message: "latitude must be a number" }) @Min(-90) @Max(90) latitude: number;
  @Field(() => Float) @Required() @IsNumber({}, { message: "longitude must be a number" }) @Min(-180) @Max(180) longitude: number;
  @Field(() => String, { description: "When (ISO 8601)" }) @Required() @IsDateString({}, { message: "at must be a date-time (ISO 8601)" }) at: string;
  @Field(() => Float, { nullable: true, description: "Metres" })
  @Optional()
  @IsNumber({}, { message: "accuracy must be a number" })
  @Min(0)
  @Max(100_000)
  accuracy?: number | null;
}

const positionsMsg = { message: `positions must hold 1 to ${MAX_POSITIONS} positions` };
export class PositionsInput {
  @Required() @IsArray(positionsMsg) @ArrayMinSize(1, positionsMsg) @ArrayMaxSize(MAX_POSITIONS, positionsMsg) positions: PositionInput[];
}

/** A delivery-day number within its DISPATCH_LIMITS (shared/modules/settings/settings.codes.ts), the message naming the field. */
const InLimits = (key: DispatchSettingKey) => (target: object, prop: string) => {
  const l = DISPATCH_LIMITS[key];
  const message = { message: dispatchRangeMessage(key) };
  (l.whole ? IsInt(message) : IsNumber({ allowNaN: false, allowInfinity: false }, message))(target, prop);
  Min(l.min, message)(target, prop);
  Max(l.max, message)(target, prop);
};

@InputType({ description: "The delivery day's settings: fields left out stay as they are" })
export class DispatchSettingsInput {
  @Field(() => Float, { nullable: true, description: "The depot's latitude (with depot_longitude, or both null: no depot)" })
  @Optional()
  @InLimits("depot_latitude")
  depot_latitude?: number | null;
  @Field(() => Float, { nullable: true }) @Optional() @InLimits("depot_longitude") depot_longitude?: number | null;
  @Field(() => Float, { nullable: true, description: "km/h, for ETAs" }) @WhenPresent() @InLimits("courier_speed_kmh") courier_speed_kmh?: number;
  @Field(() => Float, { nullable: true, description: "Minutes at each stop, for ETAs" }) @WhenPresent() @InLimits("stop_minutes") stop_minutes?: number;
  @Field(() => Int, { nullable: true, description: "A recipient is told once when this many stops are left before theirs" })
  @WhenPresent()
  @InLimits("notify_stops_before")
  notify_stops_before?: number;
  @Field(() => Int, { nullable: true, description: "Minutes: the delivery window a started run gives each stop (default DELIVERY_WINDOW_MINUTES)" })
  @WhenPresent()
  @InLimits("delivery_window_minutes")
  delivery_window_minutes?: number;
}
