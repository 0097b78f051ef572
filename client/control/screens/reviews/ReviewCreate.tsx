import { FileField, FormStatus, SubmitButton, TextAreaField, TextField } from "../../components/fields";
import { Card, PageHeader } from "../../components/PageHeader";
import { useTitle } from "../../hooks/useTitle";
import { useReviewCreateForm } from "./useReviewCreateForm";
import { MAX_LENGTH } from "@shared/core/lengths.codes";
import * as icons from "../../icons";

export default function ReviewCreate() {
  useTitle("Add Review");
  const { bind, errors, busy, image, setImage, onSubmit } = useReviewCreateForm();
  return (
    <div className="cp-container cp-narrow">
      <PageHeader title="Add Review" icon={icons.reviews} back="/control/reviews/list.html" backLabel="Back to reviews" />
      <Card>
        <form className="cp-form" onSubmit={onSubmit} noValidate>
          <FormStatus errors={errors} />
          <TextField field={bind("name")} autoFocus />
          <TextAreaField field={bind("review")} maxLength={MAX_LENGTH.review} rows={5} />
          <FileField name="image" file={image} onFile={setImage} hint="A photo of the customer: JPEG or PNG, shown round." />
          <SubmitButton busy={busy}>Save</SubmitButton>
        </form>
      </Card>
    </div>
  );
}
