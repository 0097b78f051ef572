import type { FastifyInstance } from "fastify";
import { route } from "../../rest/route.js";
import { data } from "../../rest/schemas.js";
import { caller } from "../shipper/shipper.auth.js";
import { query } from "./answers.rest.js";
import * as pickups from "./pickup.service.js";
import { PickupInput } from "./pickup.type.js";

export function registerPickupRoutes(api: FastifyInstance): void {
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
}
