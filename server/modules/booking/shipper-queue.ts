/**
 * The writes that hold a shipper's row until commit (a booking against its credit limit, a pickup
 * against its open pickups) run one at a time per shipper in this process, queued here before they
 * take a database connection. Queued in the database instead, each waiter holds a pool connection
 * and its transaction's clock runs: a burst by one shipper took the pool from everyone and expired
 * (issue 35). The row lock still orders them across processes. Statements queue under one key: each
 * holds a serializable transaction whose audited writes wait on the audit's reads (server/db/audit.ts),
 * and several at once held every connection of the pool (8 on a pool of 4 answered 500 before the audit
 * had a pool of its own); staff make few, so one at a time costs nothing.
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
