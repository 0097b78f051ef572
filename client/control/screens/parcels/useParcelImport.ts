import { useCallback, useRef, useState } from "react";
import { useApolloClient } from "@apollo/client/react";
import { useTranslation } from "react-i18next";
import { useAdminImportParcelsMutation, type AdminImportParcelsMutation } from "../../../generated/graphql";
import { errorMessages } from "../../../errors";
import { chunks, splitCsv, type CsvRecord } from "./csvChunks";
import { IMPORT_BATCH } from "@shared/modules/import/import.codes";
import { fieldLabel } from "../../fieldLabels";
import { number } from "../../time";
import { NS } from "./cod";

export type ImportRow = AdminImportParcelsMutation["importParcels"]["rows"][number];
export interface ImportSummary {
  created: number;
  updated: number;
  failed: number;
  rows: ImportRow[];
}
type Phase = "idle" | "checking" | "checked" | "importing" | "done";

/**
 * The import screen's state: the file is split into parts of IMPORT_BATCH records (csvChunks.ts),
 * each sent to importParcels (first as a dry run, then for real) one after the other, so the
 * screen shows progress and no single request comes near the upload limit. Rows are numbered as in
 * the whole file; a tracking code that appears in two parts is refused in the later one, as the
 * server does within one request.
 */
export function useParcelImport() {
  const { t } = useTranslation(NS);
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>("idle");
  const [errors, setErrors] = useState<string[]>([]);
  const [progress, setProgress] = useState({ done: 0, total: 0 });
  const [check, setCheck] = useState<ImportSummary | null>(null);
  const [result, setResult] = useState<ImportSummary | null>(null);
  const [run] = useAdminImportParcelsMutation();
  const client = useApolloClient();
  const skip = useRef(new Set<number>());
  const progressRef = useRef(progress);
  // eslint-disable-next-line react-hooks/refs -- the latest progress for the running import's callbacks; set in render so no callback sees an older value
  progressRef.current = progress;

  const send = useCallback(
    async (dryRun: boolean): Promise<ImportSummary> => {
      const { header, records } = splitCsv(await file!.text());
      const parts = chunks(
        header,
        records.filter((r) => !skip.current.has(r.row)),
        IMPORT_BATCH,
      );
      const total = records.filter((r) => r.text.trim() !== "").length;
      const sum: ImportSummary = { created: 0, updated: 0, failed: 0, rows: [] };
      setProgress({ done: 0, total });
      if (!parts.length) parts.push({ text: `${header}\n`, records: [] as CsvRecord[] });
      for (const part of parts) {
        const blob = new File([part.text], file!.name, { type: "text/csv" });
        const { data } = await run({ variables: { file: blob, dry_run: dryRun } });
        const r = data!.importParcels;
        for (const row of r.rows) sum.rows.push({ ...row, row: part.records[row.row - 2]?.row ?? row.row });
        sum.created += r.created;
        sum.updated += r.updated;
        sum.failed += r.failed;
        setProgress((p) => ({ ...p, done: Math.min(p.total, p.done + part.records.length) }));
      }
      return sum;
    },
    [file, run],
  );

  const guard = async (fn: () => Promise<void>, back: Phase, note?: () => string | null) => {
    setErrors([]);
    try {
      await fn();
    } catch (e) {
      const msgs = errorMessages(e);
      const extra = note?.();
      setErrors([...(msgs.length ? msgs : [t("errors.generic", { ns: "control" })]), ...(extra ? [extra] : [])]);
      setPhase(back);
    }
  };

  /** The dry run: what each row would do, and its errors. */
  const runCheck = () =>
    guard(async () => {
      if (!file) {
        setErrors([t("import.fileRequired", { field: fieldLabel("file") })]);
        return;
      }
      setPhase("checking");
      setResult(null);
      skip.current = new Set();
      const sum = await send(true);
      // A code twice in the file: the later rows are refused (across parts too), and not sent again.
      const first = new Map<string, number>();
      for (const row of sum.rows) {
        if (row.action === "error" || !row.tracking_code) continue;
        const at = first.get(row.tracking_code);
        if (at === undefined) first.set(row.tracking_code, row.row);
        else {
          if (row.action === "create") sum.created--;
          else sum.updated--;
          sum.failed++;
          row.action = "error";
          row.errors = [`tracking_code ${row.tracking_code} is already on row ${at} of this file`];
          skip.current.add(row.row);
        }
      }
      setCheck(sum);
      setPhase("checked");
    }, "idle");

  /** The import itself, part by part, after the dry run. */
  const runImport = () =>
    guard(
      async () => {
        setPhase("importing");
        const sum = await send(false);
        for (const row of check?.rows ?? []) {
          if (skip.current.has(row.row)) {
            sum.rows.push(row);
            sum.failed++;
          }
        }
        sum.rows.sort((a, b) => a.row - b.row);
        setResult(sum);
        setPhase("done");
        // The parcel list and any parcel screen read again what the import wrote.
        client.cache.evict({ id: "ROOT_QUERY", fieldName: "parcels" });
        client.cache.evict({ id: "ROOT_QUERY", fieldName: "adminParcel" });
        client.cache.gc();
      },
      "checked",
      () =>
        progressRef.current.done
          ? t("import.partly", { count: progressRef.current.total, done: number(progressRef.current.done), total: number(progressRef.current.total) })
          : null,
    );

  const choose = (f: File | null) => {
    setFile(f);
    setCheck(null);
    setResult(null);
    setErrors([]);
    setPhase("idle");
  };

  return { file, choose, phase, errors, progress, check, result, runCheck, runImport };
}
