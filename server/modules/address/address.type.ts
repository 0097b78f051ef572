import { Field, Float, InputType, ObjectType } from "type-graphql";
import { IsNumber, Matches, Max, Min, ValidateBy } from "class-validator";
import { Name, Optional, Required } from "../../core/validation.js";
import { isCountry, postcodeFits } from "./address.rules.js";

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

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const number = (min: number, max: number) => (target: object, key: string) => {
  Optional()(target, key);
  IsNumber({ allowNaN: false, allowInfinity: false }, { message: "$property must be a number" })(target, key);
  Min(min, { message: `$property must be at least ${min}` })(target, key);
  Max(max, { message: `$property must be at most ${max}` })(target, key);
};
/** Latitude and longitude come together: this one is given while `other` is missing. */
const pairedWith = (other: "latitude" | "longitude") =>
  ValidateBy({
    name: "paired",
    validator: {
      validate: (_v, a) => !blank((a!.object as Record<string, unknown>)[other]),
      defaultMessage: () => `{prefix}${other} is required with {prefix}$property`,
    },
  });
const blank = (v: unknown) => v === undefined || v === null || v === "";

/** An ISO 3166-1 alpha-2 code, in any case and spacing (stored trimmed, upper case). */
export const isCountryCode = (v: string) => isCountry(v.trim().toUpperCase());

/** An ISO 3166-1 alpha-2 code, in any case (stored upper case). */
export const CountryCode = () => (target: object, key: string) => {
  Required()(target, key);
  Name(12)(target, key);
  ValidateBy({
    name: "country",
    validator: {
      validate: (v) => typeof v !== "string" || isCountry(v.trim().toUpperCase()),
      defaultMessage: () => "$property must be an ISO 3166-1 alpha-2 country code (e.g. DE)",
    },
  })(target, key);
};

/** A postcode in the format of the object's country, where the format is known. */
export const Postcode = () => (target: object, key: string) => {
  Optional()(target, key);
  Name(20)(target, key);
  ValidateBy({
    name: "postcode",
    validator: {
      validate: (v, a) => {
        if (!a) return true;
        const c = (a.object as { country?: unknown }).country;
        if (typeof v !== "string" || !v.trim() || typeof c !== "string" || !isCountry(c.trim().toUpperCase())) return true;
        return postcodeFits(v.trim(), c.trim().toUpperCase());
      },
      defaultMessage: (a) =>
        `$property does not fit the postcode format of ${String((a!.object as { country: string }).country)
          .trim()
          .toUpperCase()}`,
    },
  })(target, key);
};

/** The wire shape of an address sent by a client (toAddress() in address.rules.ts makes the stored one). */
@InputType({ description: "An address: name, line1, city and country required; latitude and longitude together or not at all" })
export class AddressInput {
  @Field(() => String) @Required() @Name() name: string;
  @Field(() => String, { nullable: true }) @Optional() @Name() company?: string | null;
  @Field(() => String) @Required() @Name() line1: string;
  @Field(() => String, { nullable: true }) @Optional() @Name() line2?: string | null;
  @Field(() => String) @Required() @Name() city: string;
  @Field(() => String, { nullable: true }) @Postcode() postcode?: string | null;
  @Field(() => String, { nullable: true }) @Optional() @Name() region?: string | null;
  @Field(() => String, { description: "ISO 3166-1 alpha-2" }) @CountryCode() country: string;
  @Field(() => String, { nullable: true }) @Optional() @Name(40) phone?: string | null;
  @Field(() => String, { nullable: true })
  @Optional()
  @Name()
  @Matches(EMAIL, { message: "$property must be an e-mail address" })
  email?: string | null;
  @Field(() => Float, { nullable: true }) @pairedWith("longitude") @number(-90, 90) latitude?: number | null;
  @Field(() => Float, { nullable: true }) @pairedWith("latitude") @number(-180, 180) longitude?: number | null;
}

@InputType({ description: "A place of a quote: country, and postcode and city when known" })
export class PlaceInput {
  @Field(() => String, { description: "ISO 3166-1 alpha-2" }) @CountryCode() country: string;
  @Field(() => String, { nullable: true }) @Postcode() postcode?: string | null;
  @Field(() => String, { nullable: true }) @Optional() @Name() city?: string | null;
}
