import { Field, ObjectType } from "type-graphql";
import { Page } from "../page/page.type.js";
import { Review } from "../review/review.type.js";
import { PublicSettings } from "../settings/settings.type.js";

@ObjectType({ description: "What the site needs at start-up" })
export class SiteGraph {
  @Field(() => [Page]) pages: Page[];
  @Field(() => Boolean, { description: "Whether this client has an admin session" }) admin: boolean;
  @Field(() => [Review]) reviews: Review[];
  @Field(() => PublicSettings) settings: PublicSettings;
}
