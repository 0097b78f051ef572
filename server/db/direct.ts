import Database from "better-sqlite3";
import pg from "pg";
import type { Piscina } from "piscina";
import { thread } from "../core/threads.js";
import type { ReadJob } from "./read.worker.js";

/**
 * Plain-driver reads for the hottest cache misses (a tracking code looked up for the first time; see ARCHITECTURE.md).
 * Prisma 6's client engine compiles every query it runs: about 1-2 ms of CPU per query here,
 * measured, against a few hundredths of that for a prepared statement on the driver.
 *
 * Rows come back as Prisma returns them: the selected columns in that order, integers and floats
 * as numbers, booleans as booleans, date-times as Dates (converted the way Prisma's adapters and
 * client do). A column of any other type throws Unsupported, and callers fall back to Prisma.
 * tests/integration/direct-read.test.ts compares the rows with Prisma's.
 */
export interface DirectDb {
  /** SQL with `?` placeholders and identifiers in double quotes; tables through `table()`. */
  rows(sql: string, params: unknown[]): Promise<Record<string, unknown>[]>;
  /**
   * A read that may take long (a count over a million rows, a search no index serves): on SQLite, whose
   * driver answers on the calling thread, it runs in the readers' thread (read.worker.ts) so that no
   * other request waits for it; on PostgreSQL the server does the work and this is `rows`.
   */
  longRows(sql: string, params: unknown[]): Promise<Record<string, unknown>[]>;
  table(name: string): string;
  close(): Promise<void>;
}

export class Unsupported extends Error {}

type Decode = (v: unknown) => unknown;
const same: Decode = (v) => v;

/** Prisma's reading of a date-time text: a missing zone is UTC, a missing date is 1970-01-01. */
export function prismaDate(text: string): Date {
  const m = /\d{2}:\d{2}:\d{2}(?:\.\d+)?(Z|[+-]\d{2}(:?\d{2})?)?$/.exec(text);
  if (!m) return new Date(`${text}T00:00:00Z`);
  let s = m[1] !== undefined && m[1] !== "Z" && m[2] === undefined ? `${text}:00` : m[1] === undefined ? `${text}Z` : text;
  if (m[0].length === text.length) return new Date(`1970-01-01T${s}`);
  if (s[m.index - 1] === " ") s = `${s.slice(0, m.index - 1)}T${s.slice(m.index)}`;
  return new Date(s);
}

function sqliteDecoder(declared: string | null): Decode {
  // An expression (count(*), max(id)) has no declared type: its value as SQLite gives it.
  if (declared === null) return same;
  switch (declared.toUpperCase()) {
    case "INTEGER":
    case "INT":
      return (v) => (typeof v === "number" ? Math.trunc(v) : v);
    case "REAL":
    case "DOUBLE":
    case "DOUBLE PRECISION":
    case "FLOAT":
    case "TEXT":
      return same;
    case "BOOLEAN":
      return (v) => (typeof v === "number" ? v === 1 : v === "true" || v === "TRUE" || v === "1");
    case "DATETIME":
    case "TIMESTAMP":
      return (v) => (typeof v === "number" ? new Date(v) : prismaDate(String(v)));
    case "":
      // An expression (a COUNT(*) in the parcel export): SQLite's own value, a number for a count.
      return same;
    default:
      throw new Unsupported(`column type ${declared}`);
  }
}

class SqliteDirect implements DirectDb {
  private readonly db: Database.Database;
  private readonly prepared = new Map<string, { stmt: Database.Statement; names: string[]; decode: Decode[] }>();
  private reader?: Piscina;

  constructor(private readonly file: string) {
    this.db = new Database(file, { readonly: true, fileMustExist: true });
    // Random look-ups over a large file: reading through a memory map saves a system call per page
    // (measured: ~450 -> ~110 us a miss at a million parcels). SQLite caps the size at its build limit.
    this.db.pragma("mmap_size = 8589934592");
  }

  rows(sql: string, params: unknown[]) {
    let p = this.prepared.get(sql);
    if (!p) {
      const stmt = this.db.prepare(sql);
      const cols = stmt.columns();
      p = { stmt: stmt.raw(true), names: cols.map((c) => c.name), decode: cols.map((c) => sqliteDecoder(c.type)) };
      this.prepared.set(sql, p);
    }
    const { names, decode } = p;
    const out = (p.stmt.all(...params) as unknown[][]).map((r) => {
      const row: Record<string, unknown> = {};
      for (let i = 0; i < names.length; i++) row[names[i]] = r[i] === null ? null : decode[i](r[i]);
      return row;
    });
    return Promise.resolve(out);
  }

  longRows(sql: string, params: unknown[]): Promise<Record<string, unknown>[]> {
    this.reader ??= thread(import.meta.url, "read.worker");
    return this.reader.run({ file: this.file, sql, params } satisfies ReadJob);
  }

  table(name: string) {
    return `"${name}"`;
  }

  async close() {
    this.db.close();
    await this.reader?.destroy();
  }
}

/** A PostgreSQL timestamp without a zone (UTC), as text or as JSON gives it, read as adapter-pg reads it. */
export const pgTimestamp = (v: unknown) => (v == null ? v : prismaDate(`${String(v).replace(" ", "T")}+00:00`));

// PostgreSQL types the rows may hold, read as adapter-pg reads them (timestamps without a zone are UTC).
const PG_TYPES: Record<number, Decode | null> = {
  16: null, // bool
  21: null, // int2
  23: null, // int4
  25: null, // text
  700: null, // float4
  701: null, // float8
  1043: null, // varchar
  114: null, // json (the caller decodes what it holds)
  1114: pgTimestamp,
  1184: (v) =>
    prismaDate(
      String(v)
        .replace(" ", "T")
        .replace(/[+-]\d{2}(:\d{2})?$/, "+00:00"),
    ),
};
const pgTypes = {
  getTypeParser: ((oid: number, format?: string) => {
    const own = PG_TYPES[oid];
    return own ?? pg.types.getTypeParser(oid, format as "text");
  }) as typeof pg.types.getTypeParser,
};

/** SQL written with `?` placeholders (SQLite's) as PostgreSQL takes them: $1, $2, ... */
export function numberedParams(sql: string): string {
  let i = 0;
  return sql.replace(/\?/g, () => `$${++i}`);
}

class PgDirect implements DirectDb {
  private readonly pool: pg.Pool;
  private readonly names = new Map<string, string>();

  constructor(
    connectionString: string,
    private readonly schema: string,
  ) {
    this.pool = new pg.Pool({ connectionString, max: 4, types: pgTypes });
    this.pool.on("error", () => {});
  }

  async rows(sql: string, params: unknown[]) {
    let name = this.names.get(sql);
    if (!name) this.names.set(sql, (name = `courier_direct_${this.names.size}`));
    const res = await this.pool.query({ name, text: numberedParams(sql), values: params });
    for (const f of res.fields) if (!(f.dataTypeID in PG_TYPES)) throw new Unsupported(`column type oid ${f.dataTypeID}`);
    return res.rows as Record<string, unknown>[];
  }

  longRows(sql: string, params: unknown[]) {
    return this.rows(sql, params);
  }

  table(name: string) {
    return `"${this.schema}"."${name}"`;
  }

  async close() {
    await this.pool.end();
  }
}

export function openDirect(provider: "sqlite" | "postgresql", target: { file?: string; connectionString?: string; schema?: string }): DirectDb {
  return provider === "sqlite" ? new SqliteDirect(target.file!) : new PgDirect(target.connectionString!, target.schema ?? "public");
}
