import { useTranslation } from "react-i18next";
import { FileField, FormStatus, SubmitButton, TextAreaField, TextField } from "../../components/fields";
import { Card, PageHeader } from "../../components/PageHeader";
import { useTitle } from "../../hooks/useTitle";
import { useReviewCreateForm } from "./useReviewCreateForm";
import { MAX_LENGTH } from "@shared/core/lengths.codes";
import * as icons from "../../icons";

export default function ReviewCreate() {
  const { t } = useTranslation("control-reviews");
  useTitle(t("add"));
  const { bind, errors, busy, image, setImage, onSubmit } = useReviewCreateForm();
  const nameField = bind("name");
  const reviewField = bind("review");
  return (
    <div className="cp-container cp-narrow">
      <PageHeader title={t("add")} icon={icons.reviews} back="/control/reviews/list.html" backLabel={t("back")} />
      <Card>
        <form className="cp-form" onSubmit={onSubmit} noValidate>
          <FormStatus errors={errors} />
          <TextField field={nameField} label={t("name")} autoFocus />
          <TextAreaField field={reviewField} label={t("review")} maxLength={MAX_LENGTH.review} rows={5} />
          <FileField name="image" file={image} onFile={setImage} hint={t("imageHint")} />
          <SubmitButton busy={busy}>{t("save")}</SubmitButton>
        </form>
      </Card>
    </div>
  );
}
