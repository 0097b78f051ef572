import type { FastifyInstance } from "fastify";
import { IdInput } from "../../rest/id.input.js";
import { route } from "../../rest/route.js";
import { data } from "../../rest/schemas.js";
import { CreateApiKeyInput } from "./apikey.input.js";
import * as keys from "./apikey.service.js";

export function registerApiKeyRoutes(api: FastifyInstance): void {
  route(api, {
    method: "GET",
    url: "/api-keys",
    op: "apiKeys.list",
    tag: "api-keys",
    summary: "Every API key, newest first, with its use per day (never the key itself)",
    data: data.list("ApiKey"),
    handler: () => keys.listApiKeys(),
  });
  route(api, {
    method: "POST",
    url: "/api-keys",
    op: "apiKeys.create",
    tag: "api-keys",
    created: true,
    message: "API key created: copy it now, it is not shown again",
    summary: "Create an API key for a third party; `data.key` is shown this once",
    input: CreateApiKeyInput,
    data: data.ref("NewApiKey"),
    handler: ({ input }) => keys.createApiKey(input),
  });
  route(api, {
    method: "DELETE",
    url: "/api-keys",
    op: "apiKeys.revoke",
    tag: "api-keys",
    message: "API key revoked",
    summary: "Revoke an API key: it stops working at once",
    input: IdInput,
    data: data.ref("ApiKey"),
    handler: ({ input }) => keys.revokeApiKey(input.id),
  });
}
