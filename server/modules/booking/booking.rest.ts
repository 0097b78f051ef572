import type { FastifyInstance, FastifyRequest } from "fastify";
import { siteBase } from "../../core/context.js";
import { actorOf, allow, route, securityOf } from "../../rest/route.js";
import { IdInput } from "../../rest/id.input.js";
import { data } from "../../rest/schemas.js";
import { caller } from "../shipper/shipper.auth.js";
import * as bookings from "./booking.service.js";
import * as pickups from "./pickup.service.js";
import * as statements from "./statement.service.js";
import { BookingInput, PayStatementInput, PickupInput, StatementInput } from "./booking.type.js";

const query = (req: FastifyRequest) => (req.query ?? {}) as Record<string, unknown>;
const header = (req: FastifyRequest, name: string) => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

const fileAnswer = (type: string, what: string) => ({
  200: { description: what, content: { [type]: { schema: { type: "string", ...(type === "application/pdf" ? { format: "binary" } : {}) } } } },
  "4xx": {
    description: '401 no session (with "user": "false" or "admin": "false"), 403 not allowed, 404 not found (another shipper\'s too)',
    $ref: "ErrorEnvelope#",
  },
  "5xx": { description: "Unexpected failure: a generic message, never a stack trace", $ref: "ErrorEnvelope#" },
});

export function registerBookingRoutes(api: FastifyInstance): void {
  route(api, {
    method: "POST",
    url: "/bookings",
    op: "bookings.create",
    tag: "bookings",
    created: true,
    message: "Booked",
    summary:
      "Book a shipment (a verified shipper, its key, or staff with shipper_id): priced again and the price kept; the parcel with a first entry pending; Idempotency-Key (same key and body: the same booking; another body: 409); 402 over the credit limit",
    body: [BookingInput],
    data: data.ref("Booking"),
    handler: ({ req }) => bookings.createBooking(req.body, caller(), header(req, "idempotency-key")),
  });
  route(api, {
    method: "GET",
    url: "/bookings",
    op: "bookings.list",
    tag: "bookings",
    summary: "Bookings, newest first: a shipper its own; staff all (shipper_id, status, from, to)",
    data: data.ref("BookingPage"),
    handler: async ({ req }) => {
      const f = bookings.readFilter(query(req));
      return bookings.linkBookings(await bookings.listBookings(caller(), f), f);
    },
  });
  route(api, {
    method: "DELETE",
    url: "/bookings",
    op: "bookings.cancel",
    tag: "bookings",
    message: "Booking cancelled",
    summary: "Cancel { id } while the parcel is pending and not billed (409 otherwise); another shipper's booking is 404",
    body: [IdInput],
    data: data.ref("Booking"),
    handler: ({ req }) => bookings.cancelBooking(caller(), req.body),
  });
  api.get(
    "/bookings/:id/label.pdf",
    {
      schema: {
        tags: ["bookings"],
        summary: "The booking's label (PDF, 100 x 150 mm): service, sender, recipient, weight, reference; its shipper or the staff (404 for another shipper's)",
        ...securityOf("bookings.label"),
        params: { type: "object", properties: { id: { type: "string", description: "The booking's id" } }, required: ["id"] },
        response: fileAnswer("application/pdf", "The label"),
      },
      onRequest: allow("bookings.label"),
    },
    async (req, reply) => {
      const { pdf, code } = await bookings.bookingLabel(actorOf(req), Number((req.params as { id: string }).id), siteBase(req));
      return reply.type("application/pdf").header("content-disposition", `inline; filename="label-${code}.pdf"`).send(pdf);
    },
  );
  route(api, {
    method: "POST",
    url: "/pickups",
    op: "pickups.create",
    tag: "pickups",
    created: true,
    message: "Pickup requested",
    summary: "Request a pickup for bookings: a window of at least 2 hours on a working day; same-day only before pickup_cutoff (422 otherwise)",
    body: [PickupInput],
    data: data.ref("Pickup"),
    handler: ({ req }) => pickups.createPickup(req.body, caller()),
  });
  route(api, {
    method: "GET",
    url: "/pickups",
    op: "pickups.list",
    tag: "pickups",
    summary: "Pickups (?date=YYYY-MM-DD): staff all, a shipper its own",
    data: data.list("Pickup"),
    handler: ({ req }) => pickups.listPickups(caller(), query(req)),
  });
  route(api, {
    method: "POST",
    url: "/statements",
    op: "statements.create",
    tag: "statements",
    created: true,
    message: "Statement made",
    summary: "A shipper's statement for a period: every booking not cancelled and on no earlier statement (422 when none is left)",
    body: [StatementInput],
    data: data.ref("Statement"),
    handler: ({ req }) => statements.createStatement(req.body),
  });
  route(api, {
    method: "PATCH",
    url: "/statements",
    op: "statements.update",
    tag: "statements",
    message: "Statement marked paid",
    summary: "Mark a statement paid { id, status: paid, paid_reference } (409 when paid already)",
    body: [PayStatementInput],
    data: data.ref("Statement"),
    handler: ({ req }) => statements.markPaid(req.body),
  });
  route(api, {
    method: "POST",
    url: "/statements/mail",
    op: "statements.mail",
    tag: "statements",
    message: "Statement sent",
    summary: "Mail a statement { id } to its shipper, its PDF attached",
    body: [IdInput],
    data: data.none,
    handler: async ({ req }) => statements.mailStatement(caller(), req.body),
  });
  route(api, {
    method: "GET",
    url: "/statements",
    op: "statements.list",
    tag: "statements",
    summary: "Statements, newest first (shipper_id, status)",
    data: data.ref("StatementPage"),
    handler: async ({ req }) => {
      const f = statements.readStatementFilter(query(req));
      return statements.linkStatements(await statements.listStatements(caller(), f), f, "/api/statements");
    },
  });
  route(api, {
    method: "GET",
    url: "/users/statements",
    op: "users.statements",
    tag: "users",
    summary: "The signed-in shipper's statements, newest first, each with its PDF",
    data: data.ref("StatementPage"),
    handler: async ({ req }) => {
      const f = statements.readStatementFilter(query(req));
      return statements.linkStatements(await statements.listStatements(caller(), f), f, "/api/users/statements");
    },
  });
  api.get(
    "/statements/:id.pdf",
    {
      schema: {
        tags: ["statements"],
        summary: "A statement's PDF: the staff, or its shipper (404 for another's)",
        ...securityOf("statements.pdf"),
        params: { type: "object", properties: { id: { type: "string", description: "The statement's id" } }, required: ["id"] },
        response: fileAnswer("application/pdf", "The statement"),
      },
      onRequest: allow("statements.pdf"),
    },
    async (req, reply) => {
      const { pdf, number } = await statements.statementPdfOf(actorOf(req), Number((req.params as { id: string }).id));
      return reply.type("application/pdf").header("content-disposition", `inline; filename="${number}.pdf"`).send(pdf);
    },
  );
}
