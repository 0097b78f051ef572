import { Field, Int, ObjectType } from "type-graphql";
import { DateTimeISO } from "../common/datetime.scalar.js";
import { PagedType } from "../common/paging.js";
import { Address } from "../address/address.type.js";

@ObjectType({ description: "The signed-in shipper (the spec's user)" })
export class UserAccount {
  @Field(() => Int) id: number;
  @Field(() => String) name: string;
  @Field(() => String) email: string;
  @Field(() => Boolean, { nullable: true, description: "Bookings need a verified e-mail" }) email_verified?: boolean;
  @Field(() => String, { nullable: true, description: "The language of its mails and PDFs (one of the 22 codes); null: the company's language" })
  language?: string | null;
}

@ObjectType({ description: "A shipper as the staff see it; amounts in the currency's smallest unit" })
export class Shipper {
  @Field(() => Int) id: number;
  @Field(() => String) name: string;
  @Field(() => String, { nullable: true }) company: string | null;
  @Field(() => String) email: string;
  @Field(() => Boolean) email_verified: boolean;
  @Field(() => String, { nullable: true, description: "Its own rate card; null: the default card" }) rate_card_id: string | null;
  @Field(() => Int, { nullable: true, description: "null: no limit" }) credit_limit: number | null;
  @Field(() => Int, { description: "Unpaid: bookings not cancelled, less paid statements" }) balance: number;
  @Field(() => Boolean) disabled: boolean;
  @Field(() => String, { nullable: true, description: "The language of its mails and PDFs; null: the company's language" }) language: string | null;
  @Field(() => DateTimeISO) created_at: Date;
}
export const ShipperPage = PagedType(Shipper, "ShipperPage");

@ObjectType({ description: "An address of the shipper's book" })
export class BookAddress extends Address {
  @Field(() => Int) id: number;
  @Field(() => Boolean) is_default: boolean;
}

@ObjectType({ description: "A shipper's API key (the key itself only in the answer that creates it)" })
export class ShipperKey {
  @Field(() => Int) id: number;
  @Field(() => String) name: string;
  @Field(() => String, { description: "The first characters, to tell keys apart" }) prefix: string;
  @Field(() => String, { nullable: true, description: "The key: shown once, at creation" }) key?: string | null;
  @Field(() => DateTimeISO) created_at: Date;
  @Field(() => DateTimeISO, { nullable: true }) last_used_at: Date | null;
}

@ObjectType({ description: "The shipper's keys revoked at once" })
export class RevokedKeys {
  @Field(() => Int, { description: "How many were still active" }) revoked: number;
}
