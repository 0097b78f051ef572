import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { useAdminUpdateParcelImageMutation } from "../../../generated/graphql";
import { useFormState } from "../../hooks/useFormState";

export function useParcelImageForm(id: number, code: string) {
  const form = useFormState({});
  const [file, setFile] = useState<File | null>(null);
  const [upload] = useAdminUpdateParcelImageMutation();
  const navigate = useNavigate();
  const onSubmit = form.submit(async () => {
    if (!file) {
      form.setErrors(["image is required: choose a .jpg, .jpeg or .png file"]);
      return;
    }
    await upload({ variables: { id, image: file } });
    navigate(`/control/parcels/${encodeURIComponent(code)}`, { state: { flash: "Image uploaded" } });
  });
  return { ...form, file, setFile, onSubmit };
}
