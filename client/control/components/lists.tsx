import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import type { ApolloCache } from "@apollo/client/core";
import { Icon } from "../../components/Icon";
import { evict, useConfirmDelete } from "../hooks/lists";
import { useSession } from "../../state/store";
import { mayOpen } from "../roles";
import * as icons from "../icons";
import { moment } from "../time";

/** What an empty list says: what is missing, what to do about it, and a link to do it. */
export interface Empty {
  /** What is missing: "No parcels yet". */
  title: string;
  /** What to do, or why the list can be empty. */
  hint?: ReactNode;
  /** The screen that fills the list. */
  action?: { to: string; label: string };
}

/** An empty list's message (in place of the spec's bare "No Data Found"). */
export function EmptyState({ title, hint, action }: Empty) {
  const { role } = useSession();
  const link = action && mayOpen(role, action.to) ? action : null;
  return (
    <div className="cp-empty" data-testid="empty-state">
      <Icon path={icons.inventory_2} size={36} className="cp-empty-icon" />
      <p className="cp-empty-title">{title}</p>
      {hint ? <p className="cp-empty-hint">{hint}</p> : null}
      {link ? (
        <Link to={link.to} className="cp-btn cp-btn-outline cp-btn-sm">
          <Icon path={icons.add} size={18} />
          <span>{link.label}</span>
        </Link>
      ) : null}
    </div>
  );
}

/** "Fetching Data ..." (list.loading) while loading, the error, or what an empty list is missing (`empty`, or `emptyText` alone). */
export function ListState({
  loading,
  error,
  empty,
  emptyText,
  emptyState,
}: {
  loading: boolean;
  error?: string | null;
  empty: boolean;
  emptyText?: string;
  emptyState?: Empty;
}) {
  const { t } = useTranslation("control");
  if (loading && empty) {
    return (
      <p className="cp-state" role="status" aria-live="polite">
        <span className="cp-spinner" aria-hidden="true" /> {t("list.loading")}
      </p>
    );
  }
  if (error && empty)
    return (
      <p className="cp-state cp-state-error" role="alert">
        {error}
      </p>
    );
  if (empty) return <EmptyState {...(emptyState ?? { title: emptyText ?? t("list.empty") })} />;
  return null;
}

/**
 * The foot of a paged list: why the next page could not be fetched, if it failed, and the next-page
 * control, shown only while the server names a next page. `more` is what useNextPage returns.
 */
export function NextPage({ nextPageUrl, more }: { nextPageUrl?: string | null; more: { loading: boolean; error: string | null; next: () => void } }) {
  const { t } = useTranslation("control");
  return (
    <>
      {more.error ? (
        <p className="cp-state cp-state-error" role="alert">
          {more.error}
        </p>
      ) : null}
      {nextPageUrl ? (
        <div className="cp-next">
          <button type="button" className="cp-btn cp-btn-outline" onClick={more.next} disabled={more.loading} aria-busy={more.loading || undefined}>
            {more.loading ? t("list.loading") : t("list.nextPage")}
          </button>
        </div>
      ) : null}
    </>
  );
}

/**
 * A screen's list of records, one `<li>` a record (`children` gives a record's row): "Fetching Data ...", the error,
 * or what an empty list is missing (`empty`); then `head` (what acts on the shown rows), the rows labelled by
 * `label`, and the next page when the list is paged (`next`: the page's next_page_url and what useNextPage returns).
 */
export function RecordList<T>({
  label,
  loading,
  error,
  rows,
  empty,
  head,
  next,
  children,
}: {
  label: string;
  loading: boolean;
  error?: string | null;
  rows: readonly T[];
  empty: Empty;
  head?: ReactNode;
  next?: { nextPageUrl?: string | null; more: { loading: boolean; error: string | null; next: () => void } };
  children: (row: T) => ReactNode;
}) {
  return (
    <>
      <ListState loading={loading} error={error} empty={rows.length === 0} emptyState={empty} />
      {rows.length ? (
        <>
          {head}
          <ul className="cp-list" aria-label={label}>
            {rows.map(children)}
          </ul>
        </>
      ) : null}
      {next ? <NextPage nextPageUrl={next.nextPageUrl} more={next.more} /> : null}
    </>
  );
}

/** A column of a ListTable: its heading, and `num` for a right-aligned number column. */
export type Column = string | { label: string; num?: boolean };

/**
 * A list shown as a table (rows of records, one heading a column; on a phone each cell shows its
 * column's name from its data-label). `children` are the body's rows.
 */
export function ListTable({
  testId,
  caption,
  className,
  columns,
  children,
}: {
  testId: string;
  caption?: string;
  className?: string;
  columns: Column[];
  children: ReactNode;
}) {
  return (
    <div className="cp-table-wrap">
      <table className={`cp-table cp-table-list${className ? ` ${className}` : ""}`} data-testid={testId}>
        {caption ? <caption className="cp-visually-hidden">{caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((c) =>
              typeof c === "string" ? (
                <th key={c} scope="col">
                  {c}
                </th>
              ) : (
                <th key={c.label} scope="col" className={c.num ? "cp-num" : undefined}>
                  {c.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A ListTable's cell of when a record happened (the moment in the language, its ISO time kept), and what `children` add. */
export function WhenCell({ label, at, children }: { label: string; at: string; children?: ReactNode }) {
  return (
    <td data-label={label}>
      <time dateTime={at}>{moment(at)}</time>
      {children}
    </td>
  );
}

/** The Add button with a hint that highlights it on arrival and closes after 1 s. */
export function AddButton({ to, children }: { to: string; children: ReactNode }) {
  const [hint, setHint] = useState(true);
  useEffect(() => {
    const t = setTimeout(() => setHint(false), 1000);
    return () => clearTimeout(t);
  }, []);
  return (
    <span className="cp-add-wrap">
      <Link to={to} className={`cp-btn cp-btn-primary cp-add${hint ? " cp-add-hint" : ""}`}>
        <Icon path={icons.add} size={20} />
        <span>{children}</span>
      </Link>
      {hint ? (
        <span className="cp-add-tip" role="tooltip">
          {children}
        </span>
      ) : null}
    </span>
  );
}

export function DeleteButton({ label, onClick, busy }: { label: string; onClick: () => void; busy?: boolean }) {
  return (
    <button type="button" className="cp-icon-btn cp-danger" onClick={onClick} disabled={busy} aria-label={label} title={label}>
      <Icon path={icons.delete} size={20} />
    </button>
  );
}

/**
 * Delete a listed record (after the confirm; useConfirmDelete): `remove` deletes it with the given cache update,
 * which drops it from every cached list.
 */
export function DeleteRecord({
  typename,
  id,
  label,
  remove,
}: {
  typename: string;
  id: number;
  label: string;
  remove: (update: (cache: ApolloCache<unknown>) => void) => Promise<unknown>;
}) {
  const del = useConfirmDelete(typename);
  return <DeleteButton label={label} busy={del.busyId === id} onClick={() => del.run(id, () => remove((cache) => evict(cache, typename, id)))} />;
}

/**
 * A record in a list of cards: its summary, badges, Edit and Delete, or its form while it is edited.
 * `name` ends the buttons' labels ("zone Berlin": "Edit zone Berlin"); `form` is handed what closes it;
 * `remove` deletes the record with the given cache update, which drops it from every cached list.
 */
export function EditableCard({
  testId,
  typename,
  id,
  name,
  summary,
  badges,
  form,
  remove,
}: {
  testId: string;
  typename: string;
  id: number;
  name: string;
  summary: ReactNode;
  badges?: ReactNode;
  form: (done: () => void) => ReactNode;
  remove: (update: (cache: ApolloCache<unknown>) => void) => Promise<unknown>;
}) {
  const { t } = useTranslation("control");
  const [editing, setEditing] = useState(false);
  return (
    <li className="cp-card cp-ship-card" data-testid={testId}>
      {editing ? (
        form(() => setEditing(false))
      ) : (
        <div className="cp-ship-card-head">
          <div className="cp-row-main">{summary}</div>
          <span className="cp-ship-badges">
            {badges}
            <button
              type="button"
              className="cp-icon-btn"
              onClick={() => setEditing(true)}
              aria-label={t("actions.editNamed", { name })}
              title={t("actions.edit")}
            >
              <Icon path={icons.edit} size={20} />
            </button>
            <DeleteRecord typename={typename} id={id} label={t("actions.deleteNamed", { name })} remove={remove} />
          </span>
        </div>
      )}
    </li>
  );
}
