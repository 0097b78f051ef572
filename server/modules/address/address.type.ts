import { Field, Float, InputType, ObjectType } from "type-graphql";

@ObjectType({
  description: "A structured address (section 10): country as ISO 3166-1 alpha-2; located says how its coordinates were found",
  simpleResolvers: true,
})
export class Address {
  @Field(() => String) name: string;
  @Field(() => String, { nullable: true }) company: string | null;
  @Field(() => String) line1: string;
  @Field(() => String, { nullable: true }) line2: string | null;
  @Field(() => String) city: string;
  @Field(() => String, { nullable: true }) postcode: string | null;
  @Field(() => String, { nullable: true }) region: string | null;
  @Field(() => String, { description: "ISO 3166-1 alpha-2, upper case" }) country: string;
  @Field(() => String, { nullable: true }) phone: string | null;
  @Field(() => String, { nullable: true }) email: string | null;
  @Field(() => Float, { nullable: true }) latitude: number | null;
  @Field(() => Float, { nullable: true }) longitude: number | null;
  @Field(() => String, { nullable: true, description: "exact (coordinates given), city (placed at its city by the offline gazetteer) or null" })
  located: string | null;
}

@ObjectType({
  description: "A parcel's structured address: every field for the staff; the public view (privacy tier) carries only city and country",
  simpleResolvers: true,
})
export class ParcelAddress {
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => String, { nullable: true }) company?: string | null;
  @Field(() => String, { nullable: true }) line1?: string;
  @Field(() => String, { nullable: true }) line2?: string | null;
  @Field(() => String) city: string;
  @Field(() => String, { nullable: true }) postcode?: string | null;
  @Field(() => String, { nullable: true }) region?: string | null;
  @Field(() => String) country: string;
  @Field(() => String, { nullable: true }) phone?: string | null;
  @Field(() => String, { nullable: true }) email?: string | null;
  @Field(() => Float, { nullable: true }) latitude?: number | null;
  @Field(() => Float, { nullable: true }) longitude?: number | null;
  @Field(() => String, { nullable: true }) located?: string | null;
}

/** The wire shape of an address sent by a client (checked by address.rules.ts readAddress, naming each field). */
@InputType({ description: "An address: name, line1, city and country required; latitude and longitude together or not at all" })
export class AddressInput {
  @Field(() => String) name: string;
  @Field(() => String, { nullable: true }) company?: string | null;
  @Field(() => String) line1: string;
  @Field(() => String, { nullable: true }) line2?: string | null;
  @Field(() => String) city: string;
  @Field(() => String, { nullable: true }) postcode?: string | null;
  @Field(() => String, { nullable: true }) region?: string | null;
  @Field(() => String, { description: "ISO 3166-1 alpha-2" }) country: string;
  @Field(() => String, { nullable: true }) phone?: string | null;
  @Field(() => String, { nullable: true }) email?: string | null;
  @Field(() => Float, { nullable: true }) latitude?: number | null;
  @Field(() => Float, { nullable: true }) longitude?: number | null;
}

@InputType({ description: "A place of a quote: country, and postcode and city when known" })
export class PlaceInput {
  @Field(() => String, { description: "ISO 3166-1 alpha-2" }) country: string;
  @Field(() => String, { nullable: true }) postcode?: string | null;
  @Field(() => String, { nullable: true }) city?: string | null;
}
