import type { FastifyRequest } from "fastify";

/** What the REST doors of bookings, pickups and statements share: the query string, a file's answers in OpenAPI. */
export const query = (req: FastifyRequest) => (req.query ?? {}) as Record<string, unknown>;
export const fileAnswer = (type: string, what: string) => ({
  200: { description: what, content: { [type]: { schema: { type: "string", ...(type === "application/pdf" ? { format: "binary" } : {}) } } } },
  "4xx": {
    description: '401 no session (with "user": "false" or "admin": "false"), 403 not allowed, 404 not found (another shipper\'s too)',
    $ref: "ErrorEnvelope#",
  },
  "5xx": { description: "Unexpected failure: a generic message, never a stack trace", $ref: "ErrorEnvelope#" },
});
