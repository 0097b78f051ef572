import { ArgsType, Field } from "type-graphql";
import { IsIn, IsOptional, IsString, Matches, MaxLength } from "class-validator";
import { AUDIT_OBJECT_TYPES } from "../../db/audit.js";
import { StorableText } from "../../core/validation.js";
import { CsvQuery, pageLink, PeriodArgs } from "../common/paging.js";
import { MAX_LENGTH } from "../../../shared/core/lengths.codes.js";

/**
 * Who: "member:ID", "key:ID", "shipper:ID" (the shipper, by its session or its keys), "system" (every write without a member or key: workers, the seed
 * and anonymous callers), "visitor" (anonymous callers of public writes only), or a member's
 * e-mail (matches the name recorded, so a removed member's entries are still found).
 */
const ACTOR_PATTERN = /^(?:(?:member|key|shipper):[1-9]\d{0,9}|system|visitor|[^\s@]+@[^\s@]+)$/;

@ArgsType()
export class AuditArgs extends PeriodArgs {
  @Field(() => String, { nullable: true, description: "member:ID, key:ID, shipper:ID, system, visitor or a member's e-mail" })
  @IsOptional()
  @IsString({ message: "actor must be text" })
  @MaxLength(254, { message: "actor must be at most 254 characters" })
  @Matches(ACTOR_PATTERN, { message: "actor must be member:ID, key:ID, shipper:ID, system, visitor or a member's e-mail" })
  actor?: string;

  @Field(() => String, { nullable: true, description: `One of ${AUDIT_OBJECT_TYPES.join(", ")}` })
  @IsOptional()
  @IsString({ message: "object_type must be text" })
  @IsIn(AUDIT_OBJECT_TYPES, { message: `object_type must be one of ${AUDIT_OBJECT_TYPES.join(", ")}` })
  object_type?: string;

  @Field(() => String, { nullable: true, description: "The object's id (with object_type: one object's whole history)" })
  @IsOptional()
  @IsString({ message: "object_id must be text" })
  @MaxLength(MAX_LENGTH.auditObjectId, { message: `object_id must be at most ${MAX_LENGTH.auditObjectId} characters` })
  @StorableText()
  object_id?: string;
}

/** The REST query: the filters, and `format=csv` for the whole filtered log as a file. */
@ArgsType()
export class AuditQuery extends CsvQuery(AuditArgs) {}

/** The log's next_page_url (both doors): its filters kept. */
export const linkAuditPage = pageLink<AuditArgs>("/api/audit", (a) => ({
  actor: a.actor,
  object_type: a.object_type,
  object_id: a.object_id,
  from: a.from,
  to: a.to,
}));
