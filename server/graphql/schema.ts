import "reflect-metadata";
import type { GraphQLSchema } from "graphql";
import { EventEmitter, on } from "node:events";
import { buildSchema, type PubSub } from "type-graphql";
import { projectPath } from "../core/paths.js";
import { ActivityResolver } from "../modules/activity/activity.resolver.js";
import { AdminResolver } from "../modules/admin/admin.resolver.js";
import { DeliveryResolver } from "../modules/delivery/delivery.resolver.js";
import { GraphResolver } from "../modules/graph/graph.resolver.js";
import { ImportResolver } from "../modules/import/import.resolver.js";
import { InvoiceResolver } from "../modules/invoice/invoice.resolver.js";
import { MailResolver } from "../modules/mail/mail.resolver.js";
import { PageResolver } from "../modules/page/page.resolver.js";
import { ParcelResolver } from "../modules/parcel/parcel.resolver.js";
import { ReviewResolver } from "../modules/review/review.resolver.js";
import { ScanResolver } from "../modules/scan/scan.resolver.js";
import { SettingsResolver } from "../modules/settings/settings.resolver.js";
import { StaffResolver } from "../modules/staff/staff.resolver.js";
import { AuditResolver } from "../modules/audit/audit.resolver.js";
import { WebhookResolver } from "../modules/webhook/webhook.resolver.js";
import { MessageResolver, SettingsProvidersResolver } from "../modules/message/message.resolver.js";
import { TotpResolver } from "../modules/totp/totp.resolver.js";
import { ApiKeyResolver } from "../modules/apikey/apikey.resolver.js";
import { DispatchResolver } from "../modules/dispatch/dispatch.resolver.js";
import { ShipperResolver } from "../modules/shipper/shipper.resolver.js";
import { RatesResolver } from "../modules/rates/rates.resolver.js";
import { BookingResolver } from "../modules/booking/booking.resolver.js";
import { PickupResolver } from "../modules/booking/pickup.resolver.js";
import { StatementResolver } from "../modules/booking/statement.resolver.js";
import { CashupResolver } from "../modules/cod/cashup.resolver.js";
import { RemittanceResolver } from "../modules/cod/remittance.resolver.js";
import { CodParcelResolver, CodResolver } from "../modules/cod/cod.resolver.js";
import { GeocodeResolver } from "../modules/geocode/geocode.resolver.js";
import { ReportsResolver } from "../modules/reports/reports.resolver.js";

export const SCHEMA_FILE = projectPath("schema/schema.graphql");

const resolvers = [
  GraphResolver,
  ParcelResolver,
  ActivityResolver,
  PageResolver,
  ReviewResolver,
  SettingsResolver,
  AdminResolver,
  InvoiceResolver,
  MailResolver,
  WebhookResolver,
  MessageResolver,
  SettingsProvidersResolver,
  DeliveryResolver,
  ScanResolver,
  ImportResolver,
  StaffResolver,
  TotpResolver,
  DispatchResolver,
  ApiKeyResolver,
  ShipperResolver,
  RatesResolver,
  BookingResolver,
  PickupResolver,
  StatementResolver,
  CashupResolver,
  RemittanceResolver,
  CodResolver,
  CodParcelResolver,
  AuditResolver,
  GeocodeResolver,
  ReportsResolver,
] as const;

/**
 * type-graphql's topics for @Subscription({ topics }), in this process. The one subscription there is
 * (parcelLive) makes its own stream (live.subscription.ts), fed across processes by the bus.
 */
const topics = new EventEmitter().setMaxListeners(0);
const pubSub: PubSub = {
  publish: (routingKey, ...args) => void topics.emit(routingKey, ...args),
  subscribe: (routingKey) =>
    (async function* () {
      for await (const [payload] of on(topics, routingKey)) yield payload;
    })(),
};

let built: Promise<GraphQLSchema> | undefined;

/** The one schema; `npm run schema` writes it to schema/schema.graphql. */
export function schema(): Promise<GraphQLSchema> {
  built ??= buildSchema({
    resolvers,
    pubSub,
    // skipMissingProperties: false as REST's validated() has it. type-graphql turns it on unless told (validate-arg.js),
    // and then a null skips every rule of its field: `max_amount: null` reached the database as "" (an internal error),
    // `currency: null` was saved as an empty currency. WhenPresent() and Optional() say per field what may be left out.
    validate: { forbidUnknownValues: false, skipMissingProperties: false, validationError: { target: false, value: false } },
    emitSchemaFile: false,
  });
  return built;
}
