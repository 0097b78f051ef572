import { useAdminChangePasswordMutation } from "../../../generated/graphql";
import { useFormState } from "../../hooks/useFormState";

export function useChangePasswordForm() {
  const empty = { password: "", new_password: "", confirm_new_password: "" };
  const form = useFormState(empty);
  const [change] = useAdminChangePasswordMutation();
  const onSubmit = form.submit(async () => {
    await change({ variables: { input: { ...form.values } } });
    form.setValues(empty);
    return "Password updated. Other devices signed in with the old password have been signed out.";
  });
  return { ...form, onSubmit };
}
