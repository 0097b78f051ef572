import { Field, ObjectType } from "type-graphql";
import { Page } from "../page/page.type.js";
import { Review } from "../review/review.type.js";
import { PublicSettings } from "../settings/settings.type.js";
import { UserAccount } from "../shipper/shipper.type.js";

@ObjectType({ description: "What the site needs at start-up" })
export class SiteGraph {
  @Field(() => [Page]) pages: Page[];
  @Field(() => Boolean, { description: "Whether this client has a control panel session (any member of the staff)" }) admin: boolean;
  @Field(() => String, { nullable: true, description: "The signed-in member's role (owner, dispatcher, courier), or null" }) role: string | null;
  @Field(() => UserAccount, { nullable: true, description: "The signed-in shipper (section 10's user), or null" }) user: UserAccount | null;
  @Field(() => [Review]) reviews: Review[];
  @Field(() => PublicSettings) settings: PublicSettings;
}
