import { Args, FieldResolver, Query, Resolver, Root } from "type-graphql";
import { Op } from "../../graphql/guards.js";
import { AuditArgs, linkAuditPage } from "./audit.input.js";
import * as audit from "./audit.service.js";
import { AuditActor, AuditChange, AuditEntry, AuditPage } from "./audit.type.js";

@Resolver(() => AuditEntry)
export class AuditResolver {
  @Query(() => AuditPage, { description: "The audit log (owner): every recorded write, newest first, filtered and paged" })
  @Op("audit.list")
  async auditLog(@Args(() => AuditArgs) args: AuditArgs) {
    return linkAuditPage(await audit.listAudit(args), args);
  }

  @Query(() => [AuditActor], { description: "The members and API keys that appear in the audit log (the filter's choices)" })
  @Op("audit.actors")
  auditActors() {
    return audit.listAuditActors();
  }

  @FieldResolver(() => [AuditChange], { description: "The fields that changed" })
  changes(@Root() entry: AuditEntry): AuditChange[] {
    const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));
    return Object.entries(entry.changes).map(([field, [before, after]]) => ({ field, before: json(before), after: json(after) }));
  }
}
