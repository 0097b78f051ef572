import { Link } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { useAdminDeletePageMutation, useAdminPagesQuery } from "../../../generated/graphql";
import { AddButton, DeleteRecord, RecordList } from "../../components/lists";
import { PageHeader } from "../../components/PageHeader";
import { FormStatus } from "../../components/fields";
import { Icon } from "../../../components/Icon";
import { useFlash, useNextPage } from "../../hooks/lists";
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
      <RecordList
        label={t("title")}
        loading={loading}
        error={firstError(error)}
        rows={rows}
        empty={{ title: t("emptyTitle"), hint: t("emptyHint"), action: { to: "/control/pages/create.html", label: t("emptyAction") } }}
        next={{ nextPageUrl: data?.pages.next_page_url, more }}
      >
        {(p) => (
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
              <DeleteRecord
                typename="Page"
                id={p.id}
                label={t("deletePage", { title: p.title })}
                remove={(update) => remove({ variables: { id: p.id }, update })}
              />
            </span>
          </li>
        )}
      </RecordList>
    </div>
  );
}
