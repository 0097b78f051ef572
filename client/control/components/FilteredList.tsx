import type { FormEvent, InputHTMLAttributes, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";
import { ListState, NextPage, type Empty } from "./lists";
import * as icons from "../icons";

/** A field's value and onChange, as useListFilters' `field(name)` gives them. */
interface Bound {
  value: string;
  onChange: (e: { target: { value: string } }) => void;
}

/** A labelled field of a list's filter form. */
export function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="cp-field">
      <label htmlFor={id} className="cp-label">
        {label}
      </label>
      {children}
    </div>
  );
}

/** A choice of a list's filter form: `all` labels the empty choice (no filter), then `options`, then any `children` (groups). */
export function FilterSelect({
  id,
  label,
  all,
  options = [],
  children,
  ...bound
}: Bound & { id: string; label: string; all: string; options?: { value: string | number; label: string }[]; children?: ReactNode }) {
  return (
    <FilterField id={id} label={label}>
      <select id={id} className="cp-input cp-select" {...bound}>
        <option value="">{all}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
        {children}
      </select>
    </FilterField>
  );
}

/** A typed field of a list's filter form (text by default; `type="date"` for a day). */
export function FilterInput({
  id,
  label,
  ...input
}: Bound & { id: string; label: string } & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "value" | "onChange">) {
  return (
    <FilterField id={id} label={label}>
      <input id={id} className="cp-input" {...input} />
    </FilterField>
  );
}

/** The buttons of a list's filter form: Filter (submits), and Reset when `reset` is given. */
export function FilterButtons({ className = "cp-list-filter-buttons", reset }: { className?: string; reset?: () => void }) {
  const { t } = useTranslation("control");
  return (
    <div className={className}>
      <button type="submit" className="cp-btn cp-btn-primary">
        <Icon path={icons.filter_list} size={20} />
        <span>{t("list.filter")}</span>
      </button>
      {reset ? (
        <button type="button" className="cp-btn cp-btn-outline" onClick={reset}>
          {t("list.reset")}
        </button>
      ) : null}
    </div>
  );
}

/** Newer and Older pages of a list whose page is kept in the address; each label in the screen's own words. */
export interface Pager {
  /** The pager's name for screen readers ("Pages of the audit log"). */
  label: string;
  newer: string;
  older: string;
  page: number;
  /** Whether the server names a next page (next_page_url). */
  hasNext: boolean;
  go: (page: number) => void;
}

/**
 * A list with its filters (kept in the address by useListFilters): the filter form, then "Fetching Data ..." while
 * loading, the error, or what an empty list is missing; the total; the list itself (`children`, shown when `count`
 * rows came); and its foot: the pager (`pager`, pages in the address) or the next page appended (`next`).
 */
export function FilteredList({
  label,
  fields,
  filters,
  loading,
  error,
  count,
  empty,
  total,
  pager,
  next,
  children,
}: {
  /** The filter form's name for screen readers. */
  label: string;
  /** The form's fields (FilterSelect, FilterInput, FilterField). */
  fields: ReactNode;
  filters: { submit: (e: FormEvent) => void; clear: () => void };
  loading: boolean;
  error?: string | null;
  count: number;
  /** What an empty list says: a title (and hint), or its text alone. */
  empty: Empty | string;
  /** "12 entries, page 1 of 1" (announced when it changes), with its test id. */
  total?: { text: string; testId?: string };
  pager?: Pager;
  next?: { nextPageUrl?: string | null; more: { loading: boolean; error: string | null; next: () => void } };
  children: ReactNode;
}) {
  return (
    <>
      <form className="cp-card cp-list-filters" onSubmit={filters.submit} aria-label={label}>
        {fields}
        <FilterButtons reset={filters.clear} />
      </form>
      <ListState loading={loading} error={error} empty={count === 0} {...(typeof empty === "string" ? { emptyText: empty } : { emptyState: empty })} />
      {count ? (
        <>
          {total ? (
            <p className="cp-muted cp-small" aria-live="polite" data-testid={total.testId}>
              {total.text}
            </p>
          ) : null}
          {children}
          {pager ? (
            <nav className="cp-pager" aria-label={pager.label}>
              <button type="button" className="cp-btn cp-btn-outline" disabled={pager.page <= 1 || loading} onClick={() => pager.go(pager.page - 1)}>
                {pager.newer}
              </button>
              <button type="button" className="cp-btn cp-btn-outline" disabled={!pager.hasNext || loading} onClick={() => pager.go(pager.page + 1)}>
                {pager.older}
              </button>
            </nav>
          ) : null}
        </>
      ) : null}
      {next ? <NextPage nextPageUrl={next.nextPageUrl} more={next.more} /> : null}
    </>
  );
}
