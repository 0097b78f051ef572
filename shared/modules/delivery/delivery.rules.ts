// Pure rules shared by the server and the client (client/modules/delivery imports them):
// no imports and no Node APIs here.

/** How many working days ahead (Mon-Fri, from tomorrow, UTC dates) a recipient may pick after a failed attempt. */
export const RESCHEDULE_DAYS = 5;

/** A recipient's choice after a failed attempt: a new delivery day, or a pick-up at the depot. */
export const RESCHEDULE_CHOICES = ["delivery", "depot"] as const;
export type RescheduleChoice = (typeof RESCHEDULE_CHOICES)[number];

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The next `n` working days (Monday to Friday) after `now`'s UTC date, as YYYY-MM-DD. */
export function nextWorkingDays(now: Date, n = RESCHEDULE_DAYS): string[] {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const out: string[] = [];
  while (out.length < n) {
    day.setUTCDate(day.getUTCDate() + 1);
    const wd = day.getUTCDay();
    if (wd !== 0 && wd !== 6) out.push(iso(day));
  }
  return out;
}

/** The attempt number of each `delivery_failed` entry, in history order (1, 2, ...); other entries get null. */
export function attemptNumbers(history: readonly { status_code?: string | null }[]): (number | null)[] {
  let n = 0;
  return history.map((a) => (a.status_code === "delivery_failed" ? ++n : null));
}
