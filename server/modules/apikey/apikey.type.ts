import { Field, Int, ObjectType } from "type-graphql";
import { DateTimeISO } from "../common/datetime.scalar.js";

@ObjectType({ description: "Calls made with a key on one UTC day" })
class ApiKeyDay {
  @Field(() => String, { description: "YYYY-MM-DD (UTC)" }) day: string;
  @Field(() => Int) count: number;
}

@ObjectType({ description: "An API key for a third party (the key itself is shown only when created)" })
export class ApiKey {
  @Field(() => Int) id: number;
  @Field(() => String) name: string;
  @Field(() => String, { description: "The key's first characters, to recognise it (ck_abcd)" }) prefix: string;
  @Field(() => [String], { description: "tracking:read, parcels:read, parcels:write, history:write" }) scopes: string[];
  @Field(() => Int, { description: "Calls per minute" }) rate_limit: number;
  @Field(() => DateTimeISO) created_at: Date;
  @Field(() => DateTimeISO, { nullable: true }) last_used_at: Date | null;
  @Field(() => DateTimeISO, { nullable: true, description: "When it was revoked; null while it works" }) revoked_at: Date | null;
  @Field(() => [ApiKeyDay], { description: "Calls per UTC day, the last 14 days, oldest first (days without calls count 0)" }) usage: ApiKeyDay[];
}

@ObjectType({ description: "A key just created: `key` is shown this once and never again" })
export class NewApiKey extends ApiKey {
  @Field(() => String, { description: "Send it as Authorization: Bearer <key>" }) key: string;
}
