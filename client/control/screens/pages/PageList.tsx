import { Link } from "react-router-dom";
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
  useTitle("Pages");
  const flash = useFlash();
  const { data, loading, error, fetchMore } = useAdminPagesQuery();
  const more = useNextPage("pages", data, fetchMore);
  const [remove] = useAdminDeletePageMutation();
  const del = useConfirmDelete("Page");
  const rows = data?.pages.data ?? [];
  return (
    <div className="cp-container">
      <PageHeader
        title="Pages"
        icon={icons.pages}
        back="/control/index.html"
        backLabel="Control panel home"
        actions={<AddButton to="/control/pages/create.html">Add Page</AddButton>}
      />
      <FormStatus errors={[]} message={flash} />
      <ListState
        loading={loading}
        error={firstError(error)}
        empty={rows.length === 0}
        emptyState={{
          title: "No pages yet",
          hint: "Pages are the site's content (services, about, customs guides), each at its own address.",
          action: { to: "/control/pages/create.html", label: "Add a page" },
        }}
      />
      {rows.length ? (
        <ul className="cp-list" aria-label="Pages">
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
                  /pages/{p.slug}
                </a>
              </div>
              <span className="cp-row-actions">
                <Link to={`/control/pages/${encodeURIComponent(p.slug)}`} className="cp-icon-btn" aria-label={`Edit page ${p.title}`} title="Edit">
                  <Icon path={icons.edit} size={20} />
                </Link>
                <DeleteButton
                  label={`Delete page ${p.title}`}
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
