import { openDirect, type DirectDb } from "./direct.js";

/**
 * The readers' thread (DirectDb.longRows on SQLite, through server/core/threads.ts): its own read-only
 * connection to the database file (WAL: it reads beside the server's writes), so a read that takes
 * long holds this thread only. One statement a task; rows as `rows` gives them.
 */
export interface ReadJob {
  file: string;
  sql: string;
  params: unknown[];
}

const open = new Map<string, DirectDb>();

export default function read(job: ReadJob): Promise<Record<string, unknown>[]> {
  let reader = open.get(job.file);
  if (!reader) open.set(job.file, (reader = openDirect("sqlite", { file: job.file })));
  return reader.rows(job.sql, job.params);
}
