import { useId } from "react";
import { Link } from "react-router-dom";
import { Trans, useTranslation } from "react-i18next";
import { Card, PageHeader } from "../../components/PageHeader";
import { FormStatus } from "../../components/fields";
import { ListTable } from "../../components/lists";
import { Icon } from "../../../components/Icon";
import { ErrorList } from "../../../components/ErrorList";
import { useTitle } from "../../hooks/useTitle";
import { useParcelImport, type ImportRow, type ImportSummary } from "./useParcelImport";
import "./floor.css";
import * as icons from "../../icons";
import { fieldLabel } from "../../fieldLabels";
import { money, number } from "../../time";
import { useCurrency } from "../shippers/common";
import { NS } from "./cod";
import { IMPORT_COLUMNS, rowError } from "./importTexts";

/** Rows listed under the counts: every row with errors first, then the others up to this many. */
const LISTED = 200;

function RowsTable({ rows, caption }: { rows: ImportRow[]; caption: string }) {
  const { t } = useTranslation(NS);
  const currency = useCurrency();
  const bad = rows.filter((r) => r.action === "error");
  const good = rows.filter((r) => r.action !== "error").slice(0, Math.max(0, LISTED - bad.length));
  const shown = [...bad, ...good];
  return (
    <>
      <ListTable
        testId="import-rows"
        className="cp-import-table"
        caption={caption}
        columns={[{ label: t("import.table.row"), num: true }, fieldLabel("tracking_code"), t("import.table.action"), t("import.table.errors")]}
      >
        {shown.map((r) => (
          <tr key={r.row} className={r.action === "error" ? "cp-import-bad" : undefined}>
            <td className="cp-num" data-label={t("import.table.row")}>
              {number(r.row)}
            </td>
            <td className="cp-mono" data-label={fieldLabel("tracking_code")}>
              {r.tracking_code || <span className="cp-muted">{t("update.none")}</span>}
            </td>
            <td data-label={t("import.table.action")}>
              <span className={`cp-badge ${r.action === "error" ? "cp-badge-fail" : r.action === "create" ? "cp-badge-ok" : "cp-badge-status"}`}>
                {t(`import.actions.${r.action}`, { defaultValue: r.action })}
              </span>
            </td>
            <td data-label={t("import.table.errors")}>
              {r.errors.length ? (
                <ErrorList className="cp-import-errors" errors={r.errors.map((m) => rowError(t, m, currency))} />
              ) : (
                <span className="cp-muted">-</span>
              )}
            </td>
          </tr>
        ))}
      </ListTable>
      {shown.length < rows.length ? (
        <p className="cp-muted cp-list-count">{t("import.showing", { count: rows.length, shown: number(shown.length), total: number(rows.length) })}</p>
      ) : null}
    </>
  );
}

function Counts({ s, done }: { s: ImportSummary; done?: boolean }) {
  const { t } = useTranslation(NS);
  return (
    <ul className="cp-import-counts" aria-label={done ? t("import.result") : t("import.checkResult")} data-testid={done ? "import-result" : "import-check"}>
      <li>
        <strong>{number(s.created)}</strong>{" "}
        <span>{done ? t("import.counts.created", { count: s.created }) : t("import.counts.new", { count: s.created })}</span>
      </li>
      <li>
        <strong>{number(s.updated)}</strong>{" "}
        <span>{done ? t("import.counts.updated", { count: s.updated }) : t("import.counts.updates", { count: s.updated })}</span>
      </li>
      <li className={s.failed ? "cp-import-count-bad" : undefined}>
        <strong>{number(s.failed)}</strong>{" "}
        <span>{done ? t("import.counts.failed", { count: s.failed }) : t("import.counts.withErrors", { count: s.failed })}</span>
      </li>
    </ul>
  );
}

/** Columns the export writes that are no field of a form: labelled here (the others by fieldLabel, as the forms label them). */
const OWN_LABELS = new Set(["history_entries", "created_at", "updated_at"]);

/** The columns the file may have, each as the CSV names it and as the screens label it, with what it takes. */
function ColumnHelp() {
  const { t } = useTranslation(NS);
  const currency = useCurrency();
  return (
    <details className="cp-import-columns" data-testid="import-columns">
      <summary>{t("import.columns.title")}</summary>
      <ListTable
        testId="import-columns-table"
        caption={t("import.columns.caption")}
        columns={[t("import.columns.column"), t("import.columns.label"), t("import.columns.takes")]}
      >
        {IMPORT_COLUMNS.map(([column, note]) => (
          <tr key={column} data-column={column}>
            <td className="cp-mono" data-label={t("import.columns.column")}>
              {column}
            </td>
            <td data-label={t("import.columns.label")}>{OWN_LABELS.has(column) ? t(`import.columns.${column}`) : fieldLabel(column)}</td>
            <td data-label={t("import.columns.takes")}>
              {note ? t(`import.notes.${note}`, { example: money(1250, currency), currency, max: number(19) }) : t("import.notes.text")}
            </td>
          </tr>
        ))}
      </ListTable>
    </details>
  );
}

export default function ParcelImport() {
  const { t } = useTranslation(NS);
  useTitle(t("import.title"));
  const id = useId();
  const { file, choose, phase, errors, progress, check, result, runCheck, runImport } = useParcelImport();
  const busy = phase === "checking" || phase === "importing";
  const writable = check ? check.created + check.updated : 0;
  return (
    <div className="cp-container">
      <PageHeader title={t("import.title")} icon={icons.upload_file} back="/control/parcels/list.html" backLabel={t("back")} />
      <Card>
        <p className="cp-note cp-import-help">
          <Trans
            t={t}
            i18nKey="import.help"
            components={{
              goto: <a href="/api/parcels/export.csv" download />,
              c: <code />,
            }}
          />
        </p>
        <ColumnHelp />
        <form
          className="cp-form cp-import-form"
          onSubmit={(e) => {
            e.preventDefault();
            void runCheck();
          }}
          noValidate
        >
          <FormStatus errors={errors} />
          <div className="cp-field">
            <label htmlFor={id} className="cp-label">
              {t("import.file")}
            </label>
            <input
              id={id}
              className="cp-input cp-file"
              type="file"
              name="file"
              accept=".csv,text/csv"
              disabled={busy}
              onChange={(e) => choose(e.target.files?.[0] ?? null)}
            />
          </div>
          <div className="cp-actions">
            <button type="submit" className="cp-btn cp-btn-outline" disabled={busy || !file} aria-busy={phase === "checking" || undefined}>
              <Icon path={icons.check_circle} size={20} />
              <span>{t("import.check")}</span>
              {phase === "checking" ? <span className="cp-spinner" aria-hidden="true" /> : null}
            </button>
            {check && phase !== "done" ? (
              <button
                type="button"
                className="cp-btn cp-btn-primary"
                disabled={busy || writable === 0}
                onClick={() => void runImport()}
                aria-busy={phase === "importing" || undefined}
              >
                <Icon path={icons.upload_file} size={20} />
                <span>{t("import.run", { count: writable, n: number(writable) })}</span>
                {phase === "importing" ? <span className="cp-spinner" aria-hidden="true" /> : null}
              </button>
            ) : null}
          </div>
        </form>
        {busy ? (
          <div className="cp-import-progress">
            <label htmlFor={`${id}-progress`}>
              {t(phase === "checking" ? "import.checking" : "import.importing", {
                count: progress.total,
                done: number(progress.done),
                total: number(progress.total),
              })}
            </label>
            <progress id={`${id}-progress`} max={progress.total || 1} value={progress.done} />
          </div>
        ) : null}
      </Card>
      {result ? (
        <Card title={t("import.finished")}>
          <Counts s={result} done />
          {result.failed ? <RowsTable rows={result.rows.filter((r) => r.action === "error")} caption={t("import.failedRows")} /> : null}
          <p className="cp-actions cp-import-done">
            <Link to="/control/parcels/list.html" className="cp-btn cp-btn-outline">
              <Icon path={icons.inventory_2} size={20} />
              <span>{t("import.toParcels")}</span>
            </Link>
          </p>
        </Card>
      ) : check ? (
        <Card title={t("import.dryRun")}>
          <Counts s={check} />
          {check.rows.length ? <RowsTable rows={check.rows} caption={t("import.rows")} /> : <p className="cp-muted">{t("import.noRows")}</p>}
        </Card>
      ) : null}
    </div>
  );
}
