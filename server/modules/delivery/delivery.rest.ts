import type { FastifyInstance } from "fastify";
import { fileOf } from "../../rest/body.js";
import { route } from "../../rest/route.js";
import { actorName } from "../../core/actor.js";
import { data } from "../../rest/schemas.js";
import { clientKey } from "../../core/client-address.js";
import { RecordDeliveryInput, RescheduleInput } from "./delivery.input.js";
import { RESCHEDULE_DAYS } from "../../../shared/modules/delivery/delivery.rules.js";
import * as delivery from "./delivery.service.js";

const codeOf = (req: { params: unknown }) => (req.params as { code: string }).code;

export function registerDeliveryRoutes(api: FastifyInstance): void {
  route(api, {
    method: "POST",
    url: "/parcels/:code/delivery-proof",
    op: "delivery.record",
    tag: "delivery",
    created: true,
    message: "Delivery recorded",
    summary: "Record a proof of delivery (multipart: receiver_name, signature PNG, photo JPEG/PNG, left_at); marks the parcel delivered unless it already is",
    description:
      "At least one of receiver_name, signature and photo. One proof per parcel (409 when one exists). The tracking page shows it unless the parcel protects its details and the visitor has not unlocked them.",
    params: { code: "The tracking code" },
    input: RecordDeliveryInput,
    files: ["signature", "photo"],
    data: data.ref("DeliveryProof"),
    handler: async ({ input, req, ctx }) => {
      return delivery.recordDelivery(
        codeOf(req),
        input,
        { signature: fileOf(req, "signature"), photo: fileOf(req, "photo") },
        actorName(await ctx.auth.actor()),
      );
    },
  });
  route(api, {
    method: "POST",
    url: "/parcels/:code/reschedule",
    op: "delivery.reschedule",
    tag: "delivery",
    message: "Your choice is saved",
    summary: `The recipient's choice after a failed delivery attempt: { choice: "delivery", date } (one of the next ${RESCHEDULE_DAYS} working days) or { choice: "depot" }`,
    description:
      "Public, when the admin allows rescheduling on the parcel and its last attempt failed (403 not offered, 409 not waiting). The tracking code alone is not enough: every parcel needs verify (the recipient's postcode or e-mail, as the protected tier asks; a wrong one is 422 and counts against RATE_LIMIT_VERIFY) or token (the reschedule= parameter of the link in the recipient's failed-attempt e-mail; a wrong or older one is 422). Without either: 422.",
    params: { code: "The tracking code" },
    input: RescheduleInput,
    data: data.ref("Rescheduled"),
    handler: async ({ input, req }) => delivery.rescheduleDelivery(codeOf(req), input, clientKey(req)),
  });
}
