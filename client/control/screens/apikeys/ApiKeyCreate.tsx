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

/** 100000 as "100 000". */
const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, " ");

/** The new key, this once: selectable, with a copy button and a plain warning. */
function ShownOnce({ created }: { created: CreatedKey }) {
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
        <Icon path={icons.check_circle} size={22} /> API key created: {created.name}
      </h2>
      <p className="cp-alert cp-alert-warn" role="alert">
        <Icon path={icons.error} size={20} />
        <span>
          <strong>Copy this key now: you will not see it again.</strong> Only its first characters are kept, to recognise it. If it is lost, revoke it and
          create a new one.
        </span>
      </p>
      <div className="cp-newkey-box">
        <code ref={keyRef} className="cp-newkey-key" data-testid="api-key-value">
          {created.key}
        </code>
        <button type="button" className="cp-btn cp-btn-primary cp-btn-sm" onClick={copy}>
          <Icon path={copied === "yes" ? icons.check_circle : icons.content_copy} size={18} />
          <span>{copied === "yes" ? "Copied" : "Copy key"}</span>
        </button>
      </div>
      <p className="cp-small" role="status">
        {copied === "no" ? "The browser refused the clipboard: the key is selected, press Ctrl+C (or ⌘C) to copy it." : ""}
      </p>
      <dl className="cp-newkey-facts">
        <dt>Scopes</dt>
        <dd>
          {created.scopes.map((s) => (
            <code key={s} className="cp-event">
              {s}
            </code>
          ))}
        </dd>
        <dt>Limit</dt>
        <dd>{created.rate_limit.toLocaleString()} calls per minute</dd>
        <dt>Use</dt>
        <dd>
          <span>
            Send it as <code className="cp-break">Authorization: Bearer &lt;key&gt;</code>
          </span>
        </dd>
      </dl>
      <div className="cp-webhook-actions cp-newkey-actions">
        <Link to="/control/api-keys/list.html" className="cp-btn cp-btn-primary">
          <span>Done</span>
        </Link>
      </div>
    </section>
  );
}

export default function ApiKeyCreate() {
  useTitle("New API Key");
  const { bind, errors, busy, onSubmit, scopes, toggleScope, created } = useApiKeyForm();
  return (
    <div className="cp-container cp-narrow">
      <PageHeader title="New API Key" icon={icons.vpn_key} back="/control/api-keys/list.html" backLabel="Back to API keys" />
      {created ? (
        <ShownOnce created={created} />
      ) : (
        <Card>
          <form className="cp-form" onSubmit={onSubmit} noValidate>
            <FormStatus errors={errors} />
            <TextField
              field={bind("name")}
              label="Name"
              maxLength={MAX_LENGTH.keyName}
              autoFocus
              placeholder="Shop integration"
              hint="Who or what uses the key, for you to recognise it."
            />
            <CheckList legend="Scopes" name="scopes" options={API_KEY_SCOPE_OPTIONS} ticked={scopes} onToggle={toggleScope} />
            <TextField
              field={bind("rate_limit")}
              type="number"
              label="Rate limit"
              min={1}
              max={MAX_KEY_RATE}
              hint={`Calls per minute, 1 to ${thousands(MAX_KEY_RATE)} (${DEFAULT_KEY_RATE} if left empty). Past it the key gets 429 until the minute is over.`}
            />
            <SubmitButton busy={busy} icon={icons.vpn_key}>
              Create API Key
            </SubmitButton>
          </form>
        </Card>
      )}
    </div>
  );
}
