import { Arg, Ctx, Mutation, Query, Resolver, UseMiddleware } from "type-graphql";
import type { Context } from "../../core/context.js";
import { AdminOnly } from "../../graphql/guards.js";
import { ContactSettingsInput, HtmlSettingsInput, MailSettingsInput } from "./settings.input.js";
import * as settings from "./settings.service.js";
import { PublicSettings, Settings } from "./settings.type.js";

@Resolver()
export class SettingsResolver {
  @Query(() => PublicSettings, { description: "Public settings (no mail settings)" })
  settings() {
    return settings.getPublicSettings();
  }

  @Query(() => Settings, { description: "Admin: all settings" })
  @UseMiddleware(AdminOnly)
  adminSettings() {
    return settings.getSettings();
  }

  @Mutation(() => Settings)
  @UseMiddleware(AdminOnly)
  updateMailSettings(@Arg("input", () => MailSettingsInput) input: MailSettingsInput) {
    return settings.updateMailSettings(input);
  }

  @Mutation(() => Settings)
  @UseMiddleware(AdminOnly)
  updateHtmlSettings(@Arg("input", () => HtmlSettingsInput) input: HtmlSettingsInput) {
    return settings.updateHtmlSettings(input);
  }

  @Mutation(() => Settings)
  @UseMiddleware(AdminOnly)
  updateContactSettings(@Arg("input", () => ContactSettingsInput) input: ContactSettingsInput, @Ctx() _ctx: Context) {
    return settings.updateContactSettings(input);
  }
}
