import { Arg, Mutation, Query, Resolver } from "type-graphql";
import { Op } from "../../graphql/guards.js";
import { DispatchSettingsInput } from "../dispatch/dispatch.input.js";
import { MessageSettingsInput } from "../message/message.input.js";
import { CodSettingsInput, ContactSettingsInput, GeneralSettingsInput, HtmlSettingsInput, MailSettingsInput, ShippingSettingsInput } from "./settings.input.js";
import * as settings from "./settings.service.js";
import { PublicSettings, Settings } from "./settings.type.js";

@Resolver()
export class SettingsResolver {
  @Query(() => PublicSettings, { description: "Public settings (no mail settings)" })
  @Op("site.settings")
  settings() {
    return settings.getPublicSettings();
  }

  @Query(() => Settings, { description: "Admin: all settings" })
  @Op("site.settings.admin")
  adminSettings() {
    return settings.getSettings();
  }

  @Mutation(() => Settings, { description: "The general group: the company's language" })
  @Op("settings.update")
  updateGeneralSettings(@Arg("input", () => GeneralSettingsInput) input: GeneralSettingsInput) {
    return settings.updateGeneralSettings(input);
  }

  @Mutation(() => Settings)
  @Op("settings.update")
  updateMailSettings(@Arg("input", () => MailSettingsInput) input: MailSettingsInput) {
    return settings.updateMailSettings(input);
  }

  @Mutation(() => Settings)
  @Op("settings.update")
  updateHtmlSettings(@Arg("input", () => HtmlSettingsInput) input: HtmlSettingsInput) {
    return settings.updateHtmlSettings(input);
  }

  @Mutation(() => Settings)
  @Op("settings.update")
  updateContactSettings(@Arg("input", () => ContactSettingsInput) input: ContactSettingsInput) {
    return settings.updateContactSettings(input);
  }

  @Mutation(() => Settings, { description: "The shipping group: shipper sign-up, currency, pickup cut-off" })
  @Op("settings.update")
  updateShippingSettings(@Arg("input", () => ShippingSettingsInput) input: ShippingSettingsInput) {
    return settings.updateShippingSettings(input);
  }

  @Mutation(() => Settings, { description: "The delivery day's settings: depot, courier speed, minutes a stop, notify_stops_before, delivery_window_minutes" })
  @Op("settings.update")
  updateDispatchSettings(@Arg("input", () => DispatchSettingsInput) input: DispatchSettingsInput) {
    return settings.updateDispatchSettings(input);
  }

  @Mutation(() => Settings, { description: "Cash on delivery's settings: cod_max, courier_cash_limit (each optional)" })
  @Op("settings.update")
  updateCodSettings(@Arg("input", () => CodSettingsInput) input: CodSettingsInput) {
    return settings.updateCodSettings(input);
  }

  @Mutation(() => Settings, {
    description:
      "Messages to recipients: sms_enabled, whatsapp_enabled, channel_order, sms_daily_limit, the WhatsApp templates and verify token (each optional)",
  })
  @Op("settings.update")
  updateMessageSettings(@Arg("input", () => MessageSettingsInput) input: MessageSettingsInput) {
    return settings.updateMessageSettings(input);
  }
}
