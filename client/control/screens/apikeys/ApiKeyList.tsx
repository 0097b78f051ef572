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

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" });

/** Calls per day for the last 14 days: bars, each named for screen readers and on hover. */
function Usage({ usage, name }: { usage: AdminApiKeyFieldsFragment["usage"]; name: string }) {
  const max = Math.max(1, ...usage.map((d) => d.count));
  const total = usage.reduce((n, d) => n + d.count, 0);
  return (
    <figure className="cp-usage">
      <figcaption className="cp-small">
        <strong>{total.toLocaleString()}</strong> {total === 1 ? "call" : "calls"} in 14 days
      </figcaption>
      <ol className="cp-spark" aria-label={`Calls per day with ${name}, last 14 days`}>
        {usage.map((d) => (
          <li key={d.day} title={`${dayLabel(d.day)}: ${d.count.toLocaleString()}`}>
            <span className="cp-spark-bar" style={{ height: `${d.count ? Math.max(8, (d.count / max) * 100) : 0}%` }} aria-hidden="true" />
            <span className="cp-visually-hidden">
              {dayLabel(d.day)}: {d.count}
            </span>
          </li>
        ))}
      </ol>
      <div className="cp-spark-axis cp-small cp-muted" aria-hidden="true">
        <span>{dayLabel(usage[0].day)}</span>
        <span>today</span>
      </div>
    </figure>
  );
}

function Row({ apiKey: k }: { apiKey: AdminApiKeyFieldsFragment }) {
  const [revoke] = useAdminRevokeApiKeyMutation();
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const revoked = Boolean(k.revoked_at);
  const onRevoke = async () => {
    if (!window.confirm(`Revoke the API key "${k.name}" (${k.prefix}…)? Every program using it is refused at once. This cannot be undone.`)) return;
    setBusy(true);
    try {
      await revoke({ variables: { id: k.id } });
    } catch (e) {
      toast(errorMessages(e)[0] ?? "Could not revoke the key");
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
            <span className={`cp-badge ${revoked ? "cp-badge-fail" : "cp-badge-ok"}`}>{revoked ? "revoked" : "active"}</span>
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
            aria-label={`Revoke API key ${k.name}`}
          >
            <Icon path={icons.block} size={18} />
            <span>{busy ? "Revoking ..." : "Revoke"}</span>
          </button>
        ) : null}
      </div>
      <div className="cp-apikey-body">
        <dl className="cp-apikey-facts">
          <div>
            <dt>Limit</dt>
            <dd>{k.rate_limit.toLocaleString()}/min</dd>
          </div>
          <div>
            <dt>Created</dt>
            <dd>
              <time dateTime={k.created_at}>{when(k.created_at)}</time>
            </dd>
          </div>
          <div>
            <dt>Last used</dt>
            <dd data-testid="api-key-last-used">{k.last_used_at ? <time dateTime={k.last_used_at}>{when(k.last_used_at)}</time> : "never"}</dd>
          </div>
          {k.revoked_at ? (
            <div>
              <dt>Revoked</dt>
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
  useTitle("API Keys");
  const { data, loading, error } = useAdminApiKeysQuery({ fetchPolicy: "cache-and-network" });
  const rows = data?.apiKeys ?? [];
  return (
    <div className="cp-container">
      <PageHeader
        title="API Keys"
        icon={icons.vpn_key}
        sub="Other systems track, read and update parcels with a key of their own."
        back="/control/index.html"
        backLabel="Control panel home"
        actions={<AddButton to="/control/api-keys/create.html">New API Key</AddButton>}
      />
      <ListState
        loading={loading && !data}
        error={firstError(error)}
        empty={rows.length === 0}
        emptyState={{
          title: "No API keys yet",
          hint: "Create a key for a system that should use the API.",
          action: { to: "/control/api-keys/create.html", label: "Create a key" },
        }}
      />
      {rows.length ? (
        <ul className="cp-list" aria-label="API keys">
          {rows.map((k) => (
            <Row key={k.id} apiKey={k} />
          ))}
        </ul>
      ) : null}
      <Card title="How a third party uses a key" className="cp-help-card">
        <p className="cp-small">
          Send it in the <code>Authorization: Bearer ck_…</code> header with every request, to <code>/api/…</code> or <code>/graphql</code>, never in an
          address. Each answer carries <code>X-RateLimit-Limit</code>, <code>X-RateLimit-Remaining</code> and <code>X-RateLimit-Reset</code> (seconds); past the
          limit the answer is 429 with <code>Retry-After</code>. A call outside the key's scopes is 403; a revoked key is 401 at once. The OpenAPI document is
          at <a href="/api/openapi.json">/api/openapi.json</a>.
        </p>
      </Card>
    </div>
  );
}
