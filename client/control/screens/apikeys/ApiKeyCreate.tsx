import { useTranslation } from "react-i18next";
import { number } from "../../time";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { CheckList, FormStatus, SubmitButton, TextField } from "../../components/fields";
import { Icon } from "../../../components/Icon";
import { Card, PageHeader } from "../../components/PageHeader";
import { useTitle } from "../../hooks/useTitle";
import { API_KEY_SCOPE_OPTIONS } from "../../options";
import { useApiKeyForm, type CreatedKey } from "./useApiKeyForm";
import { DEFAULT_KEY_RATE, MAX_KEY_RATE } from "@shared/modules/apikey/apikey.codes";
import { MAX_LENGTH } from "@shared/core/lengths.codes";
import * as icons from "../../icons";

const KEYS_NS = "control-apikeys";
/** How a key is sent (the same in every language); an example name. */
const AUTH_HEADER = "Authorization: Bearer <key>";

/** The new key, this once: selectable, with a copy button and a plain warning. */
function ShownOnce({ created }: { created: CreatedKey }) {
  const { t } = useTranslation(KEYS_NS);
  const [copied, setCopied] = useState<"" | "yes" | "no">("");
  const keyRef = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied("yes");
    } catch {
      // No clipboard (plain http, or refused): select the key so Ctrl+C copies it.
      const range = document.createRange();
      if (keyRef.current) range.selectNodeContents(keyRef.current);
      window.getSelection()?.removeAllRanges();
      window.getSelection()?.addRange(range);
      setCopied("no");
    }
  };
  return (
    <section className="cp-card cp-newkey" aria-labelledby="cp-newkey-title" data-testid="new-api-key">
      <h2 id="cp-newkey-title" ref={heading} tabIndex={-1}>
        <Icon path={icons.check_circle} size={22} /> {t("createdTitle", { name: created.name })}
      </h2>
      <p className="cp-alert cp-alert-warn" role="alert">
        <Icon path={icons.error} size={20} />
        <span>
          <strong>{t("copyNow")}</strong> {t("copyWhy")}
        </span>
      </p>
      <div className="cp-newkey-box">
        <code ref={keyRef} className="cp-newkey-key" data-testid="api-key-value">
          {created.key}
        </code>
        <button type="button" className="cp-btn cp-btn-primary cp-btn-sm" onClick={copy}>
          <Icon path={copied === "yes" ? icons.check_circle : icons.content_copy} size={18} />
          <span>{copied === "yes" ? t("copied") : t("copy")}</span>
        </button>
      </div>
      <p className="cp-small" role="status">
        {copied === "no" ? t("clipboardRefused") : ""}
      </p>
      <dl className="cp-newkey-facts">
        <dt>{t("scopes")}</dt>
        <dd>
          {created.scopes.map((s) => (
            <code key={s} className="cp-event">
              {s}
            </code>
          ))}
        </dd>
        <dt>{t("limit")}</dt>
        <dd>{t("callsPerMinute", { count: number(created.rate_limit) })}</dd>
        <dt>{t("use")}</dt>
        <dd>
          <span>
            {t("sendAs")} <code className="cp-break">{AUTH_HEADER}</code>
          </span>
        </dd>
      </dl>
      <div className="cp-webhook-actions cp-newkey-actions">
        <Link to="/control/api-keys/list.html" className="cp-btn cp-btn-primary">
          <span>{t("done")}</span>
        </Link>
      </div>
    </section>
  );
}

export default function ApiKeyCreate() {
  const { t } = useTranslation(KEYS_NS);
  useTitle(t("new"));
  const { bind, errors, busy, onSubmit, scopes, toggleScope, created } = useApiKeyForm();
  const [nameField, rateField] = [bind("name"), bind("rate_limit")];
  const scopeOptions = API_KEY_SCOPE_OPTIONS.map((o) => ({ ...o, hint: t(`scope.${o.value.replace(":", "_")}`) }));
  return (
    <div className="cp-container cp-narrow">
      <PageHeader title={t("new")} icon={icons.vpn_key} back="/control/api-keys/list.html" backLabel={t("back")} />
      {created ? (
        <ShownOnce created={created} />
      ) : (
        <Card>
          <form className="cp-form" onSubmit={onSubmit} noValidate>
            <FormStatus errors={errors} />
            <TextField field={nameField} label={t("name")} maxLength={MAX_LENGTH.keyName} autoFocus placeholder={t("namePlaceholder")} hint={t("nameHint")} />
            <CheckList legend={t("scopes")} name="scopes" options={scopeOptions} ticked={scopes} onToggle={toggleScope} />
            <TextField
              field={rateField}
              type="number"
              label={t("rateLimit")}
              min={1}
              max={MAX_KEY_RATE}
              hint={t("rateHint", { max: number(MAX_KEY_RATE), default: number(DEFAULT_KEY_RATE) })}
            />
            <SubmitButton busy={busy} icon={icons.vpn_key}>
              {t("create")}
            </SubmitButton>
          </form>
        </Card>
      )}
    </div>
  );
}
