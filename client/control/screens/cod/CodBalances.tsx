import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useAdminCodBalancesQuery, type AdminCodCashupFieldsFragment } from "../../../generated/graphql";
import { ListState, ListTable, type Column } from "../../components/lists";
import { Card, PageHeader } from "../../components/PageHeader";
import { Icon } from "../../../components/Icon";
import { firstError } from "../../hooks/errors";
import { useTitle } from "../../hooks/useTitle";
import { useSession } from "../../session";
import * as icons from "../../icons";
import { Amount, AmountCell, CodTabs, NS, useCouriers } from "./common";
import { CashupForm, CashupResult, type CourierCash } from "./CashupForm";

/** The fixed accounts, in the order shown. */
const FIXED = ["depot_cash", "card_clearing", "over_short", "bank", "statements", "company"] as const;

/** A card of the balances with its table (test id and heading id `cod-<id>`), or what says it has no rows. */
function TableCard({
  id,
  title,
  columns,
  none,
  rows,
  children,
}: {
  id: string;
  title: string;
  columns: Column[];
  none: string;
  rows: ReactNode[];
  children?: ReactNode;
}) {
  return (
    <Card labelId={`cod-${id}`} title={title}>
      {rows.length ? (
        <ListTable className="cp-cod-table" testId={`cod-${id}`} caption={title} columns={columns}>
          {rows}
        </ListTable>
      ) : (
        <p className="cp-muted">{none}</p>
      )}
      {children}
    </Card>
  );
}

function CourierRow({ c, currency, self, onSaved }: { c: CourierCash; currency: string; self: boolean; onSaved: (x: AdminCodCashupFieldsFragment) => void }) {
  const { t } = useTranslation(NS);
  const [open, setOpen] = useState(false);
  return (
    <>
      <tr data-testid="cod-courier-row" data-courier-id={c.courier_id}>
        <th scope="row" data-label={t("couriers.name")}>
          {c.name}
        </th>
        <td data-label={t("couriers.collections")} className="cp-num">
          {t("couriers.collectionCount", { count: c.collections })}
        </td>
        <AmountCell label={t("couriers.cashHeld")} amount={c.cash_held} currency={currency} testId="courier-cash" />
        <td data-label={t("couriers.action")}>
          {self ? (
            <small className="cp-muted">{t("couriers.notYourOwn")}</small>
          ) : c.cash_held > 0 || c.collections > 0 ? (
            <button type="button" className="cp-btn cp-btn-outline cp-btn-sm" aria-expanded={open} onClick={() => setOpen(!open)}>
              {open ? t("close") : t("couriers.countIn")}
            </button>
          ) : null}
        </td>
      </tr>
      {open ? (
        <tr className="cp-cod-form-row">
          <td colSpan={4}>
            <CashupForm
              courier={c}
              currency={currency}
              onSaved={(x) => {
                setOpen(false);
                onSaved(x);
              }}
            />
          </td>
        </tr>
      ) : null}
    </>
  );
}

/**
 * The COD screen's first page (GET /api/cod/balances): every account's balance in the site's currency, the couriers'
 * cash with a cash-up form each, and the check that the accounts sum to zero.
 */
export default function CodBalances() {
  const { t } = useTranslation(NS);
  useTitle(t("title"));
  // The member's own cash is counted in by someone else (the server's 403): no form for it.
  // (by id among those who drive runs; a member who drives none, such as an owner who delivered, by the name the
  // balances give: their name, else their e-mail).
  const { email, name } = useSession();
  const couriers = useCouriers();
  const memberId = couriers.list.find((c) => c.email === email)?.id ?? null;
  const isSelf = (c: CourierCash) => c.courier_id === memberId || (memberId === null && c.name === (name?.trim() || email));
  const { data, loading, error, refetch } = useAdminCodBalancesQuery({ fetchPolicy: "cache-and-network" });
  const [last, setLast] = useState<AdminCodCashupFieldsFragment | null>(null);
  const b = data?.codBalances;
  const currency = b?.currency ?? "EUR";
  // Debits minus credits of every account (a shipper's owed is its credits minus debits): zero when the books balance.
  const total = b ? b.couriers.reduce((n, c) => n + c.cash_held, 0) + FIXED.reduce((n, k) => n + b[k], 0) - b.shippers.reduce((n, s) => n + s.owed, 0) : 0;

  return (
    <div className="cp-container">
      <PageHeader title={t("title")} icon={icons.payments} back="/control/index.html" backLabel={t("home")} sub={t("sub")} />
      <CodTabs />
      {last ? <CashupResult c={last} onClose={() => setLast(null)} /> : null}
      <ListState loading={loading} error={firstError(error)} empty={!b} />
      {b ? (
        <>
          <p className={total === 0 ? "cp-alert cp-alert-success cp-cod-zero" : "cp-alert cp-alert-error cp-cod-zero"} data-testid="cod-sum" data-sum={total}>
            <Icon path={total === 0 ? icons.check_circle : icons.block} size={20} />
            <span>{total === 0 ? t("balances.sumZero", { currency }) : t("balances.sumOff")}</span>
            {total !== 0 ? <Amount amount={total} currency={currency} /> : null}
          </p>
          <TableCard
            id="couriers"
            title={t("couriers.title")}
            none={t("couriers.none")}
            columns={[t("couriers.name"), { label: t("couriers.collections"), num: true }, { label: t("couriers.cashHeld"), num: true }, t("couriers.action")]}
            rows={b.couriers.map((c) => (
              <CourierRow
                key={c.courier_id}
                c={c}
                currency={currency}
                self={isSelf(c)}
                onSaved={(x) => {
                  setLast(x);
                  void refetch();
                }}
              />
            ))}
          />
          <Card labelId="cod-accounts" title={t("balances.accounts")}>
            <dl className="cp-cod-accounts">
              {FIXED.map((k) => (
                <div key={k} className="cp-cod-account">
                  <dt>
                    <strong>{t(`accounts.${k}`)}</strong>
                    <small className="cp-muted">{t(`accountHints.${k}`)}</small>
                  </dt>
                  <dd>
                    <Amount amount={b[k]} currency={currency} testId={`cod-account-${k}`} />
                  </dd>
                </div>
              ))}
            </dl>
          </Card>
          <TableCard
            id="shippers"
            title={t("shippers.title")}
            none={t("shippers.none")}
            columns={[t("shippers.name"), { label: t("shippers.owed"), num: true }]}
            rows={b.shippers.map((s) => (
              <tr key={s.shipper_id} data-testid="cod-shipper-row" data-shipper-id={s.shipper_id}>
                <th scope="row" data-label={t("shippers.name")}>
                  {s.name}
                </th>
                <AmountCell label={t("shippers.owed")} amount={s.owed} currency={currency} testId="shipper-owed" />
              </tr>
            ))}
          >
            <p className="cp-hint">
              <Link to="/control/cod/remittances.html">{t("shippers.toRemittances")}</Link>
            </p>
          </TableCard>
        </>
      ) : null}
    </div>
  );
}
