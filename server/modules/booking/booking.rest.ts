import type { FastifyInstance, FastifyRequest } from "fastify";
import { siteBase } from "../../core/context.js";
import { actorOf, allow, route, securityOf } from "../../rest/route.js";
import { IdInput } from "../../rest/id.input.js";
import { data } from "../../rest/schemas.js";
import { caller } from "../shipper/shipper.auth.js";
import * as bookings from "./booking.service.js";
import { BookingInput } from "./booking.type.js";
import { fileAnswer, query } from "./answers.rest.js";
import { registerPickupRoutes } from "./pickup.rest.js";
import { registerStatementRoutes } from "./statement.rest.js";

const header = (req: FastifyRequest, name: string) => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

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
    summary: "Bookings, newest first: a shipper its own; staff all (shipper_id, status, from, to, cod=true|false: with cash on delivery or without)",
    data: data.ref("BookingPage"),
    handler: async ({ req }) => {
      const f = await bookings.readFilter(query(req));
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
  // Registered here, in this order: the OpenAPI document lists the routes as they come.
  registerPickupRoutes(api);
  registerStatementRoutes(api);
}
