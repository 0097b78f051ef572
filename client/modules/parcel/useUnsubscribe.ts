import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useUnsubscribeMutation } from "../../generated/actions";
import { callErrors, errorText, INVALID_JSON } from "../../errors";

/** An unsubscribe link the server does not know (wrong code or token) is NOT_FOUND. */
const UNSUBSCRIBE_ERRORS = { NOT_FOUND: "unsubscribe.invalid" };

/**
 * The recipient's unsubscribe link (/unsubscribe.html?code=X&token=Y). The mutation runs only
 * when the visitor presses the button: mail scanners open links, they do not press buttons.
 */
export function useUnsubscribe(code: string, token: string) {
  const { t } = useTranslation();
  const [send, { loading }] = useUnsubscribeMutation();
  const [done, setDone] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const complete = code !== "" && token !== "";

  const confirm = async () => {
    if (!complete || loading) return;
    setErrors([]);
    try {
      const r = await send({ variables: { input: { code, token } } });
      if (r.data?.unsubscribe.unsubscribed) setDone(r.data.unsubscribe.tracking_code);
      else setErrors([INVALID_JSON]);
    } catch (err) {
      const list = callErrors(err).map((e) => errorText(t, e, UNSUBSCRIBE_ERRORS));
      setErrors(list.length ? list : [INVALID_JSON]);
    }
  };

  return { complete, confirm, loading, done, errors };
}
