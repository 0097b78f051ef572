import { useState, type FormEvent } from "react";
import { useAdminAuditActorsQuery, useAdminAuditLogQuery, type AdminAuditLogQuery } from "../../../generated/graphql";
import { DateFilter, FilterButtons, ListState, ListTable } from "../../components/lists";
import { PageHeader } from "../../components/PageHeader";
import { Icon } from "../../../components/Icon";
import { firstError } from "../../hooks/errors";
import { useFilterParams } from "../../hooks/lists";
import { useTitle } from "../../hooks/useTitle";
import { MAX_LENGTH } from "@shared/core/lengths.codes";
import * as icons from "../../icons";

type Entry = AdminAuditLogQuery["auditLog"]["data"][number];

/** The filters the server takes (GET /api/audit, GraphQL auditLog), kept in the address. */
const FILTERS = ["actor", "object_type", "object_id", "from", "to"] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

const OBJECT_TYPES: { value: string; label: string; one: string }[] = [
  { value: "parcel", label: "Parcels", one: "Parcel" },
  { value: "activity", label: "History entries", one: "History entry" },
  { value: "page", label: "Pages", one: "Page" },
  { value: "review", label: "Reviews", one: "Review" },
  { value: "settings", label: "Settings", one: "Settings" },
  { value: "invoice", label: "Invoices", one: "Invoice" },
  { value: "webhook", label: "Webhooks", one: "Webhook" },
  { value: "member", label: "Members", one: "Member" },
  { value: "api_key", label: "API keys", one: "API key" },
  { value: "team", label: "Team policy", one: "Team policy" },
  { value: "shipper", label: "Shippers", one: "Shipper" },
  { value: "shipper_key", label: "Shippers' API keys", one: "Shipper's API key" },
  { value: "shipper_address", label: "Shippers' addresses", one: "Shipper's address" },
  { value: "zone", label: "Zones", one: "Zone" },
  { value: "service", label: "Services", one: "Service" },
  { value: "rate_card", label: "Rate cards", one: "Rate card" },
  { value: "booking", label: "Bookings", one: "Booking" },
  { value: "pickup", label: "Pickups", one: "Pickup" },
  { value: "statement", label: "Statements", one: "Statement" },
  { value: "statement_line", label: "Statement lines", one: "Statement lines" },
  { value: "mail", label: "Sent e-mail", one: "E-mail" },
  { value: "audit", label: "Audit log exports", one: "Audit log" },
];
const PER_PAGE = 25;
const SHORT = 60;

const given = (f: Filters) =>
  Object.fromEntries(
    Object.entries(f)
      .filter(([, v]) => v.trim() !== "")
      .map(([k, v]) => [k, v.trim()]),
  );

/** A recorded value as text: JSON text from the server, shown plainly (text without quotes). */
function shown(json: string | null | undefined): string {
  if (json == null) return "∅";
  try {
    const v = JSON.parse(json) as unknown;
    if (v === "") return '""';
    return typeof v === "string" ? v : JSON.stringify(v);
  } catch {
    return json;
  }
}

function who(actor: Entry["actor"]): { text: string; hint: string } {
  if (actor.kind === "member") return { text: actor.name, hint: `Member #${actor.id ?? "?"}` };
  if (actor.kind === "key") return { text: `API key ${actor.name}`, hint: `API key #${actor.id ?? "?"}` };
  if (actor.kind === "shipper") return { text: `Shipper ${actor.name}`, hint: `Shipper #${actor.id ?? "?"}` };
  return actor.name === "visitor"
    ? { text: "Visitor", hint: "An anonymous caller (the recipient's links, the contact form)" }
    : { text: "System", hint: "A worker, the seed or start-up" };
}

const objectLabel = (type: string) => OBJECT_TYPES.find((t) => t.value === type)?.one ?? type;

/** Fields shown of a long change until expanded. */
const FIRST_FIELDS = 4;

/**
 * The changed fields as "field: before -> after" ("field: value" for a new object, "field: was
 * value" for a deleted one); long values and long lists cut short until expanded.
 */
function Changes({ entry }: { entry: Entry }) {
  const [open, setOpen] = useState(false);
  const rows = entry.changes.map((c) => ({
    field: c.field,
    before: c.before == null ? null : shown(c.before),
    after: c.after == null ? null : shown(c.after),
  }));
  if (!rows.length) return <span className="cp-muted">-</span>;
  const created = rows.every((r) => r.before === null);
  const deleted = rows.every((r) => r.after === null);
  const long = rows.length > FIRST_FIELDS || rows.some((r) => (r.before ?? "").length > SHORT || (r.after ?? "").length > SHORT);
  const cut = (s: string | null) => (s === null ? "∅" : open || s.length <= SHORT ? s : `${s.slice(0, SHORT)}…`);
  const visible = open ? rows : rows.slice(0, FIRST_FIELDS);
  return (
    <div className="cp-diff">
      <ul className="cp-diff-list">
        {visible.map((r) => (
          <li key={r.field} data-testid="audit-change">
            <span className="cp-diff-field">{r.field}</span>:{" "}
            {created ? (
              <span className="cp-diff-after">{cut(r.after)}</span>
            ) : deleted ? (
              <span className="cp-diff-before">{cut(r.before)}</span>
            ) : (
              <>
                <span className="cp-diff-before">{cut(r.before)}</span>
                <span className="cp-diff-arrow" aria-label="changed to">
                  {" → "}
                </span>
                <span className="cp-diff-after">{cut(r.after)}</span>
              </>
            )}
          </li>
        ))}
      </ul>
      {long ? (
        <button type="button" className="cp-linkish cp-small" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? "Show less" : rows.length > FIRST_FIELDS ? `Show all ${rows.length} fields` : "Show all"}
        </button>
      ) : null}
    </div>
  );
}

export default function AuditLog() {
  useTitle("Audit log");
  const { params, setParams, applied, draft, set, clear } = useFilterParams(FILTERS);
  const page = Math.max(1, Number(params.get("page")) || 1);
  const actors = useAdminAuditActorsQuery({ fetchPolicy: "cache-and-network" });
  const { data, loading, error } = useAdminAuditLogQuery({
    variables: { ...given(applied), page, per_page: PER_PAGE },
    fetchPolicy: "cache-and-network",
  });
  const log = data?.auditLog;
  const rows = log?.data ?? [];
  const members = actors.data?.auditActors.filter((a) => a.kind === "member") ?? [];
  const keys = actors.data?.auditActors.filter((a) => a.kind === "key") ?? [];
  const shippers = actors.data?.auditActors.filter((a) => a.kind === "shipper") ?? [];

  const go = (f: Filters, p = 1) => {
    const q = new URLSearchParams(given(f));
    if (p > 1) q.set("page", String(p));
    setParams(q);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    go(draft);
  };
  const csv = `/api/audit?${new URLSearchParams({ ...given(applied), format: "csv" })}`;

  return (
    <div className="cp-container">
      <PageHeader
        title="Audit log"
        icon={icons.shield}
        sub="Every change, by whom, newest first"
        back="/control/index.html"
        backLabel="Back to the control panel"
        actions={
          <a href={csv} className="cp-btn cp-btn-outline" download data-testid="audit-export" title="The filtered log as a CSV file for spreadsheets">
            <Icon path={icons.download} size={20} />
            <span>Export CSV</span>
          </a>
        }
      />
      <form className="cp-card cp-audit-filters" onSubmit={submit} aria-label="Filter the audit log">
        <div className="cp-field">
          <label htmlFor="audit-actor" className="cp-label">
            Who
          </label>
          <select id="audit-actor" className="cp-input cp-select" value={draft.actor} onChange={set("actor")}>
            <option value="">Everyone</option>
            {members.length ? (
              <optgroup label="Members">
                {members.map((m) => (
                  <option key={m.id} value={`member:${m.id}`}>
                    {m.name}
                  </option>
                ))}
              </optgroup>
            ) : null}
            {keys.length ? (
              <optgroup label="API keys">
                {keys.map((k) => (
                  <option key={k.id} value={`key:${k.id}`}>
                    {k.name}
                  </option>
                ))}
              </optgroup>
            ) : null}
            {shippers.length ? (
              <optgroup label="Shippers">
                {shippers.map((k) => (
                  <option key={k.id} value={`shipper:${k.id}`}>
                    {k.name}
                  </option>
                ))}
              </optgroup>
            ) : null}
            <optgroup label="Automatic">
              <option value="system">System and visitors</option>
              <option value="visitor">Visitors only</option>
            </optgroup>
            {draft.actor && !/^(member|key|shipper):|^(system|visitor)$/.test(draft.actor) ? <option value={draft.actor}>{draft.actor}</option> : null}
          </select>
        </div>
        <div className="cp-field">
          <label htmlFor="audit-type" className="cp-label">
            Object
          </label>
          <select id="audit-type" className="cp-input cp-select" value={draft.object_type} onChange={set("object_type")}>
            <option value="">Everything</option>
            {OBJECT_TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </div>
        <div className="cp-field">
          <label htmlFor="audit-object" className="cp-label">
            Object id
          </label>
          <input
            id="audit-object"
            className="cp-input"
            inputMode="numeric"
            value={draft.object_id}
            onChange={set("object_id")}
            maxLength={MAX_LENGTH.auditObjectId}
            placeholder="e.g. 42"
          />
        </div>
        <DateFilter id="audit-from" label="From" value={draft.from} onChange={set("from")} />
        <DateFilter id="audit-to" label="To" value={draft.to} onChange={set("to")} />
        <FilterButtons className="cp-audit-buttons" reset={clear} />
      </form>
      <ListState loading={loading} error={firstError(error)} empty={rows.length === 0} emptyText="No changes recorded for these filters" />
      {rows.length ? (
        <>
          <p className="cp-muted cp-small" aria-live="polite" data-testid="audit-total">
            {log!.total} {log!.total === 1 ? "entry" : "entries"} · page {log!.current_page} of {log!.last_page}
          </p>
          <ListTable
            testId="audit-table"
            className="cp-audit-table"
            caption="Recorded changes, newest first"
            columns={["When", "Who", "Operation", "Object", "Changes"]}
          >
            {rows.map((e) => {
              const w = who(e.actor);
              return (
                <tr key={e.id} data-testid="audit-row">
                  <td data-label="When">
                    <time dateTime={e.at}>{new Date(e.at).toLocaleString()}</time>
                  </td>
                  <td data-label="Who" className="cp-break" title={w.hint}>
                    {w.text}
                  </td>
                  <td data-label="Operation">
                    <code className="cp-event">{e.operation}</code>
                  </td>
                  <td data-label="Object">
                    {objectLabel(e.object_type)}
                    {e.object_id ? <span className="cp-mono"> #{e.object_id}</span> : null}
                  </td>
                  <td data-label="Changes" className="cp-audit-changes">
                    <Changes entry={e} />
                  </td>
                </tr>
              );
            })}
          </ListTable>
          <nav className="cp-pager" aria-label="Pages of the audit log">
            <button type="button" className="cp-btn cp-btn-outline" disabled={page <= 1 || loading} onClick={() => go(applied, page - 1)}>
              Newer
            </button>
            <button type="button" className="cp-btn cp-btn-outline" disabled={!log?.next_page_url || loading} onClick={() => go(applied, page + 1)}>
              Older
            </button>
          </nav>
        </>
      ) : null}
    </div>
  );
}
