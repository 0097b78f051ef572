import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { useAdminAuditActorsQuery, useAdminAuditLogQuery, type AdminAuditLogQuery } from "../../../generated/graphql";
import { DateFilter, FilterButtons, ListState, ListTable } from "../../components/lists";
import { PageHeader } from "../../components/PageHeader";
import { Icon } from "../../../components/Icon";
import { firstError } from "../../hooks/errors";
import { useFilterParams } from "../../hooks/lists";
import { useTitle } from "../../hooks/useTitle";
import { MAX_LENGTH } from "@shared/core/lengths.codes";
import * as icons from "../../icons";
import { moment } from "../../time";

const NS = "control-audit";

type Entry = AdminAuditLogQuery["auditLog"]["data"][number];

/** The filters the server takes (GET /api/audit, GraphQL auditLog), kept in the address. */
const FILTERS = ["actor", "object_type", "object_id", "from", "to"] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

const OBJECT_TYPES = [
  "parcel",
  "activity",
  "page",
  "review",
  "settings",
  "invoice",
  "webhook",
  "member",
  "api_key",
  "team",
  "shipper",
  "shipper_key",
  "shipper_address",
  "zone",
  "service",
  "rate_card",
  "booking",
  "pickup",
  "statement",
  "statement_line",
  "mail",
  "audit",
] as const;
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

function who(t: TFunction, actor: Entry["actor"]): { text: string; hint: string } {
  const id = actor.id ?? "?";
  if (actor.kind === "member") return { text: actor.name, hint: t("actor.memberHint", { id }) };
  if (actor.kind === "key") return { text: t("actor.key", { name: actor.name }), hint: t("actor.keyHint", { id }) };
  if (actor.kind === "shipper") return { text: t("actor.shipper", { name: actor.name }), hint: t("actor.shipperHint", { id }) };
  return actor.name === "visitor" ? { text: t("actor.visitor"), hint: t("actor.visitorHint") } : { text: t("actor.system"), hint: t("actor.systemHint") };
}

const objectLabel = (t: TFunction, type: string) => ((OBJECT_TYPES as readonly string[]).includes(type) ? t(`types.${type}.single`) : type);

/** Fields shown of a long change until expanded. */
const FIRST_FIELDS = 4;

/**
 * The changed fields as "field: before -> after" ("field: value" for a new object, "field: was
 * value" for a deleted one); long values and long lists cut short until expanded.
 */
function Changes({ entry }: { entry: Entry }) {
  const { t } = useTranslation(NS);
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
                <span className="cp-diff-arrow" aria-label={t("changes.to")}>
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
          {open ? t("changes.less") : rows.length > FIRST_FIELDS ? t("changes.allFields", { count: rows.length }) : t("changes.all")}
        </button>
      ) : null}
    </div>
  );
}

export default function AuditLog() {
  const { t } = useTranslation(NS);
  useTitle(t("title"));
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
        title={t("title")}
        icon={icons.shield}
        sub={t("sub")}
        back="/control/index.html"
        backLabel={t("home")}
        actions={
          <a href={csv} className="cp-btn cp-btn-outline" download data-testid="audit-export" title={t("export.hint")}>
            <Icon path={icons.download} size={20} />
            <span>{t("export.button")}</span>
          </a>
        }
      />
      <form className="cp-card cp-audit-filters" onSubmit={submit} aria-label={t("filters.label")}>
        <div className="cp-field">
          <label htmlFor="audit-actor" className="cp-label">
            {t("filters.who")}
          </label>
          <select id="audit-actor" className="cp-input cp-select" value={draft.actor} onChange={set("actor")}>
            <option value="">{t("filters.everyone")}</option>
            {members.length ? (
              <optgroup label={t("filters.members")}>
                {members.map((m) => (
                  <option key={m.id} value={`member:${m.id}`}>
                    {m.name}
                  </option>
                ))}
              </optgroup>
            ) : null}
            {keys.length ? (
              <optgroup label={t("filters.keys")}>
                {keys.map((k) => (
                  <option key={k.id} value={`key:${k.id}`}>
                    {k.name}
                  </option>
                ))}
              </optgroup>
            ) : null}
            {shippers.length ? (
              <optgroup label={t("filters.shippers")}>
                {shippers.map((k) => (
                  <option key={k.id} value={`shipper:${k.id}`}>
                    {k.name}
                  </option>
                ))}
              </optgroup>
            ) : null}
            <optgroup label={t("filters.automatic")}>
              <option value="system">{t("filters.system")}</option>
              <option value="visitor">{t("filters.visitors")}</option>
            </optgroup>
            {draft.actor && !/^(member|key|shipper):|^(system|visitor)$/.test(draft.actor) ? <option value={draft.actor}>{draft.actor}</option> : null}
          </select>
        </div>
        <div className="cp-field">
          <label htmlFor="audit-type" className="cp-label">
            {t("filters.object")}
          </label>
          <select id="audit-type" className="cp-input cp-select" value={draft.object_type} onChange={set("object_type")}>
            <option value="">{t("filters.everything")}</option>
            {OBJECT_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`types.${type}.list`)}
              </option>
            ))}
          </select>
        </div>
        <div className="cp-field">
          <label htmlFor="audit-object" className="cp-label">
            {t("filters.objectId")}
          </label>
          <input
            id="audit-object"
            className="cp-input"
            inputMode="numeric"
            value={draft.object_id}
            onChange={set("object_id")}
            maxLength={MAX_LENGTH.auditObjectId}
            placeholder={t("filters.objectIdExample")}
          />
        </div>
        <DateFilter id="audit-from" label={t("filters.from")} value={draft.from} onChange={set("from")} />
        <DateFilter id="audit-to" label={t("filters.to")} value={draft.to} onChange={set("to")} />
        <FilterButtons className="cp-audit-buttons" reset={clear} />
      </form>
      <ListState loading={loading} error={firstError(error)} empty={rows.length === 0} emptyText={t("empty")} />
      {rows.length ? (
        <>
          <p className="cp-muted cp-small" aria-live="polite" data-testid="audit-total">
            {t("total", { count: log!.total, page: log!.current_page, last: log!.last_page })}
          </p>
          <ListTable
            testId="audit-table"
            className="cp-audit-table"
            caption={t("table.caption")}
            columns={[t("table.when"), t("table.who"), t("table.operation"), t("table.object"), t("table.changes")]}
          >
            {rows.map((e) => {
              const w = who(t, e.actor);
              return (
                <tr key={e.id} data-testid="audit-row">
                  <td data-label={t("table.when")}>
                    <time dateTime={e.at}>{moment(e.at)}</time>
                  </td>
                  <td data-label={t("table.who")} className="cp-break" title={w.hint}>
                    {w.text}
                  </td>
                  <td data-label={t("table.operation")}>
                    <code className="cp-event">{e.operation}</code>
                  </td>
                  <td data-label={t("table.object")}>
                    {objectLabel(t, e.object_type)}
                    {e.object_id ? <span className="cp-mono"> #{e.object_id}</span> : null}
                  </td>
                  <td data-label={t("table.changes")} className="cp-audit-changes">
                    <Changes entry={e} />
                  </td>
                </tr>
              );
            })}
          </ListTable>
          <nav className="cp-pager" aria-label={t("pager.label")}>
            <button type="button" className="cp-btn cp-btn-outline" disabled={page <= 1 || loading} onClick={() => go(applied, page - 1)}>
              {t("pager.newer")}
            </button>
            <button type="button" className="cp-btn cp-btn-outline" disabled={!log?.next_page_url || loading} onClick={() => go(applied, page + 1)}>
              {t("pager.older")}
            </button>
          </nav>
        </>
      ) : null}
    </div>
  );
}
