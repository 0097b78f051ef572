import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { useAdminCreateReviewMutation } from "../../../generated/graphql";
import { useFormState } from "../../hooks/useFormState";

export function useReviewCreateForm() {
  const { t } = useTranslation("control-reviews");
  const form = useFormState({ name: "", review: "" });
  const [image, setImage] = useState<File | null>(null);
  const [create] = useAdminCreateReviewMutation();
  const navigate = useNavigate();
  const onSubmit = form.submit(async () => {
    const v = form.values;
    if (!image) {
      const missing = [!v.name.trim() && "name is required", !v.review.trim() && "review is required", "image is required: choose a .jpg, .jpeg or .png file"];
      form.setErrors(missing.filter((m): m is string => Boolean(m)));
      return;
    }
    await create({ variables: { input: { name: v.name.trim(), review: v.review.trim() }, image } });
    navigate("/control/reviews/list.html", { state: { flash: t("added", { name: v.name.trim() }) } });
  });
  return { ...form, image, setImage, onSubmit };
}
