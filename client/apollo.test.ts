import { describe, expect, it } from "vitest";
import { InMemoryCache } from "@apollo/client/core";
import { AdminAuditLogDocument, type AdminAuditLogQuery } from "./generated/graphql";
import { TYPE_POLICIES } from "./apollo";

const entry = (id: number, kind: string, name: string) => ({
  __typename: "AuditEntry" as const,
  id,
  at: "2026-11-29T12:00:00.000Z",
  operation: kind === "shipper" ? "users.apiKeys.write" : "settings.update",
  object_type: "Settings",
  object_id: "1",
  actor: { __typename: "AuditActor" as const, kind, id: 1, name },
  changes: [],
});

describe("the client's cache", () => {
  it("keeps each audit entry's actor as the server sent it, though member #1 and shipper #1 share an id", () => {
    const cache = new InMemoryCache({ typePolicies: TYPE_POLICIES });
    const data: AdminAuditLogQuery = {
      auditLog: {
        __typename: "AuditPage",
        current_page: 1,
        last_page: 1,
        next_page_url: null,
        per_page: 25,
        total: 2,
        data: [entry(2, "shipper", "shop@example.com"), entry(1, "member", "owner@example.com")],
      },
    } as AdminAuditLogQuery;
    cache.writeQuery({ query: AdminAuditLogDocument, variables: {}, data });
    const read = cache.readQuery<AdminAuditLogQuery>({ query: AdminAuditLogDocument, variables: {} });
    expect(read?.auditLog.data.map((e) => [e.actor.kind, e.actor.name])).toEqual([
      ["shipper", "shop@example.com"],
      ["member", "owner@example.com"],
    ]);
    // Without the policy one actor overwrote the other (the bug the log showed): both entries read one name.
    const plain = new InMemoryCache();
    plain.writeQuery({ query: AdminAuditLogDocument, variables: {}, data });
    const names = plain.readQuery<AdminAuditLogQuery>({ query: AdminAuditLogDocument, variables: {} })?.auditLog.data.map((e) => e.actor.name);
    expect(new Set(names).size).toBe(1);
  });
});
