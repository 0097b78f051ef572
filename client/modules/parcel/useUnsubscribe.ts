import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useUnsubscribeMutation } from "../../generated/graphql";
import { errorMessages } from "../../apollo";

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
      else setErrors(["Invalid Json"]);
    } catch (err) {
      const list = errorMessages(err).map((m) => (/unsubscribe link is not valid/i.test(m) ? t("unsubscribe.invalid") : m));
      setErrors(list.length ? list : ["Invalid Json"]);
    }
  };

  return { complete, confirm, loading, done, errors };
}
