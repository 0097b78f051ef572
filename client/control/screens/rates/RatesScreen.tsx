import type { ComponentType, ReactNode } from "react";
import type { ApolloCache, ApolloError } from "@apollo/client/core";
import { useTranslation } from "react-i18next";
import { EditableCard, ListState } from "../../components/lists";
import { Card, PageHeader } from "../../components/PageHeader";
import { firstError } from "../../hooks/errors";
import { useTitle } from "../../hooks/useTitle";
import { RatesTabs } from "./RatesTabs";
import { RatesSetup } from "./RatesSetup";

/** A list screen of the rates area: its title, the rates tabs, the rows (or why there are none), the add form under them. */
export function RatesScreen({
  title,
  icon,
  sub,
  query,
  empty,
  listClass,
  add,
  children,
}: {
  title: string;
  icon: string;
  sub: string;
  query: { loading: boolean; error?: ApolloError; rows: number };
  empty?: string;
  listClass: string;
  add: { title: string; form: ReactNode };
  children: ReactNode;
}) {
  const { t } = useTranslation("control");
  useTitle(title);
  return (
    <div className="cp-container cp-narrow">
      <PageHeader title={title} icon={icon} back="/control/index.html" backLabel={t("actions.home")} sub={sub} />
      <RatesTabs />
      <RatesSetup />
      <ListState loading={query.loading} error={firstError(query.error)} empty={query.rows === 0} emptyText={empty} />
      {query.rows ? (
        <ul className={listClass} aria-label={title}>
          {children}
        </ul>
      ) : null}
      <Card title={add.title}>{add.form}</Card>
    </div>
  );
}

/**
 * The screen of a kind of row edited in place (zones, services): a card a row with its summary, Edit (the row's
 * form in the card) and Delete; the add form is the same form with no row.
 */
export function EditableRows<T extends { id: number }>({
  kind,
  texts,
  typename,
  title,
  icon,
  sub,
  query,
  nameOf,
  summary,
  badges,
  Form,
  remove,
}: {
  /** The kind of row in test ids ("zone": zone-row). */
  kind: string;
  /** The kind's words: the empty list's text, the add card's title, a row's name ("zone Berlin"). */
  texts: { empty: string; add: string; row: (name: string) => string };
  typename: string;
  title: string;
  icon: string;
  sub: string;
  query: { loading: boolean; error?: ApolloError; rows: T[] };
  nameOf: (row: T) => string;
  summary: (row: T) => ReactNode;
  badges?: (row: T) => ReactNode;
  Form: ComponentType<{ row: T | null; done: () => void }>;
  remove: (row: T, update: (cache: ApolloCache<unknown>) => void) => Promise<unknown>;
}) {
  const { rows } = query;
  return (
    <RatesScreen
      title={title}
      icon={icon}
      sub={sub}
      query={{ ...query, rows: rows.length }}
      empty={texts.empty}
      listClass="cp-ship-cards"
      add={{ title: texts.add, form: <Form row={null} done={() => undefined} /> }}
    >
      {rows.map((r) => (
        <EditableCard
          key={r.id}
          testId={`${kind}-row`}
          typename={typename}
          id={r.id}
          name={texts.row(nameOf(r))}
          summary={summary(r)}
          badges={badges?.(r)}
          form={(done) => <Form row={r} done={done} />}
          remove={(update) => remove(r, update)}
        />
      ))}
    </RatesScreen>
  );
}
