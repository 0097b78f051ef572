import { Field, ObjectType } from "type-graphql";

@ObjectType()
export class AdminAccount {
  @Field(() => String) email: string;
  @Field(() => String, { description: "owner, dispatcher or courier" }) role: string;
}
