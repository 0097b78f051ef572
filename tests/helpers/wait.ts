/**
 * A wait on a real condition instead of a fixed sleep: calls `check` every `interval` ms until it
 * returns a truthy value (which it returns), and fails after `timeout` ms naming `what`. The timeout
 * only catches a blow-up: these machines are shared (2 cores, often loaded to 10+), so keep it generous;
 * a condition that holds returns at once, whatever the timeout.
 */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  { timeout = 30_000, interval = 50, what = "the condition" }: { timeout?: number; interval?: number; what?: string } = {},
): Promise<NonNullable<T>> {
  const end = Date.now() + timeout;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > end) throw new Error(`waited ${timeout} ms for ${what}`);
    await new Promise((r) => setTimeout(r, interval));
  }
}
