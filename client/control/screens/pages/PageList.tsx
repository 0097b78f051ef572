import { Link } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { useAdminDeletePageMutation, useAdminPagesQuery } from "../../../generated/graphql";
import { AddButton, DeleteButton, ListState, NextPage } from "../../components/lists";
import { PageHeader } from "../../components/PageHeader";
import { FormStatus } from "../../components/fields";
import { Icon } from "../../../components/Icon";
import { evict, useConfirmDelete, useFlash, useNextPage } from "../../hooks/lists";
import { firstError } from "../../hooks/errors";
import { useTitle } from "../../hooks/useTitle";
import * as icons from "../../icons";
import { pageIconPath } from "../../../components/pageIcons";

export default function PageList() {
  const { t } = useTranslation("control-pages");
  useTitle(t("title"));
  const flash = useFlash();
  const { data, loading, error, fetchMore } = useAdminPagesQuery();
  const more = useNextPage("pages", data, fetchMore);
  const [remove] = useAdminDeletePageMutation();
  const del = useConfirmDelete("Page");
  const rows = data?.pages.data ?? [];
  return (
    <div className="cp-container">
      <PageHeader
        title={t("title")}
        icon={icons.pages}
        back="/control/index.html"
        backLabel={t("home")}
        actions={<AddButton to="/control/pages/create.html">{t("add")}</AddButton>}
      />
      <FormStatus errors={[]} message={flash} />
      <ListState
        loading={loading}
        error={firstError(error)}
        empty={rows.length === 0}
        emptyState={{
          title: t("emptyTitle"),
          hint: t("emptyHint"),
          action: { to: "/control/pages/create.html", label: t("emptyAction") },
        }}
      />
      {rows.length ? (
        <ul className="cp-list" aria-label={t("title")}>
          {rows.map((p) => (
            <li key={p.id} className="cp-row">
              <span className="cp-row-icon cp-accent" aria-hidden="true">
                <Icon path={pageIconPath(p.icon)} size={26} />
              </span>
              <div className="cp-row-main">
                <Link to={`/control/pages/${encodeURIComponent(p.slug)}`}>
                  <strong>{p.title}</strong>
                </Link>
                <a href={`/pages/${encodeURIComponent(p.slug)}`} target="_blank" rel="noopener" className="cp-muted cp-mono cp-small">
                  {`/pages/${p.slug}`}
                </a>
              </div>
              <span className="cp-row-actions">
                <Link
                  to={`/control/pages/${encodeURIComponent(p.slug)}`}
                  className="cp-icon-btn"
                  aria-label={t("editPage", { title: p.title })}
                  title={t("edit")}
                >
                  <Icon path={icons.edit} size={20} />
                </Link>
                <DeleteButton
                  label={t("deletePage", { title: p.title })}
                  busy={del.busyId === p.id}
                  onClick={() => del.run(p.id, () => remove({ variables: { id: p.id }, update: (cache) => evict(cache, "Page", p.id) }))}
                />
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <NextPage nextPageUrl={data?.pages.next_page_url} more={more} />
    </div>
  );
}
