import { Field, InputType, Int } from "type-graphql";
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, Max, Min, MinLength } from "class-validator";
import { Name, Required, Optional } from "../../core/validation.js";
import { SCOPES } from "../../../shared/core/permissions.js";

import { DEFAULT_KEY_RATE, MAX_KEY_RATE } from "../../../shared/modules/apikey/apikey.codes.js";
import { MAX_LENGTH } from "../../../shared/core/lengths.codes.js";

@InputType({ description: "A new API key for a third party" })
export class CreateApiKeyInput {
  @Field(() => String, { description: "Who or what uses it, 1..100 characters" })
  @Required()
  @Name(MAX_LENGTH.keyName)
  @MinLength(1, { message: "name must be at least 1 character" })
  name: string;

  @Field(() => [String], { description: `What it may do: ${SCOPES.join(", ")}` })
  @Required()
  @IsArray({ message: "scopes must be a list" })
  @ArrayMinSize(1, { message: "scopes must name at least one scope" })
  @ArrayMaxSize(SCOPES.length, { message: `scopes must name at most ${SCOPES.length} scopes` })
  @IsIn([...SCOPES], { each: true, message: `scopes must be among ${SCOPES.join(", ")}` })
  scopes: string[];

  @Field(() => Int, { nullable: true, description: `Calls per minute, 1..${MAX_KEY_RATE} (default ${DEFAULT_KEY_RATE})` })
  @Optional()
  @IsInt({ message: "rate_limit must be a whole number" })
  @Min(1, { message: "rate_limit must be at least 1" })
  @Max(MAX_KEY_RATE, { message: `rate_limit must be at most ${MAX_KEY_RATE}` })
  rate_limit?: number | null;
}
