import { Arg, Int, Mutation, Query, Resolver } from "type-graphql";
import { Op } from "../../graphql/guards.js";
import { CreateApiKeyInput } from "./apikey.input.js";
import * as keys from "./apikey.service.js";
import { ApiKey, NewApiKey } from "./apikey.type.js";

@Resolver()
export class ApiKeyResolver {
  @Query(() => [ApiKey], { description: "Owner: every API key (newest first) with its use per day; never the key itself" })
  @Op("apiKeys.list")
  apiKeys() {
    return keys.listApiKeys();
  }

  @Mutation(() => NewApiKey, { description: "Owner: create an API key; the answer carries the key, shown this once" })
  @Op("apiKeys.create")
  createApiKey(@Arg("input", () => CreateApiKeyInput) input: CreateApiKeyInput) {
    return keys.createApiKey(input);
  }

  @Mutation(() => ApiKey, { description: "Owner: revoke an API key; it stops working at once on every process" })
  @Op("apiKeys.revoke")
  revokeApiKey(@Arg("id", () => Int) id: number) {
    return keys.revokeApiKey(id);
  }
}
