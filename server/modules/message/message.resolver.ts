import { Arg, Args, createParameterDecorator, Ctx, FieldResolver, Mutation, Query, Resolver } from "type-graphql";
import { validated } from "../../core/validation.js";
import { Op } from "../../graphql/guards.js";
import type { Context } from "../../core/context.js";
import { clientKey } from "../../core/client-address.js";
import { MessageListArgs, MessagePreferencesInput, TestMessageInput, linkMessagePage } from "./message.input.js";
import * as messages from "./message.service.js";
import { savePreferences } from "./message.preferences.js";
import { MessagePreferences, MessageProviders, RecipientMessage, RecipientMessagePage } from "./message.type.js";
import { providersView } from "./providers.js";
import { Settings } from "../settings/settings.type.js";

/** The messages query's raw trackingCode argument (see MessageResolver.messages). */
const TrackingCodeArg = () => createParameterDecorator(({ args }) => (args as { trackingCode?: unknown }).trackingCode);

@Resolver()
export class MessageResolver {
  @Query(() => RecipientMessagePage, { description: "Staff (mail): messages to recipients, newest first, by tracking code, channel and status" })
  @Op("messages.list")
  async messages(@Args(() => MessageListArgs) args: MessageListArgs, @TrackingCodeArg() trackingCode: unknown) {
    // The filter's GraphQL name is trackingCode, its property tracking_code (REST's name): type-graphql builds the
    // args' instance by property name, so the code is read from the raw arguments and checked with the rest.
    const input = trackingCode == null ? args : await validated(MessageListArgs, { ...args, tracking_code: trackingCode });
    return linkMessagePage(await messages.listMessages(input), input);
  }

  @Mutation(() => RecipientMessage, { description: "Owner: send a test message (queued and sent like the others)" })
  @Op("messages.test")
  sendTestMessage(@Arg("input", () => TestMessageInput) input: TestMessageInput) {
    return messages.queueTestMessage(input);
  }

  @Mutation(() => MessagePreferences, { description: "The recipient's channels and language for a parcel's messages (verify: the postcode or e-mail)" })
  @Op("parcel.preferences")
  setMessagePreferences(
    @Arg("trackingCode", () => String) trackingCode: string,
    @Arg("input", () => MessagePreferencesInput) input: MessagePreferencesInput,
    @Ctx() ctx: Context,
  ) {
    return savePreferences(trackingCode, input, clientKey(ctx.req));
  }
}

/** The staff's settings carry which providers the server is configured with (read-only: environment variables). */
@Resolver(() => Settings)
export class SettingsProvidersResolver {
  @FieldResolver(() => MessageProviders, { description: "The SMS and WhatsApp providers configured on the server (read-only)" })
  message_providers() {
    return providersView();
  }
}
