import { Field, InputType, Int } from "type-graphql";
import { IsIn, IsInt } from "class-validator";
import { Optional, Required, Text, WhenPresent, IsId } from "../../core/validation.js";

export const PAGE_ICONS = ["people", "copyright", "pages", "folder"];
export const PAGE_HEROES = ["hero-mixed", "hero-air", "hero-sea", "hero-road", "hero-warehouse"];
export const PAGE_OVERLAYS = ["overlay1", "overlay2", "overlay3"];
const CONTENT_MAX = 50_000;
const iconMsg = { message: "icon must be one of people, copyright, pages, folder" };
// The client ships exactly these hero images and overlays; anything else would show a broken banner.
const heroMsg = { message: `hero must be one of ${PAGE_HEROES.join(", ")}` };
const overlayMsg = { message: `overlay must be one of ${PAGE_OVERLAYS.join(", ")}` };

@InputType()
export class CreatePageInput {
  @Field(() => String) @Required() @Text() title: string;
  @Field(() => String) @Required() @Text(CONTENT_MAX) content: string;
  @Field(() => String, { nullable: true }) @Optional() @IsIn(PAGE_ICONS, iconMsg) icon?: string;
  @Field(() => String, { nullable: true }) @Optional() @Text() sub_title?: string;
  @Field(() => String, { nullable: true }) @Optional() @IsIn(PAGE_HEROES, heroMsg) hero?: string;
  @Field(() => String, { nullable: true }) @Optional() @IsIn(PAGE_OVERLAYS, overlayMsg) overlay?: string;
}

@InputType()
export class UpdatePageInput {
  @Field(() => Int) @Required() @IsId() id: number;
  @Field(() => String, { nullable: true }) @WhenPresent() @Required() @Text() title?: string;
  @Field(() => String, { nullable: true }) @WhenPresent() @Required() @Text(CONTENT_MAX) content?: string;
  @Field(() => String, { nullable: true }) @Optional() @IsIn(PAGE_ICONS, iconMsg) icon?: string;
  @Field(() => String, { nullable: true }) @Optional() @Text() sub_title?: string;
  @Field(() => String, { nullable: true }) @Optional() @IsIn(PAGE_HEROES, heroMsg) hero?: string;
  @Field(() => String, { nullable: true }) @Optional() @IsIn(PAGE_OVERLAYS, overlayMsg) overlay?: string;
}
