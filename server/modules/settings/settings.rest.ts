import type { FastifyInstance } from "fastify";
import { route } from "../../rest/route.js";
import { data } from "../../rest/schemas.js";
import { ContactSettingsInput, HtmlSettingsInput, MailSettingsInput } from "./settings.input.js";
import * as settings from "./settings.service.js";

export function registerSettingsRoutes(api: FastifyInstance): void {
  route(api, {
    method: "GET", url: "/settings", tag: "site", summary: "Settings: the public subset, or all of them for an admin",
    data: data.ref("Settings"),
    handler: async ({ ctx }) => ((await ctx.auth.admin()) ? settings.getSettings() : settings.getPublicSettings()),
  });
  route(api, {
    method: "PATCH", url: "/settings", tag: "site", admin: true, message: "Settings saved",
    summary: "Save one settings group: mail, html (meta_description, chat_code) or contact (contact_email required)",
    body: [MailSettingsInput, HtmlSettingsInput, ContactSettingsInput], data: data.ref("Settings"),
    handler: ({ req }) => settings.updateSettingsGroup(req.body),
  });
}
