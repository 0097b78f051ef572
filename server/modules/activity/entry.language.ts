import { knownLanguage as known, type LanguageCode } from "../../../shared/i18n/languages.js";
import { FAILURE_REASONS, type StatusCode } from "../../../shared/modules/parcel/status.codes.js";
import { callerLanguageCode, staffLanguage, type StaffLanguage } from "../staff/staff.i18n.js";
import { companyLanguage } from "../settings/company-language.js";

/**
 * The language of the history entries the server writes itself (a scan's default title, the run start's "Out for
 * delivery", the proof's "Delivered", a booking's and its cancelling, the recipient's new day): the language of whoever
 * reads them first. One rule for every writer:
 *   1. the parcel's `recipient_language`, when it is one of the 22 (the entries show on the recipient's tracking page
 *      and in their status messages);
 *   2. else the language of the member who caused the entry (`Admin.language`: the courier starting the run, the
 *      depot member scanning);
 *   3. else the company's language (the setting `language`, server/modules/settings/company-language.ts; English
 *      until the owner chooses one).
 * A title or description a caller gives (a scan's `title`, a member's own entry) is written as given. The texts are
 * the staff's server texts (server/modules/staff/locales, `history.*`).
 */
export function entryLanguageCode(recipient: string | null | undefined, member: string | null | undefined, company: string | null = null): LanguageCode {
  return known(recipient) ?? known(member) ?? known(company) ?? "en";
}

export interface EntryParcel {
  recipient_language?: string | null;
}

/**
 * The texts of the entries about these parcels, by the rule above: the caller's language is read once, and only when
 * a parcel has no recipient's language of its own; the company's (the kept settings) only when the caller has none.
 */
export async function entryLanguages(parcels: readonly EntryParcel[]): Promise<(parcel: EntryParcel) => StaffLanguage> {
  const member = parcels.some((p) => !known(p.recipient_language)) ? await callerLanguageCode() : null;
  const company = parcels.some((p) => !known(p.recipient_language)) && !known(member) ? await companyLanguage() : null;
  const chosen = new Map<LanguageCode, StaffLanguage>();
  return (parcel) => {
    const code = entryLanguageCode(parcel.recipient_language, member, company);
    let l = chosen.get(code);
    if (!l) chosen.set(code, (l = staffLanguage(code)));
    return l;
  };
}

/** The language of the entries about one parcel. */
export const entryLanguage = async (parcel: EntryParcel): Promise<StaffLanguage> => (await entryLanguages([parcel]))(parcel);

/** A scan's title when the request gives none: the floor event's for this status (a failed attempt with its reason). */
export function scanTitle(l: StaffLanguage, status: StatusCode, reason?: string | null): string {
  const title = l.t(`history.status.${status}`);
  if (status === "delivery_failed" && reason && (FAILURE_REASONS as readonly string[]).includes(reason)) {
    return l.t("history.failedBecause", { reason: l.t(`history.reason.${reason}`) });
  }
  return title;
}

/** The proof's entry: what was recorded (never the receiver's name: protected parcels show the history to anyone with the code). */
export function proofEntry(l: StaffLanguage, recorded: { receiver: boolean; signature: boolean; photo: boolean }) {
  const what = (["receiver", "signature", "photo"] as const).filter((k) => recorded[k]).map((k) => l.t(`history.proof.${k}`));
  return {
    title: l.t("history.status.delivered"),
    description: l.t("history.proof.recorded", { what: new Intl.ListFormat(l.tag, { type: "unit" }).format(what) }),
  };
}

/** The recipient's choice after a failed attempt (`date`: a new delivery day, else the depot), made with the e-mail's link or the second factor. */
export function rescheduleEntry(l: StaffLanguage, date: string | null, byLink: boolean) {
  const how = l.t(byLink ? "history.rescheduled.byLink" : "history.rescheduled.byCheck");
  if (!date) return { title: l.t("history.rescheduled.depotTitle"), description: l.t("history.rescheduled.depot", { how }) };
  // English's day as it always was ("Friday, 3 April 2026"), every other language's its own way.
  const day = new Intl.DateTimeFormat(l.code === "en" ? "en-GB" : l.tag, {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${date}T00:00:00Z`));
  return { title: l.t("history.rescheduled.dayTitle"), description: l.t("history.rescheduled.day", { day, how }) };
}
