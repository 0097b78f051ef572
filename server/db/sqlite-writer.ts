import type Database from "better-sqlite3";

/**
 * Writes through prepared statements on the Prisma adapter's own SQLite connection, for the
 * hottest write (history entries: one request per scan). Prisma 6 compiles every query it runs
 * (1-2 ms of CPU each); a prepared statement costs microseconds. The connection is Prisma's, and
 * each transaction holds the adapter's transaction lock, so it never runs inside one of Prisma's
 * (a second connection would wait on SQLite's lock synchronously, blocking the event loop that
 * must finish Prisma's open transaction). The work between BEGIN and COMMIT is synchronous.
 */
interface Adapter {
  client: Database.Database;
  startTransaction(): Promise<{ commit(): Promise<void>; rollback(): Promise<void> }>;
}

export class SqliteWriter {
  private readonly statements = new Map<string, Database.Statement>();
  constructor(private readonly adapter: Adapter) {}

  /** A statement on the connection, prepared once; integers come back as numbers. */
  statement(sql: string): Database.Statement {
    let s = this.statements.get(sql);
    if (!s) this.statements.set(sql, (s = this.adapter.client.prepare(sql).safeIntegers(false)));
    return s;
  }

  async transaction<T>(work: () => T): Promise<T> {
    const tx = await this.adapter.startTransaction();
    const client = this.adapter.client;
    try {
      const out = work();
      this.statement("COMMIT").run();
      await tx.commit();
      return out;
    } catch (e) {
      if (client.inTransaction) this.statement("ROLLBACK").run();
      await tx.rollback();
      throw e;
    }
  }
}

/** A date-time as Prisma's SQLite adapter writes it (iso8601, zone +00:00), so text comparisons hold. */
export const sqliteTime = (d: Date) => d.toISOString().replace("Z", "+00:00");
