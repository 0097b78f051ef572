import { Field, Int, ObjectType } from "type-graphql";
import { DateTimeISO } from "../common/datetime.scalar.js";
import { PagedType } from "../common/paging.js";

@ObjectType({
  description:
    "Who made a change: a member, an API key, a shipper, or the system (kind system: name system for workers and the seed, visitor for anonymous callers)",
})
export class AuditActor {
  @Field(() => String, { description: "member, key, shipper or system" }) kind: string;
  @Field(() => Int, { nullable: true, description: "The member's, key's or shipper's id; null for the system" }) id: number | null;
  @Field(() => String, { description: "The member's e-mail, the key's name or the shipper's e-mail (with its API key's id) when it acted; system or visitor" })
  name: string;
}

@ObjectType({ description: 'One changed field: its values before and after as JSON text (null: no value; secrets: "(hidden)")' })
export class AuditChange {
  @Field(() => String) field: string;
  @Field(() => String, { nullable: true, description: "JSON text of the value before (null when there was none)" }) before: string | null;
  @Field(() => String, { nullable: true, description: "JSON text of the value after (null when there is none)" }) after: string | null;
}

@ObjectType({ description: "One recorded write (REST: changes is { field: [before, after] })" })
export class AuditEntry {
  @Field(() => Int) id: number;
  @Field(() => DateTimeISO) at: Date;
  @Field(() => AuditActor) actor: AuditActor;
  @Field(() => String, { description: "The operation of the access table, e.g. parcels.update; model.create etc. outside any request" }) operation: string;
  @Field(() => String) object_type: string;
  @Field(() => String, { nullable: true }) object_id: string | null;
  // The service's shape is REST's { field: [before, after] }; the resolver lists it field by field.
  changes: Record<string, [unknown, unknown]>;
}

export const AuditPage = PagedType(AuditEntry, "AuditPage");
