/**
 * Domain events: a feature publishes what happened once its writes are committed, and other features
 * subscribe, instead of calling each other's services (docs/adr/0014-domain-events.md). A channel is typed
 * by its event map: `new EventChannel<ParcelEvents>("parcel")` (server/modules/parcel/parcel.events.ts).
 * Subscribers live in their own feature (`<feature>.subscribers.ts`) and are registered at start-up
 * (server/subscribers.ts). In-process only: what other processes must hear goes over core/bus.ts.
 *
 * `publish` runs the event's subscribers one after the other, in the order they subscribed, and
 * resolves when all have: what a subscriber awaits (a stop settled, a cache evicted everywhere) is
 * done when the write returns, what it only starts (a mail, a webhook) is not. A subscriber that
 * throws is logged and skipped: the write is committed and the other subscribers still run.
 */
type Handler<P> = (payload: P) => unknown;

export class EventChannel<E extends object> {
  private readonly subscribers = new Map<keyof E, Map<string, Handler<never>>>();

  constructor(readonly name: string) {}

  /**
   * Subscribes `handler` to `event` as `who` (a short name for the logs). Subscribing the same name
   * again replaces the handler in its place: start-up may run twice in one process (tests).
   */
  on<K extends keyof E>(event: K, who: string, handler: Handler<E[K]>): void {
    let list = this.subscribers.get(event);
    if (!list) this.subscribers.set(event, (list = new Map()));
    list.set(who, handler as Handler<never>);
  }

  /** The names subscribed to `event`, in the order they run. */
  subscribed(event: keyof E): string[] {
    return [...(this.subscribers.get(event)?.keys() ?? [])];
  }

  /** Runs every subscriber of `event` (see above); never throws. */
  async publish<K extends keyof E>(event: K, payload: E[K]): Promise<void> {
    const list = this.subscribers.get(event);
    if (!list) return;
    for (const [who, handler] of [...list]) {
      try {
        await (handler as Handler<E[K]>)(payload);
      } catch (e) {
        console.error(`${who} failed on ${this.name} event ${String(event)}:`, (e as Error).message);
      }
    }
  }
}
