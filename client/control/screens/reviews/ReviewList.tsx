import { useTranslation } from "react-i18next";
import { useAdminDeleteReviewMutation, useAdminReviewsQuery } from "../../../generated/graphql";
import { AddButton, DeleteButton, ListState, NextPage } from "../../components/lists";
import { PageHeader } from "../../components/PageHeader";
import { FormStatus } from "../../components/fields";
import { evict, useConfirmDelete, useFlash, useNextPage } from "../../hooks/lists";
import { firstError } from "../../hooks/errors";
import { useTitle } from "../../hooks/useTitle";
import * as icons from "../../icons";

export default function ReviewList() {
  const { t } = useTranslation("control-reviews");
  useTitle(t("title"));
  const flash = useFlash();
  const { data, loading, error, fetchMore } = useAdminReviewsQuery();
  const more = useNextPage("reviews", data, fetchMore);
  const [remove] = useAdminDeleteReviewMutation();
  const del = useConfirmDelete("Review");
  const rows = data?.reviews.data ?? [];
  return (
    <div className="cp-container">
      <PageHeader
        title={t("title")}
        icon={icons.reviews}
        back="/control/index.html"
        backLabel={t("home")}
        actions={<AddButton to="/control/reviews/create.html">{t("add")}</AddButton>}
      />
      <FormStatus errors={[]} message={flash} />
      <ListState
        loading={loading}
        error={firstError(error)}
        empty={rows.length === 0}
        emptyState={{
          title: t("emptyTitle"),
          hint: t("emptyHint"),
          action: { to: "/control/reviews/create.html", label: t("emptyAction") },
        }}
      />
      {rows.length ? (
        <ul className="cp-list" aria-label={t("title")}>
          {rows.map((r) => (
            <li key={r.id} className="cp-row cp-row-top">
              <img className="cp-round" src={`/uploads/images/${encodeURIComponent(r.image)}`} alt="" width={56} height={56} loading="lazy" />
              <div className="cp-row-main">
                <strong>{r.name}</strong>
                <span className="cp-muted cp-clamp">{r.review}</span>
              </div>
              <DeleteButton
                label={t("deleteBy", { name: r.name })}
                busy={del.busyId === r.id}
                onClick={() => del.run(r.id, () => remove({ variables: { id: r.id }, update: (cache) => evict(cache, "Review", r.id) }))}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <NextPage nextPageUrl={data?.reviews.next_page_url} more={more} />
    </div>
  );
}
