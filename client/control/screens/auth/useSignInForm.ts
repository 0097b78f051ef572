import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { useAdminSignInMutation } from "../../../generated/graphql";
import { useFormState } from "../../hooks/useFormState";
import { HOME, useRefreshSession } from "../../session";

/**
 * Sign-in in one or two steps: the password, then (for an account with two-step sign-in) a code
 * of the authenticator app or a recovery code, sent with the same e-mail and password.
 */
export function useSignInForm() {
  const [params, setParams] = useSearchParams();
  const form = useFormState({ email: params.get("email") ?? "", password: params.get("password") ?? "", totp_code: "", recovery_code: "" });
  // A password in the address is read once and taken out of it at once: it must not stay in the history, the screen or a shared link.
  useEffect(() => {
    if (params.has("password")) {
      setParams(
        (p) => {
          p.delete("password");
          return p;
        },
        { replace: true },
      );
    }
  }, [params, setParams]);
  const [step, setStep] = useState<"password" | "code" | "recovery">("password");
  const [signIn] = useAdminSignInMutation();
  const refreshSession = useRefreshSession();
  const navigate = useNavigate();
  const onSubmit = form.submit(async () => {
    const input = {
      email: form.values.email.trim(),
      password: form.values.password,
      ...(step === "code" ? { totp_code: form.values.totp_code.trim() } : {}),
      ...(step === "recovery" ? { recovery_code: form.values.recovery_code.trim() } : {}),
    };
    const { data } = await signIn({ variables: { input } });
    if (data?.signIn.totp_required) {
      setStep("code");
      return;
    }
    // The session (role, two-step sign-in) as the server now has it.
    await refreshSession();
    navigate(HOME, { replace: true });
  });
  /** Back to the password (another account) or between the app's code and a recovery code. */
  const goTo = (next: "password" | "code" | "recovery") => {
    form.setErrors([]);
    form.setValues((v) => ({ ...v, totp_code: "", recovery_code: "", ...(next === "password" ? { password: "" } : {}) }));
    setStep(next);
  };
  return { ...form, step, goTo, onSubmit };
}
