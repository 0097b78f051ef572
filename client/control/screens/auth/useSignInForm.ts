import { useNavigate, useSearchParams } from "react-router-dom";
import { useAdminSignInMutation } from "../../../generated/graphql";
import { useFormState } from "../../hooks/useFormState";
import { HOME, useMarkSignedIn } from "../../session";

export function useSignInForm() {
  const [params] = useSearchParams();
  const form = useFormState({ email: params.get("email") ?? "", password: params.get("password") ?? "" });
  const [signIn] = useAdminSignInMutation();
  const markSignedIn = useMarkSignedIn();
  const navigate = useNavigate();
  const onSubmit = form.submit(async () => {
    const { data } = await signIn({ variables: { input: { email: form.values.email.trim(), password: form.values.password } } });
    markSignedIn(data?.signIn.email ?? form.values.email.trim(), data?.signIn.role ?? "");
    navigate(HOME, { replace: true });
  });
  return { ...form, onSubmit };
}
