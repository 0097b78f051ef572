/**
 * The writes that hold a shipper's row until commit (a booking against its credit limit, a pickup
 * against its open pickups) run one at a time per shipper in this process, queued here before they
 * take a database connection. Queued in the database instead, each waiter holds a pool connection
 * and its transaction's clock runs: a burst by one shipper took the pool from everyone and expired
 * (issue 35). The row lock still orders them across processes.
 */
const tails = new Map<number, Promise<void>>();

export function oneAtATime<T>(shipperId: number, fn: () => Promise<T>): Promise<T> {
  const run = (tails.get(shipperId) ?? Promise.resolve()).then(fn);
  const tail = run.then(
    () => undefined,
    () => undefined,
  );
  tails.set(shipperId, tail);
  void tail.then(() => {
    if (tails.get(shipperId) === tail) tails.delete(shipperId);
  });
  return run;
}
