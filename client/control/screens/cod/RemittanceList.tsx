import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import {
  useAdminCodRemittancesQuery,
  useAdminCreateCodRemittanceMutation,
  useAdminUpdateCodRemittanceMutation,
  type AdminCodRemittanceFieldsFragment,
} from "../../../generated/graphql";
import { FilteredList, FilterSelect } from "../../components/FilteredList";
import { PageHeader } from "../../components/PageHeader";
import { SubmitButton } from "../../components/fields";
import { useToast } from "../../components/Toast";
import { Icon } from "../../../components/Icon";
import { firstError } from "../../hooks/errors";
import { useListFilters, useNextPage } from "../../hooks/lists";
import { useTitle } from "../../hooks/useTitle";
import { day, moment } from "../../time";
import * as icons from "../../icons";
import { Amount, CodField, CodTabs, FieldErrors, Figures, FormErrors, NS, refusals, RemittanceBadge, splitErrors, useMayManage, useShippers } from "./common";

const FILTERS = ["shipper_id", "status"] as const;
const STATUSES = ["open", "paid", "cancelled"] as const;
/** A value set in a sentence as its own direction (a Latin name or a date in Arabic): between FSI and PDI. */
const isolated = (s: string) => `\u2068${s}\u2069`;
/** A day as the remittances show it ("24 Nov 2026"). */
const DAY: Intl.DateTimeFormatOptions = { dateStyle: "medium" };

/** Making a remittance (owner): a shipper, collected up to a day, optionally net of its open statements. */
function CreateRemittance({ onMade }: { onMade: () => void }) {
  const { t } = useTranslation(NS);
  const toast = useToast();
  const shippers = useShippers();
  const [shipper, setShipper] = useState("");
  const [to, setTo] = useState("");
  const [offset, setOffset] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [create, { loading }] = useAdminCreateCodRemittanceMutation();
  const { byField, rest } = splitErrors(errors, ["shipper_id", "to", "offset_statements"] as const);
  const labels = { shipper_id: t("remittances.shipper"), to: t("remittances.upTo"), offset_statements: t("remittances.offset") };
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!shipper) return setErrors([`shipper_id: ${t("remittances.chooseShipper")}`]);
    setErrors([]);
    try {
      const r = await create({ variables: { input: { shipper_id: Number(shipper), to: to || null, offset_statements: offset } } });
      const m = r.data!.createCodRemittance;
      toast(t("remittances.made", { number: m.number, name: m.shipper_name ?? shipper }), "done");
      onMade();
    } catch (err) {
      setErrors(refusals(err, t("remittances.failed")));
    }
  };
  return (
    <form className="cp-card cp-cod-create" onSubmit={onSubmit} noValidate aria-labelledby="rm-create" data-testid="remittance-create">
      <h2 id="rm-create" className="cp-card-title">
        {t("remittances.create")}
      </h2>
      <FormErrors messages={rest} labels={labels} />
      <div className="cp-cod-create-fields">
        <CodField label={labels.shipper_id} errors={byField.shipper_id}>
          {(p) => (
            <select {...p} className="cp-input cp-select" name="shipper_id" value={shipper} onChange={(e) => setShipper(e.target.value)} required>
              <option value="">{t("remittances.chooseShipper")}</option>
              {shippers.list.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          )}
        </CodField>
        <CodField label={labels.to} hint={t("remittances.upToHint")} errors={byField.to}>
          {(p) => <input {...p} type="date" className="cp-input" name="to" value={to} onChange={(e) => setTo(e.target.value)} />}
        </CodField>
      </div>
      <label className="cp-check cp-cod-check">
        <input type="checkbox" name="offset_statements" checked={offset} onChange={(e) => setOffset(e.target.checked)} />
        <span>
          {labels.offset_statements}
          <small className="cp-muted cp-cod-block">{t("remittances.offsetHint")}</small>
        </span>
      </label>
      <FieldErrors id="rm-offset-error" messages={byField.offset_statements} label={labels.offset_statements} />
      <SubmitButton busy={loading} icon={icons.add}>
        {t("remittances.createSubmit")}
      </SubmitButton>
    </form>
  );
}

/** One remittance: its figures, lines, the PDF, and (owner, while open) mark paid with a reference or cancel. */
function RemittanceCard({ r, manage }: { r: AdminCodRemittanceFieldsFragment; manage: boolean }) {
  const { t } = useTranslation(NS);
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [reference, setReference] = useState("");
  const [errors, setErrors] = useState<string[]>([]);
  const [update, { loading }] = useAdminUpdateCodRemittanceMutation();
  const run = async (input: { status: string; paid_reference?: string }) => {
    setErrors([]);
    try {
      await update({ variables: { input: { id: r.id, ...input } } });
      toast(t(input.status === "paid" ? "remittances.paidDone" : "remittances.cancelledDone", { number: r.number }), "done");
    } catch (err) {
      setErrors(refusals(err, t("remittances.failed")));
    }
  };
  const pay = (e: FormEvent) => {
    e.preventDefault();
    if (!reference.trim()) return setErrors([`paid_reference: ${t("remittances.referenceRequired")}`]);
    void run({ status: "paid", paid_reference: reference.trim() });
  };
  const cancel = () => {
    if (window.confirm(t("remittances.cancelConfirm", { number: r.number }))) void run({ status: "cancelled" });
  };
  const { byField, rest } = splitErrors(errors, ["paid_reference"] as const);
  return (
    <li className="cp-card cp-cod-remittance" data-testid="remittance-row" data-number={r.number}>
      <div className="cp-cod-remittance-head">
        <div>
          <strong className="cp-mono">{r.number}</strong>
          <small className="cp-muted cp-cod-block">
            {t("remittances.summary", { name: isolated(r.shipper_name ?? ""), day: isolated(day(r.created_at, DAY)), count: r.lines.length })}
          </small>
        </div>
        <RemittanceBadge status={r.status} />
      </div>
      <Figures
        currency={r.currency}
        figures={[
          { label: t("remittances.totalCollected"), amount: r.total_collected },
          ...r.offsets.map((o) => ({ label: t("remittances.offsetOf", { number: o.statement_number }), amount: -o.amount })),
          { label: t("remittances.net"), amount: r.net, amountTestId: "remittance-net" },
        ]}
      />
      {r.status === "paid" ? (
        <p className="cp-small" data-testid="remittance-paid">
          {t("remittances.paidOn", { when: moment(r.paid_at), reference: r.paid_reference ?? "" })}
        </p>
      ) : null}
      <FormErrors messages={rest} />
      {open ? (
        <ul className="cp-cod-lines" aria-label={t("remittances.linesOf", { number: r.number })}>
          {r.lines.map((l) => (
            <li key={l.tracking_code}>
              <span className="cp-mono">{l.tracking_code}</span>
              <span className="cp-muted">
                {day(l.collected_at, DAY)} · {t(`methods.${l.method}`)}
              </span>
              <Amount amount={l.amount} currency={r.currency} />
            </li>
          ))}
        </ul>
      ) : null}
      {manage && r.status === "open" ? (
        <form className="cp-cod-pay" onSubmit={pay} noValidate aria-label={t("remittances.payLabel", { number: r.number })}>
          <CodField label={t("remittances.reference")} hint={t("remittances.referenceHint")} errors={byField.paid_reference}>
            {(p) => (
              <input {...p} className="cp-input" name="paid_reference" maxLength={200} value={reference} onChange={(e) => setReference(e.target.value)} />
            )}
          </CodField>
          <SubmitButton busy={loading} icon={icons.check_circle}>
            {t("remittances.markPaid")}
          </SubmitButton>
        </form>
      ) : null}
      <div className="cp-cod-actions">
        <button type="button" className="cp-btn cp-btn-outline cp-btn-sm" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? t("remittances.hideLines") : t("remittances.showLines", { count: r.lines.length })}
        </button>
        <a className="cp-btn cp-btn-outline cp-btn-sm" href={r.pdf_url} target="_blank" rel="noreferrer" data-testid="remittance-pdf">
          <Icon path={icons.download} size={18} />
          <span>{t("remittances.pdf", { number: r.number })}</span>
        </a>
        {manage && r.status === "open" ? (
          <button type="button" className="cp-btn cp-btn-outline cp-btn-sm cp-danger" onClick={cancel} disabled={loading}>
            {t("remittances.cancel")}
          </button>
        ) : null}
      </div>
    </li>
  );
}

/** Remittances (GET /api/cod/remittances): the owner makes, pays and cancels them; the dispatcher reads them. */
export default function RemittanceList() {
  const { t } = useTranslation(NS);
  useTitle(t("remittances.title"));
  const manage = useMayManage();
  const shippers = useShippers();
  const list = useListFilters(FILTERS);
  const { applied, field } = list;
  const { data, loading, error, fetchMore, refetch } = useAdminCodRemittancesQuery({
    variables: { shipper_id: applied.shipper_id ? Number(applied.shipper_id) : undefined, status: applied.status || undefined, per_page: 20 },
    fetchPolicy: "cache-and-network",
  });
  const more = useNextPage("codRemittances", data, fetchMore);
  const rows = data?.codRemittances.data ?? [];
  return (
    <div className="cp-container">
      <PageHeader title={t("remittances.title")} icon={icons.payments} back="/control/index.html" backLabel={t("home")} sub={t("remittances.sub")} />
      <CodTabs />
      {manage ? <CreateRemittance onMade={() => void refetch()} /> : <p className="cp-hint">{t("remittances.ownerOnly")}</p>}
      <FilteredList
        label={t("remittances.filterLabel")}
        filters={list}
        fields={
          <>
            <FilterSelect
              id="rm-f-shipper"
              label={t("filters.shipper")}
              all={t("filters.everyShipper")}
              {...field("shipper_id")}
              options={shippers.list.map((s) => ({ value: s.id, label: s.name }))}
            />
            <FilterSelect
              id="rm-f-status"
              label={t("filters.status")}
              all={t("filters.everyStatus")}
              {...field("status")}
              options={STATUSES.map((s) => ({ value: s, label: t(`remittances.status.${s}`) }))}
            />
          </>
        }
        loading={loading}
        error={firstError(error)}
        count={rows.length}
        empty={{ title: t("remittances.empty"), hint: t("remittances.emptyHint") }}
        next={{ nextPageUrl: data?.codRemittances.next_page_url, more }}
      >
        <ul className="cp-cod-remittances" aria-label={t("remittances.title")}>
          {rows.map((r) => (
            <RemittanceCard key={r.id} r={r} manage={manage} />
          ))}
        </ul>
      </FilteredList>
    </div>
  );
}
