import { useTranslation } from "react-i18next";
import { useAdminDeleteReviewMutation, useAdminReviewsQuery } from "../../../generated/graphql";
import { AddButton, DeleteRecord, RecordList } from "../../components/lists";
import { PageHeader } from "../../components/PageHeader";
import { FormStatus } from "../../components/fields";
import { useFlash, useNextPage } from "../../hooks/lists";
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
      <RecordList
        label={t("title")}
        loading={loading}
        error={firstError(error)}
        rows={rows}
        empty={{ title: t("emptyTitle"), hint: t("emptyHint"), action: { to: "/control/reviews/create.html", label: t("emptyAction") } }}
        next={{ nextPageUrl: data?.reviews.next_page_url, more }}
      >
        {(r) => (
          <li key={r.id} className="cp-row cp-row-top">
            <img className="cp-round" src={`/uploads/images/${encodeURIComponent(r.image)}`} alt="" width={56} height={56} loading="lazy" />
            <div className="cp-row-main">
              <strong>{r.name}</strong>
              <span className="cp-muted cp-clamp">{r.review}</span>
            </div>
            <DeleteRecord
              typename="Review"
              id={r.id}
              label={t("deleteBy", { name: r.name })}
              remove={(update) => remove({ variables: { id: r.id }, update })}
            />
          </li>
        )}
      </RecordList>
    </div>
  );
}
