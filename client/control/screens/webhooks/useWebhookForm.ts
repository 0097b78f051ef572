import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { useAdminCreateWebhookMutation, useAdminUpdateWebhookMutation, type AdminWebhookFieldsFragment } from "../../../generated/graphql";
import { useFormState } from "../../hooks/useFormState";
import { useTicked } from "../../hooks/useTicked";
import { WEBHOOK_EVENT_OPTIONS } from "../../options";

/** Registers a webhook or changes one (URL, events, active), then back to the list (where its signing secret is). */
export function useWebhookForm(hook?: AdminWebhookFieldsFragment) {
  const { t } = useTranslation("control-webhooks");
  const form = useFormState({ url: hook?.url ?? "" });
  const { ticked: events, toggle: toggleEvent } = useTicked(hook ? hook.events : WEBHOOK_EVENT_OPTIONS.map((e) => e.value));
  const [active, setActive] = useState(hook?.active ?? true);
  const [create] = useAdminCreateWebhookMutation({ refetchQueries: ["AdminWebhooks"] });
  const [update] = useAdminUpdateWebhookMutation();
  const navigate = useNavigate();
  const onSubmit = form.submit(async () => {
    // Sent in the list's order, whatever order they were ticked in.
    const chosen = WEBHOOK_EVENT_OPTIONS.map((e) => e.value).filter((e) => events.includes(e));
    const input = { url: form.values.url.trim(), events: chosen, active };
    if (hook) {
      await update({ variables: { input: { id: hook.id, ...input } } });
      navigate("/control/webhooks/list.html", { state: { flash: t("updated") } });
    } else {
      await create({ variables: { input } });
      navigate("/control/webhooks/list.html", { state: { flash: t("created") } });
    }
  });
  return { ...form, events, toggleEvent, active, setActive, onSubmit };
}
