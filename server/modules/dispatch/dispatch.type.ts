import { CodDue } from "../cod/cod.type.js";
import { Field, Float, Int, ObjectType } from "type-graphql";
import { DateTimeISO, type IsoTime } from "../common/datetime.scalar.js";

@ObjectType({ description: "A point on the map", simpleResolvers: true })
export class LatLng {
  @Field(() => Float) latitude: number;
  @Field(() => Float) longitude: number;
}

@ObjectType({ description: "Where a stop is: the parcel's destination (text) and its coordinates (null when the parcel has none)", simpleResolvers: true })
export class StopAddress {
  @Field(() => String) text: string;
  @Field(() => Float, { nullable: true }) latitude: number | null;
  @Field(() => Float, { nullable: true }) longitude: number | null;
  @Field(() => String, { nullable: true, description: "How the point was found: exact, city (its city's point only, from the offline gazetteer) or null" })
  located?: string | null;
}

@ObjectType({ description: "A delivery window", simpleResolvers: true })
export class TimeWindow {
  @Field(() => DateTimeISO) from: IsoTime;
  @Field(() => DateTimeISO) to: IsoTime;
}

@ObjectType({ description: "A stop of a run (or, in the dispatch view's unassigned list, a stop to be: id and seq null)", simpleResolvers: true })
export class Stop {
  @Field(() => Int, { nullable: true }) id: number | null;
  @Field(() => Int, { nullable: true, description: "Position in the run, from 1" }) seq: number | null;
  @Field(() => String, { description: "delivery or pickup" }) kind: string;
  @Field(() => String, { nullable: true }) tracking_code: string | null;
  @Field(() => Int, { nullable: true }) pickup_id: number | null;
  @Field(() => StopAddress) address: StopAddress;
  @Field(() => TimeWindow, { nullable: true, description: "Set when the run starts: DELIVERY_WINDOW_MINUTES around the ETA" }) window: TimeWindow | null;
  @Field(() => String, { description: "pending, done, failed or skipped" }) status: string;
  @Field(() => DateTimeISO, { nullable: true, description: "While the run is started and the stop pending" }) eta: Date | null;
  @Field(() => DateTimeISO, { nullable: true }) done_at: Date | null;
  @Field(() => String, { nullable: true, description: "The recipient (deliveries)" }) recipient_name: string | null;
  @Field(() => String, { nullable: true, description: "What the parcel holds" }) contents: string | null;
  @Field(() => String, { nullable: true, description: "The parcel's status code" }) parcel_status: string | null;
  @Field(() => CodDue, { nullable: true, description: "Cash on delivery to collect at this stop (null when nothing is due)" }) cod_due: CodDue | null;
  @Field(() => Boolean, { description: "Whether it can go on a run (the dispatch view's unassigned list; true on a run's stops)" }) plannable: boolean;
  @Field(() => String, { nullable: true, description: 'Why it cannot go on a run (null when it can), in words: "On hold: release it first"' })
  blocked_reason: string | null;
}

@ObjectType({ description: "One courier's round on one date", simpleResolvers: true })
export class Run {
  @Field(() => Int) id: number;
  @Field(() => Int) courier_id: number;
  @Field(() => String, { nullable: true, description: "The courier's e-mail" }) courier_email: string | null;
  @Field(() => String, { nullable: true, description: "The courier's name (null when the member has none: show the e-mail)" }) courier_name: string | null;
  @Field(() => String, { description: "YYYY-MM-DD" }) date: string;
  @Field(() => String, { description: "planned, started or finished" }) status: string;
  @Field(() => LatLng, { description: "Where the round starts and ends (the depot unless given)" }) start: LatLng;
  @Field(() => [Stop], { description: "In order" }) stops: Stop[];
  @Field(() => Float, { description: "The round's length (start, stops, back), km" }) distance_km: number;
  @Field(() => Int, { description: "At courier_speed_kmh plus stop_minutes a stop" }) duration_min: number;
  @Field(() => DateTimeISO, { nullable: true }) started_at: Date | null;
  @Field(() => DateTimeISO, { nullable: true }) finished_at: Date | null;
}

@ObjectType({ description: "A member who may take a run (an active courier or dispatcher)", simpleResolvers: true })
export class RunCourier {
  @Field(() => Int) id: number;
  @Field(() => String) email: string;
  @Field(() => String, { nullable: true, description: "The member's name (null when none is set: show the e-mail)" }) name: string | null;
  @Field(() => String, { description: "courier or dispatcher" }) role: string;
}

@ObjectType({ description: "The dispatch board of a date" })
export class DispatchDay {
  @Field(() => String) date: string;
  @Field(() => [Stop], {
    description:
      "Every parcel not delivered, returned or cancelled on no run of the date (those that can go on a run first, each with plannable and blocked_reason), and the date's requested pickups",
  })
  unassigned: Stop[];
  @Field(() => [Run]) runs: Run[];
  @Field(() => [RunCourier], { description: "The members a run may be given to (active couriers and dispatchers), by name (else e-mail)" })
  couriers: RunCourier[];
  @Field(() => LatLng, { nullable: true, description: "The depot of the settings (null: not set; a run then needs its start)" }) depot: LatLng | null;
}

@ObjectType({ description: "A courier's position", simpleResolvers: true })
export class CourierPosition {
  @Field(() => Float) latitude: number;
  @Field(() => Float) longitude: number;
  @Field(() => DateTimeISO) at: IsoTime;
  @Field(() => Float, { nullable: true, description: "Metres" }) accuracy?: number | null;
}

@ObjectType({ description: "The parcel's stop on a started run: its window, the stops before it, and the courier while heading to it", simpleResolvers: true })
export class Live {
  @Field(() => TimeWindow) window: TimeWindow;
  @Field(() => Int, { nullable: true, description: "Pending stops before this one (absent under the privacy tier without verify)" }) stops_before?:
    number | null;
  @Field(() => CourierPosition, {
    nullable: true,
    description: "Only while the courier is heading to this stop (stops_before 0) and the last position is under 10 minutes old",
  })
  courier?: CourierPosition | null;
}

@ObjectType({ description: "A live update of a parcel (subscription parcelLive)" })
export class ParcelLive {
  @Field(() => String) tracking_code: string;
  @Field(() => Live, { nullable: true, description: "null: the parcel is on no started run (any more)" }) live: Live | null;
}
