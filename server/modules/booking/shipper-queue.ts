/**
 * The writes that hold a shipper's row until commit (a booking against its credit limit, a pickup
 * against its open pickups) run one at a time per shipper in this process, queued here before they
 * take a database connection. Queued in the database instead, each waiter holds a pool connection
 * and its transaction's clock runs: a burst by one shipper took the pool from everyone and expired
 * (issue 35). The row lock still orders them across processes. Statements queue under one key: their
 * transaction's audited writes read on a second connection (server/db/audit.ts), so several at once
 * could hold every connection while each waits for one more.
 */
const tails = new Map<string, Promise<void>>();

export function oneAtATime<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const run = (tails.get(key) ?? Promise.resolve()).then(fn);
  const tail = run.then(
    () => undefined,
    () => undefined,
  );
  tails.set(key, tail);
  void tail.then(() => {
    if (tails.get(key) === tail) tails.delete(key);
  });
  return run;
}

/** The queue of one shipper's writes. */
export const shipperKey = (id: number) => `shipper:${id}`;
/** The queue of every statement of this process. */
export const STATEMENTS = "statements";
