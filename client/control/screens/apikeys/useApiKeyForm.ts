import { useState } from "react";
import { useAdminCreateApiKeyMutation, type AdminCreateApiKeyMutation } from "../../../generated/graphql";
import { useFormState } from "../../hooks/useFormState";
import { useTicked } from "../../hooks/useTicked";
import { API_KEY_SCOPE_OPTIONS } from "../../options";
import { DEFAULT_KEY_RATE } from "@shared/modules/apikey/apikey.codes";

export type CreatedKey = AdminCreateApiKeyMutation["createApiKey"];

/**
 * Creates an API key. The answer is kept out of Apollo's cache (the key must not linger in
 * memory once the screen is left) and handed to the screen, which shows the key this once.
 */
export function useApiKeyForm() {
  const form = useFormState({ name: "", rate_limit: String(DEFAULT_KEY_RATE) });
  const { ticked: scopes, toggle: toggleScope } = useTicked(["tracking:read"]);
  const [created, setCreated] = useState<CreatedKey | null>(null);
  const [create] = useAdminCreateApiKeyMutation({ fetchPolicy: "no-cache", refetchQueries: ["AdminApiKeys"] });
  const onSubmit = form.submit(async () => {
    const raw = form.values.rate_limit.trim();
    // GraphQL's Int refuses a fraction before the server could name the field: say it here, in its words.
    if (raw !== "" && !/^-?\d{1,9}$/.test(raw)) throw new Error("rate_limit must be a whole number");
    const input = {
      name: form.values.name.trim(),
      // In the list's order, whatever order they were ticked in.
      scopes: API_KEY_SCOPE_OPTIONS.map((s) => s.value).filter((s) => scopes.includes(s)),
      rate_limit: raw === "" ? null : Number(raw),
    };
    const { data } = await create({ variables: { input } });
    if (data) setCreated(data.createApiKey);
  });
  return { ...form, scopes, toggleScope, created, onSubmit };
}
