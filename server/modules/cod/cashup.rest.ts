import type { FastifyInstance } from "fastify";
import { actorOf, route } from "../../rest/route.js";
import { data } from "../../rest/schemas.js";
import { query } from "../booking/answers.rest.js";
import * as cashups from "./cashup.service.js";
import { CashupInput } from "./cashup.type.js";

export function registerCashupRoutes(api: FastifyInstance): void {
  route(api, {
    method: "POST",
    url: "/cod/cashups",
    op: "cod.cashups.create",
    tag: "cod",
    created: true,
    message: "Cash counted in",
    summary: "A cash-up: count a courier's cash in { courier_id, counted_amount, note? } (never one's own: 403)",
    description:
      "Takes every cash collection of the courier not yet handed over; a difference between counted and expected needs a note (422). 422 naming courier_id when the courier holds no cash to hand over.",
    body: [CashupInput],
    data: data.ref("CodCashup"),
    handler: ({ req }) => cashups.createCashup(actorOf(req), req.body),
  });
  route(api, {
    method: "GET",
    url: "/cod/cashups",
    op: "cod.cashups.list",
    tag: "cod",
    summary: "Cash-ups, newest first (courier_id)",
    data: data.ref("CodCashupPage"),
    handler: async ({ req }) => {
      const f = await cashups.readCashupFilter(query(req));
      return cashups.linkCashups(await cashups.listCashups(f), f);
    },
  });
}
