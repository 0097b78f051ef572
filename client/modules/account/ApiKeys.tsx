import { useState, type FormEvent } from "react";
import { useShipperTranslation } from "../quote/i18n";
import { Icon } from "../../components/Icon";
import { ErrorAlert } from "../../components/ErrorList";
import { useDocumentTitle } from "../../components/brand";
import { errorMessages } from "../../errors";
import {
  UserApiKeysDocument,
  useCreateUserApiKeyMutation,
  useRevokeAllUserApiKeysMutation,
  useRevokeUserApiKeyMutation,
  useUserApiKeysQuery,
} from "../../generated/shipper";
import { fmtMoment } from "../parcel/format";
import { TextField } from "../quote/Field";
import { fieldErrors, NO_ERRORS, type FieldErrors } from "../quote/fieldErrors";
import { delete_outline, key } from "../quote/icons";

/** The shipper's API keys for a web shop: create (the key shown once), list, revoke one or all. */
export function ApiKeys() {
  const { t, i18n } = useShipperTranslation();
  useDocumentTitle(t("account.nav.apiKeys"));
  const { data, error } = useUserApiKeysQuery({ fetchPolicy: "cache-and-network" });
  const [create, creating] = useCreateUserApiKeyMutation({ refetchQueries: [UserApiKeysDocument] });
  const [revoke] = useRevokeUserApiKeyMutation({ refetchQueries: [UserApiKeysDocument] });
  const [revokeAll, revokingAll] = useRevokeAllUserApiKeysMutation({ refetchQueries: [UserApiKeysDocument] });
  const [name, setName] = useState("");
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const [shown, setShown] = useState<{ name: string; key: string; copied?: boolean } | null>(null);
  const [revokeErrors, setRevokeErrors] = useState<string[]>([]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors(NO_ERRORS);
    try {
      const r = await create({ variables: { input: { name: name.trim() } } });
      const k = r.data?.createUserApiKey;
      if (k?.key) setShown({ name: k.name, key: k.key });
      setName("");
    } catch (err) {
      setErrors(fieldErrors(t, err, (f) => f === "name"));
    }
  };

  const onRevoke = async (id: number, keyName: string) => {
    if (!window.confirm(t("account.revokeConfirm", { name: keyName }))) return;
    setRevokeErrors([]);
    try {
      await revoke({ variables: { id } });
    } catch (err) {
      setRevokeErrors(errorMessages(err));
    }
  };

  const onRevokeAll = async () => {
    if (!window.confirm(t("account.revokeAllConfirm"))) return;
    setRevokeErrors([]);
    try {
      await revokeAll();
    } catch (err) {
      setRevokeErrors(errorMessages(err));
    }
  };

  return (
    <>
      <section className="card account-card" aria-labelledby="key-new-title">
        <h2 id="key-new-title">{t("account.newKey")}</h2>
        <p className="auth-intro">{t("account.keysIntro")}</p>
        {shown ? (
          <div className="alert alert-success key-shown" role="status">
            <p>{t("account.keyOnce", { name: shown.name })}</p>
            <code dir="ltr" data-testid="new-key">
              {shown.key}
            </code>
            <button
              type="button"
              className="btn btn-outline btn-small"
              onClick={() =>
                void navigator.clipboard?.writeText(shown.key).then(
                  () => setShown({ ...shown, copied: true }),
                  () => undefined,
                )
              }
            >
              {shown.copied ? t("account.copied") : t("account.copy")}
            </button>
          </div>
        ) : null}
        <form onSubmit={onSubmit} noValidate className="inline-form">
          <TextField id="key-name" name="name" label={t("account.keyName")} value={name} onValue={setName} error={errors.byField.name} maxLength={100} />
          <button type="submit" className="btn btn-primary" disabled={creating.loading}>
            <Icon path={key} size={20} />
            {t("account.createKey")}
          </button>
        </form>
        {errors.general.length ? <ErrorAlert title={t("account.errorsTitle")} errors={errors.general} /> : null}
      </section>
      <section className="card account-card" aria-labelledby="keys-title">
        <h2 id="keys-title">{t("account.nav.apiKeys")}</h2>
        {error ? <ErrorAlert title={t("account.loadFailed")} errors={errorMessages(error)} /> : null}
        {revokeErrors.length ? <ErrorAlert title={t("account.errorsTitle")} errors={revokeErrors} /> : null}
        {data && !data.userApiKeys.length ? <p className="quote-note">{t("account.noKeys")}</p> : null}
        {data?.userApiKeys.length ? (
          <ul className="plain-list">
            {data.userApiKeys.map((k) => (
              <li key={k.id} className="key-row" data-testid="key-row">
                <div>
                  <strong>{k.name}</strong> <code dir="ltr">{k.prefix}…</code>
                  <span className="cell-note">
                    {t("account.keyCreated", { when: fmtMoment(i18n.language, k.created_at) })}
                    {" · "}
                    {k.last_used_at ? t("account.keyUsed", { when: fmtMoment(i18n.language, k.last_used_at) }) : t("account.keyNeverUsed")}
                  </span>
                </div>
                <button type="button" className="btn btn-outline btn-small btn-danger" onClick={() => void onRevoke(k.id, k.name)}>
                  <Icon path={delete_outline} size={18} />
                  {t("account.revoke")}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {data && data.userApiKeys.length > 1 ? (
          <button
            type="button"
            className="btn btn-outline btn-small btn-danger"
            data-testid="revoke-all-keys"
            disabled={revokingAll.loading}
            onClick={() => void onRevokeAll()}
          >
            <Icon path={delete_outline} size={18} />
            {t("account.revokeAll")}
          </button>
        ) : null}
      </section>
    </>
  );
}
