import { ArgsType, Field, Float, ObjectType } from "type-graphql";
import { MinLength } from "class-validator";
import { Name, Optional, Required } from "../../core/validation.js";
import { CountryCode } from "../address/address.type.js";

@ArgsType()
export class PlaceSearchArgs {
  @Field(() => String, { description: "The address or place to look for (2 to 200 characters)" })
  @Required()
  @Name(200)
  @MinLength(2, { message: "q must be at least 2 characters" })
  q: string;
  @Field(() => String, { nullable: true, description: "Only places in this country (ISO 3166-1 alpha-2); the geocoder is asked for it too" })
  @Optional()
  @CountryCode()
  country?: string | null;
}

@ObjectType({ description: "A place found by the address search", simpleResolvers: true })
export class FoundPlace {
  @Field(() => String, { description: "What the place is called, as one line" }) label: string;
  @Field(() => Float) latitude: number;
  @Field(() => Float) longitude: number;
  @Field(() => String, { nullable: true, description: "ISO 3166-1 alpha-2, upper case, when known" }) country: string | null;
  @Field(() => String, { description: "exact (the geocoder's point for the address) or city (the city's point from the offline gazetteer)" })
  located: string;
}

@ObjectType({ description: "What the address search found, and where it looked" })
export class PlaceSearch {
  @Field(() => String, { description: "geocoder (GEOCODER_URL answered) or gazetteer (the offline list of cities: none configured, or it failed)" })
  source: string;
  @Field(() => String, {
    nullable: true,
    description: "Why the gazetteer answered though a geocoder is configured (timed out, an error, an answer it could not read)",
  })
  notice: string | null;
  @Field(() => [FoundPlace], { description: "At most 5, best first" }) places: FoundPlace[];
}
