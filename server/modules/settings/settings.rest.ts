import type { FastifyInstance } from "fastify";
import { route } from "../../rest/route.js";
import { can } from "../../../shared/core/permissions.js";
import { data } from "../../rest/schemas.js";
import { CodSettingsInput, ContactSettingsInput, GeneralSettingsInput, HtmlSettingsInput, MailSettingsInput, ShippingSettingsInput } from "./settings.input.js";
import { DispatchSettingsInput } from "../dispatch/dispatch.input.js";
import { MessageSettingsInput } from "../message/message.input.js";
import * as settings from "./settings.service.js";
import { providersView } from "../message/providers.js";

export function registerSettingsRoutes(api: FastifyInstance): void {
  route(api, {
    method: "GET",
    url: "/settings",
    op: "site.settings",
    tag: "site",
    summary: "Settings: the public subset, or all of them for an admin",
    data: data.ref("Settings"),
    // The full object (mail settings too) for members who send e-mail or change settings.
    // The WhatsApp verify token (a shared secret with Meta) only for those who may change settings: a member with mail
    // alone (a dispatcher) reads it as "".
    handler: async ({ ctx }) => {
      const m = await ctx.auth.admin();
      if (!m || !(can(m.role, "mail") || can(m.role, "settings"))) return settings.getPublicSettings();
      const all = { ...(await settings.getSettings()), message_providers: providersView() };
      return can(m.role, "settings") ? all : { ...all, whatsapp_verify_token: "" };
    },
  });
  route(api, {
    method: "PATCH",
    url: "/settings",
    op: "settings.update",
    tag: "site",
    message: "Settings saved",
    summary:
      "Save one settings group: general (language: the company's), mail, html (meta_description, chat_code), contact (company_name and the contact fields, contact_email required), the delivery day (depot, speed, stop minutes, notify_stops_before, delivery_window_minutes) shipping (shipper_signup, currency, pickup_cutoff, max_amount) cash on delivery (cod_max, courier_cash_limit) or messages (sms_enabled, whatsapp_enabled, channel_order, sms_daily_limit, the WhatsApp templates and verify token)",
    body: [
      GeneralSettingsInput,
      MailSettingsInput,
      HtmlSettingsInput,
      ContactSettingsInput,
      DispatchSettingsInput,
      ShippingSettingsInput,
      CodSettingsInput,
      MessageSettingsInput,
    ],
    data: data.ref("Settings"),
    handler: async ({ req }) => ({ ...(await settings.updateSettingsGroup(req.body)), message_providers: providersView() }),
  });
}
