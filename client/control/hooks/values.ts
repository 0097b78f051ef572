// Conversions between form text and wire values.

/** Blank optional text is sent as null ("not set"). */
export const textOrNull = (s: string | undefined) => (s && s.trim() !== "" ? s.trim() : null);
/** A number input's text as a number, blank as null. */
export const numberOrNull = (s: string | undefined) => {
  if (s === undefined || s.trim() === "") return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
};
/** A value from the server as the text of an input. */
export const str = (v: string | number | null | undefined) => (v === null || v === undefined ? "" : String(v));

const pad = (n: number) => String(Math.abs(n)).padStart(2, "0");
/** "+01:00" for the browser's zone at that moment (DST included). */
const offsetOf = (d: Date) => {
  const m = -d.getTimezoneOffset();
  return `${m >= 0 ? "+" : "-"}${pad(Math.trunc(m / 60))}:${pad(m % 60)}`;
};

/** A datetime-local value (the admin's wall clock) as ISO 8601 with the admin's offset; blank as null. */
export function localToIso(s: string | undefined): string | null {
  if (!s || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(s)) return null;
  const d = new Date(s);
  if (Number.isNaN(d.getTime())) return null;
  return `${s.length === 16 ? `${s}:00` : s}${offsetOf(d)}`;
}

/** An ISO time as the value of a datetime-local input, on the admin's wall clock. */
export function isoToLocal(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The admin's time zone for hints, e.g. "Europe/Berlin (UTC+01:00)". */
export function zoneName(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const offset = `UTC${offsetOf(new Date())}`;
  return !zone || /^(Etc\/)?UTC$/.test(zone) ? offset : `${zone} (${offset})`;
}
