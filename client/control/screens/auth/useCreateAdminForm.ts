import { useTranslation } from "react-i18next";
import { useEffect } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { useAdminCanCreateQuery, useAdminCreateMutation } from "../../../generated/graphql";
import { useFormState } from "../../hooks/useFormState";
import { SIGN_IN } from "../../session";

export function useCreateAdminForm() {
  const { t } = useTranslation("control-auth");
  const status = useAdminCanCreateQuery({ fetchPolicy: "network-only" });
  const form = useFormState({ email: "", password: "" });
  const { setValues } = form;
  const proposed = status.data?.settings.contact_email ?? "";
  // The contact e-mail from settings is proposed once it is known; the admin may change it.
  useEffect(() => {
    if (proposed) setValues((v) => (v.email ? v : { ...v, email: proposed }));
  }, [proposed, setValues]);
  const [create] = useAdminCreateMutation();
  const navigate = useNavigate();
  // The setup link the server prints at start carries the token.
  const token = useSearchParams()[0].get("token")?.trim() ?? "";
  const onSubmit = form.submit(async () => {
    const email = form.values.email.trim();
    const { data } = await create({ variables: { input: { email, password: form.values.password, token } } });
    navigate(`${SIGN_IN}?email=${encodeURIComponent(data?.createAdmin.email ?? email)}`, {
      replace: true,
      state: { flash: t("create.done") },
    });
  });
  return { ...form, onSubmit, token, loading: status.loading && !status.data, open: status.data?.canCreateAdmin ?? null, loadError: status.error };
}
