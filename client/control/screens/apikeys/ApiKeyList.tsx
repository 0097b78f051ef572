import { Trans, useTranslation } from "react-i18next";
import { day, moment, number } from "../../time";
import { useAdminApiKeysQuery, useAdminRevokeApiKeyMutation, type AdminApiKeyFieldsFragment } from "../../../generated/graphql";
import { errorMessages } from "../../../errors";
import { AddButton, ListState } from "../../components/lists";
import { Card, PageHeader } from "../../components/PageHeader";
import { Icon } from "../../../components/Icon";
import { useToast } from "../../components/Toast";
import { firstError } from "../../hooks/errors";
import { useTitle } from "../../hooks/useTitle";
import { useState } from "react";
import * as icons from "../../icons";

const KEYS_NS = "control-apikeys";
const when = (iso: string) => moment(iso);
/** A day of the usage chart ("Tue, 24 Nov"), in the language. */
const dayLabel = (d: string) => day(d);
/** The help's code samples and the OpenAPI link (the same in every language). */
const HELP = { c: <code />, a: <a href="/api/openapi.json" /> };

/** Calls per day for the last 14 days: bars, each named for screen readers and on hover. */
function Usage({ usage, name }: { usage: AdminApiKeyFieldsFragment["usage"]; name: string }) {
  const { t } = useTranslation(KEYS_NS);
  const max = Math.max(1, ...usage.map((d) => d.count));
  const total = usage.reduce((n, d) => n + d.count, 0);
  return (
    <figure className="cp-usage">
      <figcaption className="cp-small">
        <Trans t={t} i18nKey="calls" count={total} values={{ n: number(total) }} components={{ b: <strong /> }} />
      </figcaption>
      <ol className="cp-spark" aria-label={t("perDay", { name })}>
        {usage.map((d) => (
          <li key={d.day} title={`${dayLabel(d.day)}: ${number(d.count)}`}>
            <span className="cp-spark-bar" style={{ height: `${d.count ? Math.max(8, (d.count / max) * 100) : 0}%` }} aria-hidden="true" />
            <span className="cp-visually-hidden">{`${dayLabel(d.day)}: ${number(d.count)}`}</span>
          </li>
        ))}
      </ol>
      <div className="cp-spark-axis cp-small cp-muted" aria-hidden="true">
        <span>{dayLabel(usage[0].day)}</span>
        <span>{t("today")}</span>
      </div>
    </figure>
  );
}

function Row({ apiKey: k }: { apiKey: AdminApiKeyFieldsFragment }) {
  const { t } = useTranslation(KEYS_NS);
  const [revoke] = useAdminRevokeApiKeyMutation();
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const revoked = Boolean(k.revoked_at);
  const onRevoke = async () => {
    if (!window.confirm(t("confirmRevoke", { name: k.name, prefix: k.prefix }))) return;
    setBusy(true);
    try {
      await revoke({ variables: { id: k.id } });
    } catch (e) {
      toast(errorMessages(e)[0] ?? t("revokeFailed"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className={`cp-card cp-webhook cp-apikey${revoked ? " cp-apikey-revoked" : ""}`} data-testid="api-key-row">
      <div className="cp-webhook-head">
        <span className="cp-row-icon cp-accent" aria-hidden="true">
          <Icon path={icons.vpn_key} size={24} />
        </span>
        <div className="cp-row-main">
          <strong className="cp-break" data-testid="api-key-name">
            {k.name}
          </strong>
          <span className="cp-webhook-meta">
            <code className="cp-apikey-prefix">{k.prefix}…</code>
            <span className={`cp-badge ${revoked ? "cp-badge-fail" : "cp-badge-ok"}`}>{revoked ? t("revoked") : t("active")}</span>
            {k.scopes.map((s) => (
              <code key={s} className="cp-event">
                {s}
              </code>
            ))}
          </span>
        </div>
        {!revoked ? (
          <button
            type="button"
            className="cp-btn cp-btn-outline cp-btn-sm cp-danger"
            onClick={onRevoke}
            disabled={busy}
            aria-label={t("revokeOf", { name: k.name })}
          >
            <Icon path={icons.block} size={18} />
            <span>{busy ? t("revoking") : t("revoke")}</span>
          </button>
        ) : null}
      </div>
      <div className="cp-apikey-body">
        <dl className="cp-apikey-facts">
          <div>
            <dt>{t("limit")}</dt>
            <dd>{t("perMinute", { count: number(k.rate_limit) })}</dd>
          </div>
          <div>
            <dt>{t("created")}</dt>
            <dd>
              <time dateTime={k.created_at}>{when(k.created_at)}</time>
            </dd>
          </div>
          <div>
            <dt>{t("lastUsed")}</dt>
            <dd data-testid="api-key-last-used">{k.last_used_at ? <time dateTime={k.last_used_at}>{when(k.last_used_at)}</time> : t("never")}</dd>
          </div>
          {k.revoked_at ? (
            <div>
              <dt>{t("revokedAt")}</dt>
              <dd>
                <time dateTime={k.revoked_at}>{when(k.revoked_at)}</time>
              </dd>
            </div>
          ) : null}
        </dl>
        <Usage usage={k.usage} name={k.name} />
      </div>
    </li>
  );
}

export default function ApiKeyList() {
  const { t } = useTranslation(KEYS_NS);
  useTitle(t("title"));
  const { data, loading, error } = useAdminApiKeysQuery({ fetchPolicy: "cache-and-network" });
  const rows = data?.apiKeys ?? [];
  return (
    <div className="cp-container">
      <PageHeader
        title={t("title")}
        icon={icons.vpn_key}
        sub={t("sub")}
        back="/control/index.html"
        backLabel={t("home")}
        actions={<AddButton to="/control/api-keys/create.html">{t("new")}</AddButton>}
      />
      <ListState
        loading={loading && !data}
        error={firstError(error)}
        empty={rows.length === 0}
        emptyState={{
          title: t("emptyTitle"),
          hint: t("emptyHint"),
          action: { to: "/control/api-keys/create.html", label: t("emptyAction") },
        }}
      />
      {rows.length ? (
        <ul className="cp-list" aria-label={t("list")}>
          {rows.map((k) => (
            <Row key={k.id} apiKey={k} />
          ))}
        </ul>
      ) : null}
      <Card title={t("helpTitle")} className="cp-help-card">
        <p className="cp-small">
          <Trans t={t} i18nKey="help" components={HELP} />
        </p>
      </Card>
    </div>
  );
}
