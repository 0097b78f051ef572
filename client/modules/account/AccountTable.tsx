import type { ReactNode } from "react";
import { useShipperTranslation } from "../quote/i18n";

/** A column of an AccountTable: its heading, and `num` for a number column (right-aligned). */
export type AccountColumn = string | { label: string; num: true };

/**
 * One of the shipper's lists as a table (on a phone each row is a card), with a last column for the
 * row's buttons whose heading only screen readers read (none with `actions` false). `children` are the body's rows.
 */
export function AccountTable({
  columns,
  children,
  actions = true,
  className,
}: {
  columns: AccountColumn[];
  children: ReactNode;
  actions?: boolean;
  className?: string;
}) {
  const { t } = useShipperTranslation();
  return (
    <div className="table-wrap">
      <table className={`account-table${className ? ` ${className}` : ""}`}>
        <thead>
          <tr>
            {columns.map((c) =>
              typeof c === "string" ? (
                <th key={c} scope="col">
                  {c}
                </th>
              ) : (
                <th key={c.label} scope="col" className="num">
                  {c.label}
                </th>
              ),
            )}
            {actions ? (
              <th scope="col">
                <span className="visually-hidden">{t("account.actions")}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** Previous and Next under a paged list with "page x of y" between them; nothing while there is one page. */
export function AccountPager({
  page,
  list,
  setPage,
}: {
  page: number;
  list: { current_page: number; last_page: number } | undefined;
  setPage: (page: number) => void;
}) {
  const { t } = useShipperTranslation();
  if (!list || list.last_page <= 1) return null;
  return (
    <div className="pager">
      <button type="button" className="btn btn-outline btn-small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
        {t("common.previous")}
      </button>
      <span>{t("account.pageOf", { page: list.current_page, pages: list.last_page })}</span>
      <button type="button" className="btn btn-outline btn-small" disabled={page >= list.last_page} onClick={() => setPage(page + 1)}>
        {t("common.next")}
      </button>
    </div>
  );
}
