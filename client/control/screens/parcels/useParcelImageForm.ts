import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { useAdminUpdateParcelImageMutation } from "../../../generated/graphql";
import { useFormState } from "../../hooks/useFormState";
import { fieldLabel } from "../../fieldLabels";
import { NS } from "./cod";

export function useParcelImageForm(id: number, code: string) {
  const { t } = useTranslation(NS);
  const form = useFormState({});
  const [file, setFile] = useState<File | null>(null);
  const [upload] = useAdminUpdateParcelImageMutation();
  const navigate = useNavigate();
  const onSubmit = form.submit(async () => {
    if (!file) {
      form.setErrors([t("image.required", { field: fieldLabel("image") })]);
      return;
    }
    await upload({ variables: { id, image: file } });
    navigate(`/control/parcels/${encodeURIComponent(code)}`, { state: { flash: t("image.done") } });
  });
  return { ...form, file, setFile, onSubmit };
}
