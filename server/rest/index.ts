import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { RateLimited } from "../core/ratelimit.js";
import { toAppError } from "./guards.js";
import fastifyMultipart from "@fastify/multipart";
import { config } from "../core/config.js";
import { registerActivityRoutes } from "../modules/activity/activity.rest.js";
import { registerAdminRoutes } from "../modules/admin/admin.rest.js";
import { registerDeliveryRoutes } from "../modules/delivery/delivery.rest.js";
import { registerTotpRoutes } from "../modules/totp/totp.rest.js";
import { registerGraphRoutes } from "../modules/graph/graph.rest.js";
import { registerInvoiceRoutes } from "../modules/invoice/invoice.rest.js";
import { registerLabelRoutes } from "../modules/label/label.rest.js";
import { registerImportRoutes } from "../modules/import/import.rest.js";
import { registerMailRoutes } from "../modules/mail/mail.rest.js";
import { registerPageRoutes } from "../modules/page/page.rest.js";
import { registerParcelRoutes } from "../modules/parcel/parcel.rest.js";
import { registerReviewRoutes } from "../modules/review/review.rest.js";
import { registerScanRoutes } from "../modules/scan/scan.rest.js";
import { registerSettingsRoutes } from "../modules/settings/settings.rest.js";
import { registerAuditRoutes } from "../modules/audit/audit.rest.js";
import { registerWebhookRoutes } from "../modules/webhook/webhook.rest.js";
import { registerMessageRoutes } from "../modules/message/message.rest.js";
import { registerStaffRoutes } from "../modules/staff/staff.rest.js";
import { registerApiKeyRoutes } from "../modules/apikey/apikey.rest.js";
import { registerDispatchRoutes } from "../modules/dispatch/dispatch.rest.js";
import { registerShipperRoutes } from "../modules/shipper/shipper.rest.js";
import { registerRatesRoutes } from "../modules/rates/rates.rest.js";
import { registerBookingRoutes } from "../modules/booking/booking.rest.js";
import { registerReportRoutes } from "../modules/reports/reports.rest.js";
import { registerCashupRoutes } from "../modules/cod/cashup.rest.js";
import { registerRemittanceRoutes } from "../modules/cod/remittance.rest.js";
import { registerCodRoutes } from "../modules/cod/cod.rest.js";
import { registerGeocodeRoutes } from "../modules/geocode/geocode.rest.js";
import { KeyRejected } from "../modules/apikey/apikey.auth.js";
import { keyedFirst } from "./route.js";
import { isMultipart, readMultipart, type MultipartLimits } from "./body.js";
import { writeGuard } from "./guards.js";
import { AppError, SessionRequired } from "../core/errors.js";
import { registerOpenApi } from "./openapi.js";
import { sharedSchemas } from "./schemas.js";

/** The REST facade under /api (registered with that prefix): the contract's envelope on every answer. */
export async function registerRest(api: FastifyInstance): Promise<void> {
  const c = config();

  // Only JSON and multipart bodies exist here; prototype keys in JSON are dropped like any unknown field.
  api.removeAllContentTypeParsers();
  api.addContentTypeParser("application/json", { parseAs: "string", bodyLimit: c.bodyLimitBytes }, api.getDefaultJsonParser("remove", "remove"));
  // A rate card's grid as a file (the routes that declare csv; writeGuard refuses it elsewhere).
  api.addContentTypeParser("text/csv", { parseAs: "string", bodyLimit: c.bodyLimitBytes }, (_req, body, done) => done(null, body));
  // Per-route limits are given when a route reads its form (server/rest/route.ts); these apply otherwise.
  await api.register(fastifyMultipart, {
    limits: { fileSize: c.uploadMaxBytes + 1, files: 0, fields: 10, parts: 10, fieldSize: 1024, headerPairs: 20 },
  });
  // Request bodies are validated by the input classes (one set of rules and messages for both
  // doors), so the request schemas only document; response schemas serialize.
  api.setValidatorCompiler(() => () => true);
  for (const s of await sharedSchemas()) api.addSchema(s);
  await registerOpenApi(api);

  api.addHook("onRequest", keyedFirst);
  // Callback hooks: they run on every API request, most of which need neither.
  api.addHook("onRequest", (req, reply, done) => {
    reply.header("Cache-Control", "no-store");
    try {
      writeGuard(req);
      if (!multipartLimits(req) && /^\s*multipart\//i.test(req.headers["content-type"] ?? "")) throw jsonOnly();
    } catch (e) {
      return done(e as Error);
    }
    done();
  });
  api.addHook("preValidation", (req, _reply, done) => {
    const limits = multipartLimits(req);
    if (!isMultipart(req) || !limits) return done();
    readMultipart(req, limits).then((body) => {
      req.body = body;
      done();
    }, done);
  });
  api.setNotFoundHandler((req, reply) =>
    reply.code(404).send({ status: "404", errors: [`No such API path: ${req.method} ${req.url.split("?")[0].slice(0, 200)}`], message: "", data: null }),
  );

  for (const register of [
    registerGraphRoutes,
    registerSettingsRoutes,
    registerParcelRoutes,
    registerDeliveryRoutes,
    registerActivityRoutes,
    registerPageRoutes,
    registerReviewRoutes,
    registerAdminRoutes,
    registerTotpRoutes,
    registerInvoiceRoutes,
    registerMailRoutes,
    registerWebhookRoutes,
    registerMessageRoutes,
    registerScanRoutes,
    registerLabelRoutes,
    registerImportRoutes,
    registerStaffRoutes,
    registerApiKeyRoutes,
    registerShipperRoutes,
    registerRatesRoutes,
    registerBookingRoutes,
    registerCashupRoutes,
    registerRemittanceRoutes,
    registerCodRoutes,
    registerAuditRoutes,
    registerDispatchRoutes,
    registerGeocodeRoutes,
    registerReportRoutes,
  ])
    register(api);
}

const multipartLimits = (req: FastifyRequest) => (req.routeOptions.config as { multipart?: MultipartLimits } | undefined)?.multipart;
const jsonOnly = () =>
  new AppError("UNSUPPORTED_MEDIA_TYPE", "Send this request as application/json (multipart/form-data is taken only where files are uploaded, and by sign-in)");

/**
 * The one error handler of the whole server (set on the root instance in app.ts, so every scope
 * inherits it): /api answers in the contract's envelope, /graphql in GraphQL's error shape, every
 * other route in plain text. A client error keeps its status and a plain message; anything else
 * is logged and answered with a generic 500, so no database or file-system message reaches a client.
 */
export function siteErrorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const e = toAppError(err, (x) => req.log.error(x));
  if (e instanceof RateLimited) reply.headers(e.headers);
  else if (e.status === 429) reply.header("Retry-After", "60");
  else if (e.status === 503) reply.header("Retry-After", "1");
  const path = req.url.split("?")[0];
  if (path === "/api" || path.startsWith("/api/")) {
    const body: Record<string, unknown> = { status: String(e.status), errors: e.messages, message: "", data: null };
    // A refused API key is no missing session: the client's "signed out" flag stays out of it.
    if (e instanceof SessionRequired) for (const s of e.sessions) body[s] = "false";
    else if (e.status === 401 && !(e instanceof KeyRejected)) body.admin = "false";
    return reply.code(e.status).header("Cache-Control", "no-store").send(body);
  }
  if (path === "/graphql") {
    const extensions = e.reason ? { code: e.code, reason: e.reason } : { code: e.code };
    return reply
      .code(e.status)
      .header("Cache-Control", "no-store")
      .send({ errors: e.messages.map((message) => ({ message, extensions })) });
  }
  return reply.code(e.status).header("Cache-Control", "no-store").type("text/plain; charset=utf-8").send(e.messages[0]);
}

/**
 * For Fastify's `frameworkErrors` server option (set in app.ts): URLs the router rejects before
 * any scope sees them (broken %-encoding, an over-long path parameter) still get the envelope under /api.
 */
export function frameworkErrors(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const tooLong = error.code === "FST_ERR_MAX_PARAM_LENGTH";
  if (req.url === "/api" || req.url.startsWith("/api/")) {
    const status = tooLong ? 404 : 400;
    const message = tooLong ? "Not found" : "The URL could not be decoded";
    return reply
      .code(status)
      .header("Cache-Control", "no-store")
      .send({ status: String(status), errors: [message], message: "", data: null });
  }
  const status = tooLong ? 414 : (error.statusCode ?? 400);
  return reply
    .code(status)
    .type("text/plain; charset=utf-8")
    .send(tooLong ? "URI too long" : "Bad request");
}
