import { describe, expect, it } from "vitest";
import { GraphQLError } from "graphql";
import { isDatabaseBusy } from "../core/errors.js";
import { toAppError } from "./guards.js";
import { formatError } from "../graphql/errors.js";

/** Errors as Prisma and the adapters raise them when the database is too busy (a burst of writes on a small pool). */
const prismaError = (code: string, message: string) => Object.assign(new Error(message), { code, clientVersion: "6.19.0" });
const BUSY = [
  prismaError("P2028", "Transaction API error: Unable to start a transaction in the given time."),
  prismaError("P2024", "Timed out fetching a new connection from the connection pool."),
  prismaError("P2034", "Transaction failed due to a write conflict or a deadlock. Please retry your transaction"),
  Object.assign(new Error("database is locked"), { cause: { code: "SQLITE_BUSY", message: "database is locked" } }),
];

describe("a database too busy to take a request", () => {
  it("is told apart from a fault", () => {
    for (const e of BUSY) expect(isDatabaseBusy(e)).toBe(true);
    for (const e of [new Error("boom"), prismaError("P2002", "Unique constraint failed"), null, "text", { code: 7 }]) expect(isDatabaseBusy(e)).toBe(false);
  });

  it("REST: 503 with a message saying nothing was saved, never 500", () => {
    for (const e of BUSY) {
      const logged: unknown[] = [];
      const answer = toAppError(e, (x) => logged.push(x));
      expect(answer.status).toBe(503);
      expect(answer.messages[0]).toMatch(/busy; nothing was saved/);
      expect(logged).toEqual([e]);
    }
    expect(toAppError(new Error("boom"), () => undefined).status).toBe(500);
  });

  it("GraphQL: SERVICE_UNAVAILABLE, without the database's own words", () => {
    for (const e of BUSY) {
      const wrapped = new GraphQLError("wrapped", { originalError: e, path: ["createActivity"] });
      const out = formatError({ message: e.message, path: ["createActivity"] }, wrapped);
      expect(out.extensions?.code).toBe("SERVICE_UNAVAILABLE");
      expect(out.message).not.toContain("Transaction");
      expect(out.path).toEqual(["createActivity"]);
    }
  });
});
