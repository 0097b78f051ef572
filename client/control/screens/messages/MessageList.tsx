import { Fragment } from "react";
import { Link } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { useAdminMessagesQuery, type AdminMessagesQuery } from "../../../generated/graphql";
import { ListTable, WhenCell } from "../../components/lists";
import { FilteredList, FilterInput, FilterSelect } from "../../components/FilteredList";
import { PageHeader } from "../../components/PageHeader";
import { Icon } from "../../../components/Icon";
import { firstError } from "../../hooks/errors";
import { useListFilters } from "../../hooks/lists";
import { useTitle } from "../../hooks/useTitle";
import { useSession } from "../../session";
import { roleCan } from "../../roles";
import * as icons from "../../icons";
import { moment, number } from "../../time";
import { CHANNELS, MESSAGES_NS, STATUSES, channelLabel, historyOf, reasonLabel, statusLabel, stepLabel } from "./messageWords";
import "./messages.css";

type Message = AdminMessagesQuery["messages"]["data"][number];

/** The filters the server takes (GET /api/messages, GraphQL messages), kept in the address with the page and the open message. */
const FILTERS = ["tracking_code", "channel", "status"] as const;
const PER_PAGE = 25;
/** The statuses only a provider's report (its callback) gives a step of the history. */
const REPORTED = new Set(["delivered", "read", "failed"]);

/** A status as a coloured pill, its reason beside it. */
function StatusCell({ m }: { m: Pick<Message, "status" | "reason"> }) {
  const { t } = useTranslation(MESSAGES_NS);
  const reason = reasonLabel(t, m.reason);
  return (
    <>
      <span className={`cp-msg-status cp-msg-${m.status}`} data-testid="message-status">
        {statusLabel(t, m.status)}
      </span>
      {reason && (m.status === "failed" || m.status === "skipped" || m.status === "queued") ? <small className="cp-msg-reason">{reason}</small> : null}
    </>
  );
}

/** A message's detail: what was sent, to whom, and each channel tried with its outcome (the server's history). */
function Detail({ m }: { m: Message }) {
  const { t } = useTranslation(MESSAGES_NS);
  const steps = historyOf(m.history);
  const facts: [string, string | null][] = [
    [t("detail.to"), m.to || t("detail.notTried")],
    [t("detail.providerId"), m.provider_id ?? null],
    [t("detail.segments"), m.segments != null ? number(m.segments) : null],
    [t("detail.tries"), number(m.tries)],
    [t("detail.created"), moment(m.created_at)],
    [t("detail.updated"), moment(m.updated_at)],
  ];
  return (
    <div className="cp-msg-detail" data-testid="message-detail">
      <h2 className="cp-msg-detail-title">{t("detail.title", { id: m.id })}</h2>
      <dl className="cp-msg-facts">
        {facts
          .filter(([, v]) => v !== null)
          .map(([k, v]) => (
            <Fragment key={k}>
              <dt>{k}</dt>
              <dd className="cp-break">
                <bdi>{v}</bdi>
              </dd>
            </Fragment>
          ))}
      </dl>
      <p className="cp-label">{t("detail.text")}</p>
      <pre className="cp-msg-text" dir="auto">
        {m.text || t("detail.noText")}
      </pre>
      <p className="cp-label">{t("detail.history")}</p>
      {steps.length ? (
        <ol className="cp-msg-history" data-testid="message-history">
          {steps.map((s, i) => (
            <li key={i}>
              <time dateTime={s.at}>{moment(s.at)}</time>
              <span>{channelLabel(t, s.channel)}</span>
              <strong>{stepLabel(t, s.status)}</strong>
              {s.reason ? <span className="cp-muted">{reasonLabel(t, s.reason)}</span> : null}
              {s.provider_id ? <code className="cp-break">{s.provider_id}</code> : null}
              {REPORTED.has(s.status) ? <span className="cp-muted">{t("detail.reported")}</span> : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className="cp-muted">{t("detail.noHistory")}</p>
      )}
    </div>
  );
}

export default function MessageList() {
  const { t } = useTranslation(MESSAGES_NS);
  useTitle(t("title"));
  const { role } = useSession();
  const filters = useListFilters(FILTERS);
  const { params, applied, field, page, go } = filters;
  const open = Number(params.get("open")) || 0;
  const { data, loading, error } = useAdminMessagesQuery({
    variables: {
      trackingCode: applied.tracking_code.trim() || undefined,
      channel: applied.channel || undefined,
      status: applied.status || undefined,
      page,
      per_page: PER_PAGE,
    },
    fetchPolicy: "cache-and-network",
  });
  const list = data?.messages;
  const rows = list?.data ?? [];

  const columns = [
    t("table.when"),
    t("table.parcel"),
    t("table.channel"),
    t("table.to"),
    t("table.status"),
    { label: t("table.segments"), num: true },
    t("table.details"),
  ];

  return (
    <div className="cp-container">
      <PageHeader
        title={t("title")}
        icon={icons.forum}
        sub={t("sub")}
        back="/control/index.html"
        backLabel={t("home")}
        actions={
          roleCan(role, "settings") ? (
            <Link to="/control/settings/messages" className="cp-btn cp-btn-outline">
              <Icon path={icons.settings} size={20} />
              <span>{t("settings")}</span>
            </Link>
          ) : null
        }
      />
      <FilteredList
        label={t("filters.label")}
        filters={filters}
        fields={
          <>
            <FilterInput
              id="msg-code"
              label={t("filters.code")}
              maxLength={100}
              autoCapitalize="characters"
              spellCheck={false}
              dir="ltr"
              {...field("tracking_code")}
            />
            <FilterSelect
              id="msg-channel"
              label={t("filters.channel")}
              all={t("filters.allChannels")}
              {...field("channel")}
              options={CHANNELS.map((c) => ({ value: c, label: channelLabel(t, c) }))}
            />
            <FilterSelect
              id="msg-status"
              label={t("filters.status")}
              all={t("filters.allStatuses")}
              {...field("status")}
              options={STATUSES.map((s) => ({ value: s, label: statusLabel(t, s) }))}
            />
          </>
        }
        loading={loading}
        error={firstError(error)}
        count={rows.length}
        empty={{ title: t("empty"), hint: t("emptyHint") }}
        total={
          list
            ? { text: t("total", { count: list.total, page: number(list.current_page), last: number(list.last_page) }), testId: "messages-total" }
            : undefined
        }
        pager={{ label: t("pager.label"), newer: t("pager.newer"), older: t("pager.older"), page, hasNext: !!list?.next_page_url, go: (p) => go(applied, p) }}
      >
        <ListTable testId="messages-table" className="cp-msg-table" caption={t("table.caption")} columns={columns}>
          {rows.map((m) => {
            const shown = open === m.id;
            return (
              <Fragment key={m.id}>
                <tr data-testid="message-row" className={shown ? "cp-msg-open" : undefined}>
                  <WhenCell label={t("table.when")} at={m.created_at} />
                  <td data-label={t("table.parcel")}>
                    {m.tracking_code ? (
                      <Link to={`/control/parcels/${encodeURIComponent(m.tracking_code)}`} className="cp-mono">
                        {m.tracking_code}
                      </Link>
                    ) : (
                      <span className="cp-muted">{t("test")}</span>
                    )}
                  </td>
                  <td data-label={t("table.channel")}>{channelLabel(t, m.channel)}</td>
                  <td data-label={t("table.to")} className="cp-break">
                    <bdi>{m.to || "—"}</bdi>
                  </td>
                  <td data-label={t("table.status")}>
                    <StatusCell m={m} />
                  </td>
                  <td data-label={t("table.segments")} className="cp-num">
                    {m.segments != null ? number(m.segments) : "—"}
                  </td>
                  <td data-label={t("table.details")}>
                    <button
                      type="button"
                      className="cp-btn cp-btn-outline cp-btn-sm"
                      aria-expanded={shown}
                      aria-controls={`msg-detail-${m.id}`}
                      onClick={() => go(applied, page, { open: shown ? 0 : m.id })}
                    >
                      {shown ? t("detail.hide") : t("detail.show")}
                    </button>
                  </td>
                </tr>
                {shown ? (
                  <tr className="cp-msg-detail-row" id={`msg-detail-${m.id}`}>
                    <td colSpan={columns.length}>
                      <Detail m={m} />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </ListTable>
      </FilteredList>
    </div>
  );
}
