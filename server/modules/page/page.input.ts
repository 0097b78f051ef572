import { Field, InputType, Int } from "type-graphql";
import { IsIn } from "class-validator";
import { Optional, Required, Text, WhenPresent, IsId } from "../../core/validation.js";
import { pageLink, type PageArgs } from "../common/paging.js";
import { MAX_LENGTH } from "../../../shared/core/lengths.codes.js";
import { PAGE_HEROES, PAGE_ICONS, PAGE_OVERLAYS } from "../../../shared/modules/page/page.codes.js";

const iconMsg = { message: `icon must be one of ${PAGE_ICONS.join(", ")}` };
// The client ships exactly these hero images and overlays; anything else would show a broken banner.
const heroMsg = { message: `hero must be one of ${PAGE_HEROES.join(", ")}` };
const overlayMsg = { message: `overlay must be one of ${PAGE_OVERLAYS.join(", ")}` };

@InputType()
export class CreatePageInput {
  @Field(() => String) @Required() @Text() title: string;
  @Field(() => String) @Required() @Text(MAX_LENGTH.pageContent) content: string;
  @Field(() => String, { nullable: true }) @Optional() @IsIn(PAGE_ICONS, iconMsg) icon?: string;
  @Field(() => String, { nullable: true }) @Optional() @Text() sub_title?: string;
  @Field(() => String, { nullable: true }) @Optional() @IsIn(PAGE_HEROES, heroMsg) hero?: string;
  @Field(() => String, { nullable: true }) @Optional() @IsIn(PAGE_OVERLAYS, overlayMsg) overlay?: string;
}

@InputType()
export class UpdatePageInput {
  @Field(() => Int) @Required() @IsId() id: number;
  @Field(() => String, { nullable: true }) @WhenPresent() @Required() @Text() title?: string;
  @Field(() => String, { nullable: true }) @WhenPresent() @Required() @Text(MAX_LENGTH.pageContent) content?: string;
  @Field(() => String, { nullable: true }) @Optional() @IsIn(PAGE_ICONS, iconMsg) icon?: string;
  @Field(() => String, { nullable: true }) @Optional() @Text() sub_title?: string;
  @Field(() => String, { nullable: true }) @Optional() @IsIn(PAGE_HEROES, heroMsg) hero?: string;
  @Field(() => String, { nullable: true }) @Optional() @IsIn(PAGE_OVERLAYS, overlayMsg) overlay?: string;
}

/** The list's next_page_url (both doors): its search kept. */
export const linkPagePage = pageLink<PageArgs>("/api/pages");
