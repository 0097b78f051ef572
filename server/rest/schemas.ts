import { getMetadataStorage } from "class-validator";
import { fieldsOf } from "../core/validation.js";
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from "../modules/common/paging.js";

/**
 * JSON schemas of the REST data shapes, mirroring the GraphQL object types (tests compare the
 * two). Response schemas drive fast-json-stringify, so a field left out here is never sent.
 */
export type Schema = Record<string, unknown>;

const str: Schema = { type: "string" };
const strOrNull: Schema = { type: ["string", "null"] };
const int: Schema = { type: "integer" };
const numOrNull: Schema = { type: ["number", "null"] };
const dateTime: Schema = { type: "string", format: "date-time", description: "ISO 8601, UTC" };
const ref = (id: string): Schema => ({ $ref: `${id}#` });
const listOf = (id: string): Schema => ({ type: "array", items: ref(id) });

function object(id: string, properties: Record<string, Schema>, opts: { description?: string; optional?: string[] } = {}): Schema {
  return {
    $id: id,
    type: "object",
    description: opts.description,
    properties,
    required: Object.keys(properties).filter((k) => !opts.optional?.includes(k)),
    additionalProperties: false,
  };
}

const Activity = object("Activity", {
  id: int,
  parcel_id: int,
  title: str,
  description: str,
  icon: { ...str, description: "Material icon name, one of the seed's list" },
  color: { ...str, description: "green, black, gold or red" },
  created_at: dateTime,
  updated_at: dateTime,
  created_at_month: { ...str, description: "Short month of created_at (UTC), e.g. Nov" },
  created_at_day: { ...str, description: "Day of month of created_at (UTC), two digits" },
  created_at_time: { ...str, description: "Time of created_at (UTC), HH:MM" },
  status_code: { ...strOrNull, description: "Normalised status this entry set, if any" },
  status_reason: strOrNull,
  created_by_kind: { ...strOrNull, description: "Who added the entry: member, key or null (system); null on public views" },
  created_by_name: { ...strOrNull, description: "The member's e-mail or the API key's name; null on public views" },
}, { description: "A parcel history entry", optional: ["created_by_kind", "created_by_name"] });

const ScanError = object("ScanError", {
  code: { ...str, enum: ["INVALID_CODE", "UNKNOWN_CODE", "ALREADY_DELIVERED", "NOT_ALLOWED"] },
  message: str,
}, { description: "Why a scanned code got no history entry" });

const ScanResult = object("ScanResult", {
  code: str,
  recipient_name: { ...strOrNull, description: "The parcel's recipient (for the scanner's screen)" },
  activity: { anyOf: [ref("Activity"), { type: "null" }], description: "The new entry (for a repeated scan_id: the first one)" },
  error: { anyOf: [ref("ScanError"), { type: "null" }] },
}, { description: "One scanned code: its history entry or its error" });

const publicParcelFields: Record<string, Schema> = {
  id: int,
  tracking_code: str,
  recipient_name: str,
  sender_name: strOrNull,
  destination: str,
  current_location: strOrNull,
  pickup_location: strOrNull,
  status: { ...strOrNull, description: "Free text" },
  weight: numOrNull,
  shipped_via: strOrNull,
  parcel_content: strOrNull,
  declared_value: numOrNull,
  min_expected_delivery_date: { ...strOrNull, description: "YYYY-MM-DD" },
  max_expected_delivery_date: { ...strOrNull, description: "YYYY-MM-DD" },
  image: { ...strOrNull, description: "File name under /uploads/images/" },
  show_map: { ...str, description: "yes or no" },
  map_zoom: int,
  map_current_latitude: numOrNull,
  map_current_longitude: numOrNull,
  map_pickup_latitude: numOrNull,
  map_pickup_longitude: numOrNull,
  map_destination_latitude: numOrNull,
  map_destination_longitude: numOrNull,
  created_at: dateTime,
  updated_at: dateTime,
  history: { ...listOf("Activity"), description: "Oldest first" },
  status_code: { ...strOrNull, description: "Normalised status: pending, picked_up, in_transit, on_hold, out_for_delivery, ready_for_pickup, delivery_failed, delivered, returned_to_sender, exception, cancelled" },
  status_reason: strOrNull,
  last_event_at: { ...dateTime, description: "The newest history entry's time (or the parcel's creation)" },
  quiet_after_days: { ...int, description: "Days without news after which the site says the parcel has gone quiet" },
  details_protected: { type: "boolean", description: "true when names are masked, the image left out and places coarse: pass the recipient's postcode or e-mail as verify" },
  delivery_attempts: { ...int, description: "Failed delivery attempts so far (history entries with status delivery_failed)" },
  delivery_proof: { oneOf: [{ type: "null" }, ref("DeliveryProof")], description: "Who took the parcel, signature and photo: null until recorded, and while details are protected" },
  reschedule_allowed: { type: "boolean", description: "The recipient may pick a new delivery day or a pick-up at the depot now (POST /api/parcels/{code}/reschedule)" },
  reschedule_choice: { ...strOrNull, description: "The recipient's choice after the last failed attempt: delivery or depot" },
  reschedule_date: { ...strOrNull, description: "The new delivery day the recipient chose (YYYY-MM-DD)" },
};

const DeliveryProof = object("DeliveryProof", {
  receiver_name: { ...strOrNull, description: "Who took the parcel" },
  signature_url: { ...strOrNull, description: "The signature (PNG), a site-relative path such as /uploads/images/<name>.png" },
  photo_url: { ...strOrNull, description: "The photo (JPEG or PNG), a site-relative path" },
  delivered_at: { ...dateTime, description: "When the parcel was delivered" },
  left_at: { ...strOrNull, description: "Where it was left (free text)" },
}, { description: "Proof of delivery" });

const PublicParcel = object("PublicParcel", publicParcelFields, {
  description: "What anyone with the tracking code may see: no recipient or sender contact details",
});
const Parcel = object("Parcel", {
  ...publicParcelFields,
  recipient_email: strOrNull,
  recipient_phone_number: strOrNull,
  sender_email: strOrNull,
  recipient_postcode: strOrNull,
  notify_recipient: { type: "boolean", description: "Status e-mails to the recipient (admin switch)" },
  recipient_language: { ...strOrNull, description: "The language of the recipient's status e-mails (a site language code; none: English)" },
  recipient_unsubscribed: { type: "boolean", description: "The recipient used the unsubscribe link" },
  protect_details: { type: "boolean", description: "Names and image need a second factor" },
  allow_reschedule: { type: "boolean", description: "After a failed attempt the recipient may pick a new delivery day or the depot" },
  rescheduled_at: { type: ["string", "null"], format: "date-time", description: "When the recipient made the current choice" },
  delivery_recorded_by: { ...strOrNull, description: "Who recorded the proof of delivery (the admin's e-mail)" },
}, { description: "Every field of a parcel, for the admin (AdminParcel)" });

const Rescheduled = object("Rescheduled", {
  tracking_code: str,
  choice: { ...str, enum: ["delivery", "depot"], description: "delivery (a new day) or depot (pick-up)" },
  date: { ...strOrNull, description: "The new delivery day (YYYY-MM-DD) when choice is delivery" },
  rescheduled_at: dateTime,
  parcel: { ...ref("PublicParcel"), description: "The parcel's public view after the choice (unlocked when verify was given)" },
}, { description: "The recipient's choice after a failed delivery attempt" });

const TrackResult = object("TrackResult", {
  tracking_code: str,
  parcel: { oneOf: [{ type: "null" }, ref("PublicParcel")] },
  error: { ...strOrNull, description: "Why this code has no parcel (e.g. not found)" },
}, { description: "One code of a multi-code look-up" });

const Webhook = object("Webhook", {
  id: int,
  url: str,
  events: { type: "array", items: { ...str, enum: ["parcel.created", "history.added", "status.changed", "parcel.delivered"] } },
  secret: { ...str, description: "HMAC-SHA256 key: X-Courier-Signature is sha256=hex(HMAC(secret, body))" },
  active: { type: "boolean" },
  created_at: dateTime,
  updated_at: dateTime,
}, { description: "A third party's endpoint for parcel events" });

const WebhookDelivery = object("WebhookDelivery", {
  id: int,
  webhook_id: int,
  event: str,
  payload: { ...str, description: "The exact JSON body that is signed" },
  status: { ...str, enum: ["pending", "delivered", "failed"] },
  attempts: int,
  next_attempt_at: dateTime,
  response_status: { type: ["integer", "null"] },
  response_body: str,
  error: str,
  created_at: dateTime,
  updated_at: dateTime,
}, { description: "One event sent (or to be sent) to a webhook, with its last answer" });

const Unsubscribed = object("Unsubscribed", { tracking_code: str, unsubscribed: { type: "boolean" } });

const Page = object("Page", {
  id: int,
  slug: str,
  title: str,
  sub_title: str,
  icon: { ...str, description: "people, copyright, pages or folder" },
  hero: { ...str, description: "Hero image name" },
  overlay: str,
  content: { ...str, description: "Page markup: one directive per line" },
  created_at: dateTime,
  updated_at: dateTime,
}, { description: "A content page" });

const Review = object("Review", {
  id: int,
  name: str,
  review: str,
  image: { ...str, description: "File name under /uploads/images/" },
  created_at: dateTime,
  updated_at: dateTime,
}, { description: "A customer testimonial" });

const publicSettingsFields: Record<string, Schema> = {
  meta_description: str,
  chat_code: str,
  contact_email: str,
  contact_phone: str,
  contact_phone_alt: str,
  contact_twitter: str,
  contact_telegram: str,
  contact_instagram: str,
  contact_address: str,
};
const PublicSettings = object("PublicSettings", publicSettingsFields, {
  description: "Settings anyone may read: contact details, meta description, chat code",
});
const Settings = object("Settings", {
  ...publicSettingsFields,
  mail_driver: { ...str, enum: ["mail", "smtp"] },
  mail_template: { ...str, enum: ["plain", "html1", "html2", "html3", "html4"] },
}, {
  description: "All settings. GET /api/settings leaves out mail_driver and mail_template unless the caller is a signed-in admin.",
  optional: ["mail_driver", "mail_template"],
});

const Invoice = object("Invoice", {
  id: int,
  number: { ...str, description: "INV-000001, unique" },
  product: str,
  customer_name: str,
  tracking_code: { ...str, description: "Linked parcel, may be empty" },
  amount: numOrNull,
  created_at: dateTime,
  updated_at: dateTime,
});

const MailRecord = object("MailRecord", {
  id: int,
  kind: { ...str, description: "contact, admin, reset or notification" },
  to: str,
  reply_to: str,
  subject: str,
  body: str,
  template: str,
  delivered: { type: "boolean" },
  error: { ...str, description: "Why delivery failed; empty when delivered" },
  created_at: dateTime,
}, { description: "A message the site sent, with its delivery result" });

const AdminAccount = object("AdminAccount", { email: str, role: { ...str, description: "owner, dispatcher or courier" } });

const SiteGraph = object("SiteGraph", {
  pages: listOf("Page"),
  admin: { type: "boolean", description: "Whether this client has a control panel session (any member of the staff)" },
  role: { ...strOrNull, description: "The signed-in member's role (owner, dispatcher, courier), or null" },
  reviews: listOf("Review"),
  settings: ref("PublicSettings"),
}, { description: "What the site needs at start-up" });

const paged = (id: string, item: string) =>
  object(id, {
    data: listOf(item),
    current_page: int,
    last_page: int,
    per_page: { ...int, description: `Default ${DEFAULT_PER_PAGE}, at most ${MAX_PER_PAGE}` },
    total: int,
    next_page_url: { ...strOrNull, description: "Path of the next page; null on the last page" },
  }, { description: `A page of ${item} records` });

const ErrorEnvelope = object("ErrorEnvelope", {
  status: { ...str, description: "The HTTP status as a string" },
  errors: { type: "array", items: str, description: "One message per failed field (or one message); the first is what the UI shows" },
  message: str,
  data: { type: "null" },
  admin: { ...str, enum: ["false"], description: "On 401: the admin session is missing" },
  user: { ...str, enum: ["false"], description: "On 401 of user calls: the user session is missing" },
}, { optional: ["admin", "user"] });

const ImportRow = object("ImportRow", {
  row: { ...int, description: "The row as a spreadsheet numbers it: the header is row 1, the first parcel row 2" },
  tracking_code: str,
  action: { ...str, enum: ["create", "update", "error"] },
  errors: { type: "array", items: str, description: "What is wrong with the row, each message naming its column" },
}, { description: "One row of an imported CSV file: what it did (or would do) or why it failed" });
const ImportResult = object("ImportResult", { created: int, updated: int, failed: int, rows: listOf("ImportRow") }, { description: "The outcome of a CSV import (or of its dry run)" });

const AuditActor = object("AuditActor", {
  kind: { ...str, enum: ["member", "key", "system"], description: "member, key or system" },
  id: { type: ["integer", "null"], description: "The member's or key's id; null for the system" },
  name: { ...str, description: "The member's e-mail or the key's name when it acted; system (workers, the seed) or visitor (anonymous callers)" },
}, { description: "Who made a change" });

const AuditEntry = object("AuditEntry", {
  id: int,
  at: dateTime,
  actor: ref("AuditActor"),
  operation: { ...str, description: "The operation of the access table, e.g. parcels.update; model.create etc. outside any request" },
  object_type: str,
  object_id: strOrNull,
  changes: {
    type: "object",
    description: "{ field: [before, after] }; secrets and passwords read \"(hidden)\", never a value",
    additionalProperties: { type: "array", items: {}, minItems: 2, maxItems: 2 },
  },
}, { description: "One recorded write" });

/** Shared schemas, added once to the /api scope; the OpenAPI document lists them as components. */
export const sharedSchemas: Schema[] = [
  Activity, PublicParcel, Parcel, Page, Review, PublicSettings, Settings, Invoice, MailRecord,
  AdminAccount, SiteGraph, ErrorEnvelope,
  paged("ParcelPage", "Parcel"), paged("PagePage", "Page"), paged("ReviewPage", "Review"), paged("MailPage", "MailRecord"),
  TrackResult, Webhook, WebhookDelivery, paged("WebhookDeliveryPage", "WebhookDelivery"), Unsubscribed, ScanError, ScanResult,
  ImportRow, ImportResult, DeliveryProof, Rescheduled, AuditActor, AuditEntry, paged("AuditPage", "AuditEntry"),
];

export const data = {
  ref,
  list: listOf,
  none: { type: "null" } as Schema,
};

/** The contract's envelope around a data schema. */
export function envelope(dataSchema: Schema): Schema {
  return {
    type: "object",
    properties: {
      status: { ...str, description: "The HTTP status as a string" },
      errors: { type: "array", items: str, maxItems: 0 },
      message: { ...str, description: "Success message for the UI, may be empty" },
      data: dataSchema,
    },
    required: ["status", "errors", "message", "data"],
    additionalProperties: false,
  };
}

type Ctor = new () => object;
type ValidationMetadata = ReturnType<ReturnType<typeof getMetadataStorage>["getTargetValidationMetadatas"]>[number];
const byName = (metas: ValidationMetadata[], name: string) => metas.find((m) => m.name === name);

/** Number fields of an input class, from its class-validator rules (isNumber / isInt). */
/** The number and boolean fields of an input class (multipart and query strings send them as text). */
export function numberFields(cls: Function): Map<string, "number" | "integer" | "boolean"> {
  let out = numberFieldsOf.get(cls);
  if (out) return out;
  out = new Map<string, "number" | "integer" | "boolean">();
  for (const m of getMetadataStorage().getTargetValidationMetadatas(cls, "", true, false)) {
    if (m.name === "isBoolean") out.set(m.propertyName, "boolean");
    else if (m.name === "isInt") out.set(m.propertyName, "integer");
    else if (m.name === "isNumber" && !out.has(m.propertyName)) out.set(m.propertyName, "number");
  }
  numberFieldsOf.set(cls, out);
  return out;
}
// Read once per class: every request body or query of the class needs it.
const numberFieldsOf = new Map<Function, Map<string, "number" | "integer" | "boolean">>();

/**
 * The JSON schema of an input class, read from its class-validator rules, so the documented
 * request shapes cannot drift from the rules that are enforced. Documentation only: REST bodies
 * are validated by `validated()` with the class itself.
 */
export function inputSchema(cls: Ctor, extra: Record<string, Schema> = {}, extraRequired: string[] = []): Schema {
  const storage = getMetadataStorage();
  const all = storage.getTargetValidationMetadatas(cls, "", true, false);
  const numbers = numberFields(cls);
  const properties: Record<string, Schema> = {};
  const required: string[] = [];
  for (const field of fieldsOf(cls)) {
    const metas = all.filter((m) => m.propertyName === field);
    const conditions = metas.filter((m) => m.type === "conditionalValidation").map((m) => m.constraints[0] as (o: object, v: unknown) => boolean);
    const skips = (v: unknown) => conditions.some((c) => !c({ [field]: v }, v));
    const s: Schema = {};
    const kind = numbers.get(field);
    s.type = kind ?? "string";
    if (kind === "boolean") s.description = "A JSON boolean; \"true\" or \"false\" (as multipart sends) is accepted";
    else if (kind) s.description = "A JSON number; a numeric string (as multipart sends) is accepted";
    const isIn = byName(metas, "isIn");
    if (isIn) s.enum = isIn.constraints[0];
    const maxLength = byName(metas, "maxLength");
    if (maxLength) s.maxLength = maxLength.constraints[0];
    const minLength = byName(metas, "minLength");
    if (minLength) s.minLength = minLength.constraints[0];
    const min = byName(metas, "min");
    if (min) s.minimum = min.constraints[0];
    const max = byName(metas, "max");
    if (max) s.maximum = max.constraints[0];
    if (byName(metas, "isEmail")) s.format = "email";
    const matches = byName(metas, "matches");
    if (matches) s.pattern = (matches.constraints[0] as RegExp).source;
    const custom = metas.filter((m) => m.type === "customValidation").flatMap((m) => storage.getTargetValidatorConstraints(m.constraintCls));
    if (custom.some((c) => c.name === "isoDate")) s.format = "date";
    if (byName(metas, "isArray")) {
      // An array of text: the per-item rules (each: true) describe its items.
      const item: Schema = { type: "string" };
      for (const [rule, key] of [["maxLength", "maxLength"], ["minLength", "minLength"]] as const) {
        const m = byName(metas, rule);
        if (m) item[key] = m.constraints[0];
      }
      delete s.maxLength;
      delete s.minLength;
      Object.assign(s, { type: "array", items: item });
      const minItems = byName(metas, "arrayMinSize");
      if (minItems) s.minItems = minItems.constraints[0];
      const maxItems = byName(metas, "arrayMaxSize");
      if (maxItems) s.maxItems = maxItems.constraints[0];
    }
    if (skips(null)) {
      s.type = [s.type, "null"];
      if (s.enum) s.enum = [...(s.enum as unknown[]), null];
    }
    if (custom.some((c) => c.name === "required") && !skips(undefined)) required.push(field);
    properties[field] = s;
  }
  Object.assign(properties, extra);
  required.push(...extraRequired);
  return { type: "object", properties, ...(required.length ? { required } : {}), additionalProperties: true, description: "Unknown fields are ignored" };
}

export const binaryFile: Schema = { type: "string", format: "binary", description: "A JPEG or PNG image (checked by content)" };
