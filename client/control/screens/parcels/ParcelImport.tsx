import { useId } from "react";
import { Link } from "react-router-dom";
import { Card, PageHeader } from "../../components/PageHeader";
import { FormStatus } from "../../components/fields";
import { ListTable } from "../../components/lists";
import { Icon } from "../../../components/Icon";
import { ErrorList } from "../../../components/ErrorList";
import { useTitle } from "../../hooks/useTitle";
import { useParcelImport, type ImportRow, type ImportSummary } from "./useParcelImport";
import "./floor.css";
import * as icons from "../../icons";

/** Rows listed under the counts: every row with errors first, then the others up to this many. */
const LISTED = 200;

const ACTION_LABEL: Record<string, string> = { create: "New", update: "Update", error: "Error" };

function RowsTable({ rows, caption }: { rows: ImportRow[]; caption: string }) {
  const bad = rows.filter((r) => r.action === "error");
  const good = rows.filter((r) => r.action !== "error").slice(0, Math.max(0, LISTED - bad.length));
  const shown = [...bad, ...good];
  return (
    <>
      <ListTable
        testId="import-rows"
        className="cp-import-table"
        caption={caption}
        columns={[{ label: "Row", num: true }, "Tracking code", "Action", "Errors"]}
      >
        {shown.map((r) => (
          <tr key={r.row} className={r.action === "error" ? "cp-import-bad" : undefined}>
            <td className="cp-num" data-label="Row">
              {r.row}
            </td>
            <td className="cp-mono" data-label="Tracking code">
              {r.tracking_code || <span className="cp-muted">(none)</span>}
            </td>
            <td data-label="Action">
              <span className={`cp-badge ${r.action === "error" ? "cp-badge-fail" : r.action === "create" ? "cp-badge-ok" : "cp-badge-status"}`}>
                {ACTION_LABEL[r.action] ?? r.action}
              </span>
            </td>
            <td data-label="Errors">{r.errors.length ? <ErrorList className="cp-import-errors" errors={r.errors} /> : <span className="cp-muted">-</span>}</td>
          </tr>
        ))}
      </ListTable>
      {shown.length < rows.length ? (
        <p className="cp-muted cp-list-count">
          Showing {shown.length} of {rows.length} rows: every row with errors, then the first of the others.
        </p>
      ) : null}
    </>
  );
}

function Counts({ s, done }: { s: ImportSummary; done?: boolean }) {
  return (
    <ul className="cp-import-counts" aria-label={done ? "Import result" : "Dry run result"} data-testid={done ? "import-result" : "import-check"}>
      <li>
        <strong>{s.created}</strong> <span>{done ? "created" : "new"}</span>
      </li>
      <li>
        <strong>{s.updated}</strong> <span>{done ? "updated" : "updates"}</span>
      </li>
      <li className={s.failed ? "cp-import-count-bad" : undefined}>
        <strong>{s.failed}</strong> <span>{done ? "failed" : "with errors"}</span>
      </li>
    </ul>
  );
}

export default function ParcelImport() {
  useTitle("Import parcels");
  const id = useId();
  const { file, choose, phase, errors, progress, check, result, runCheck, runImport } = useParcelImport();
  const busy = phase === "checking" || phase === "importing";
  const writable = check ? check.created + check.updated : 0;
  return (
    <div className="cp-container">
      <PageHeader title="Import parcels" icon={icons.upload_file} back="/control/parcels/list.html" backLabel="Back to parcels" />
      <Card>
        <p className="cp-note cp-import-help">
          A CSV file with the columns of{" "}
          <a href="/api/parcels/export.csv" download>
            the export
          </a>{" "}
          and its header row (UTF-8; cells separated by <code>,</code> or <code>;</code>). A row whose tracking code exists updates that parcel (only the
          columns in the file; an empty cell clears an optional field); any other row creates a parcel. Nothing is written until you confirm.
        </p>
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
              CSV file
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
              <span>Check file</span>
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
                <span>{`Import ${writable} row${writable === 1 ? "" : "s"}`}</span>
                {phase === "importing" ? <span className="cp-spinner" aria-hidden="true" /> : null}
              </button>
            ) : null}
          </div>
        </form>
        {busy ? (
          <div className="cp-import-progress">
            <label htmlFor={`${id}-progress`}>
              {phase === "checking" ? "Checking" : "Importing"} {progress.done} of {progress.total} rows
            </label>
            <progress id={`${id}-progress`} max={progress.total || 1} value={progress.done} />
          </div>
        ) : null}
      </Card>
      {result ? (
        <Card title="Import finished">
          <Counts s={result} done />
          {result.failed ? <RowsTable rows={result.rows.filter((r) => r.action === "error")} caption="Rows that failed" /> : null}
          <p className="cp-actions cp-import-done">
            <Link to="/control/parcels/list.html" className="cp-btn cp-btn-outline">
              <Icon path={icons.inventory_2} size={20} />
              <span>Go to the parcels</span>
            </Link>
          </p>
        </Card>
      ) : check ? (
        <Card title="Dry run: nothing written yet">
          <Counts s={check} />
          {check.rows.length ? (
            <RowsTable rows={check.rows} caption="Rows of the file" />
          ) : (
            <p className="cp-muted">The file has a header row and no parcels.</p>
          )}
        </Card>
      ) : null}
    </div>
  );
}
