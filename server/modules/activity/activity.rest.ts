import type { FastifyInstance } from "fastify";
import { IdInput } from "../../rest/id.input.js";
import { route } from "../../rest/route.js";
import { data } from "../../rest/schemas.js";
import { CreateActivityInput, UpdateActivityInput } from "./activity.input.js";
import * as activities from "./activity.service.js";

export function registerActivityRoutes(api: FastifyInstance): void {
  route(api, {
    method: "POST",
    url: "/activities",
    op: "activities.create",
    tag: "activities",
    created: true,
    message: "Activity created",
    summary: "Add a history entry to a parcel",
    input: CreateActivityInput,
    data: data.ref("Activity"),
    handler: ({ input }) => activities.createActivity(input),
  });
  route(api, {
    method: "PATCH",
    url: "/activities",
    op: "activities.update",
    tag: "activities",
    message: "Activity updated",
    summary: "Edit a history entry",
    input: UpdateActivityInput,
    data: data.ref("Activity"),
    handler: ({ input }) => activities.updateActivity(input),
  });
  route(api, {
    method: "DELETE",
    url: "/activities",
    op: "activities.delete",
    tag: "activities",
    message: "Activity deleted",
    summary: "Delete a history entry",
    input: IdInput,
    data: data.none,
    handler: ({ input }) => activities.deleteActivity(input.id),
  });
}
