import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { useAdminAuditActorsQuery, useAdminAuditLogQuery, type AdminAuditLogQuery } from "../../../generated/graphql";
import { ListTable, WhenCell } from "../../components/lists";
import { FilteredList, FilterInput, FilterSelect } from "../../components/FilteredList";
import { PageHeader } from "../../components/PageHeader";
import { Icon } from "../../../components/Icon";
import { firstError } from "../../hooks/errors";
import { useListFilters } from "../../hooks/lists";
import { useTitle } from "../../hooks/useTitle";
import { MAX_LENGTH } from "@shared/core/lengths.codes";
import * as icons from "../../icons";

const NS = "control-audit";

type Entry = AdminAuditLogQuery["auditLog"]["data"][number];

/** The filters the server takes (GET /api/audit, GraphQL auditLog), kept in the address. */
const FILTERS = ["actor", "object_type", "object_id", "from", "to"] as const;

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
/** The actors the "Who" filter offers by name: a group of each kind (its label `filters.<group>`), then the automatic ones. */
const ACTOR_GROUPS = [
  ["member", "members"],
  ["key", "keys"],
  ["shipper", "shippers"],
] as const;

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
  const filters = useListFilters(FILTERS);
  const { applied, given, draft, field, page, go } = filters;
  const actors = useAdminAuditActorsQuery({ fetchPolicy: "cache-and-network" });
  const { data, loading, error } = useAdminAuditLogQuery({
    variables: { ...given, page, per_page: PER_PAGE },
    fetchPolicy: "cache-and-network",
  });
  const log = data?.auditLog;
  const rows = log?.data ?? [];
  const actorsOf = (kind: string) => actors.data?.auditActors.filter((a) => a.kind === kind) ?? [];
  const csv = `/api/audit?${new URLSearchParams({ ...given, format: "csv" })}`;

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
      <FilteredList
        label={t("filters.label")}
        filters={filters}
        fields={
          <>
            <FilterSelect id="audit-actor" label={t("filters.who")} all={t("filters.everyone")} {...field("actor")}>
              {ACTOR_GROUPS.map(([kind, group]) => {
                const list = actorsOf(kind);
                return list.length ? (
                  <optgroup key={kind} label={t(`filters.${group}`)}>
                    {list.map((a) => (
                      <option key={a.id} value={`${kind}:${a.id}`}>
                        {a.name}
                      </option>
                    ))}
                  </optgroup>
                ) : null;
              })}
              <optgroup label={t("filters.automatic")}>
                <option value="system">{t("filters.system")}</option>
                <option value="visitor">{t("filters.visitors")}</option>
              </optgroup>
              {draft.actor && !/^(member|key|shipper):|^(system|visitor)$/.test(draft.actor) ? <option value={draft.actor}>{draft.actor}</option> : null}
            </FilterSelect>
            <FilterSelect
              id="audit-type"
              label={t("filters.object")}
              all={t("filters.everything")}
              {...field("object_type")}
              options={OBJECT_TYPES.map((type) => ({ value: type, label: t(`types.${type}.list`) }))}
            />
            <FilterInput
              id="audit-object"
              label={t("filters.objectId")}
              inputMode="numeric"
              maxLength={MAX_LENGTH.auditObjectId}
              placeholder={t("filters.objectIdExample")}
              {...field("object_id")}
            />
            <FilterInput id="audit-from" type="date" label={t("filters.from")} {...field("from")} />
            <FilterInput id="audit-to" type="date" label={t("filters.to")} {...field("to")} />
          </>
        }
        loading={loading}
        error={firstError(error)}
        count={rows.length}
        empty={t("empty")}
        total={log ? { text: t("total", { count: log.total, page: log.current_page, last: log.last_page }), testId: "audit-total" } : undefined}
        pager={{ label: t("pager.label"), newer: t("pager.newer"), older: t("pager.older"), page, hasNext: !!log?.next_page_url, go: (p) => go(applied, p) }}
      >
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
                <WhenCell label={t("table.when")} at={e.at} />
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
      </FilteredList>
    </div>
  );
}
