/**
 * A history entry as planned before the unit of parcel writes (parcel.writes.ts addEntries) writes it:
 * planned by the activity module (planEntry, parcelStates), written here. Types only.
 */

/** What a new history entry needs to know of its parcel; ParcelWrites.addEntries keeps it current. */
export interface ParcelState {
  id: number;
  tracking_code: string;
  recipient_name: string;
  status_code: string | null;
  status_reason: string | null;
  /** The recipient's language (the server's own entries are written in it: activity/entry.language.ts). */
  recipient_language?: string | null;
  /** The newest entry's time, null without history. */
  newest: Date | null;
}

export interface EntryData {
  title: string;
  description: string;
  icon?: string | null;
  color?: string | null;
  status_code: string | null;
  status_reason: string | null;
  created_at: Date;
  /** The client's id of the scan: a second entry with the same id on the parcel is refused (unique). */
  scan_id?: string | null;
}
/** What the entry says of the parcel's whereabouts: applied only when it is the parcel's newest entry. */
export interface EntryPlace {
  current_location?: string | null;
  latitude?: number | null;
  longitude?: number | null;
}
/** One entry as it will be written, and what it changes on its parcel (planEntry). */
export interface EntryPlan {
  state: ParcelState;
  data: EntryData;
  row: {
    parcel_id: number;
    title: string;
    description: string;
    icon: string;
    color: string;
    status_code: string | null;
    status_reason: string | null;
    created_at: Date;
    scan_id: string | null;
    replaced_status_code: string | null;
    replaced_status_reason: string | null;
  };
  /** The parcel's columns the entry sets (besides its version and updated_at). */
  parcel: Record<string, string | number | null>;
  newest: boolean;
  moves: boolean;
  /**
   * A write of another feature that stands or falls with this entry (cash on delivery's collection with its
   * ledger entry, server/modules/cod): run inside the entries' transaction, after them; when it throws,
   * nothing of the batch is written and its error reaches the caller.
   */
  inTransaction?: (tx: EntryTx) => Promise<void>;
}

/** The client of the entries' interactive transaction (a Prisma transaction client). */
export type EntryTx = Parameters<Parameters<ReturnType<typeof import("../../db/index.js").db>["$transaction"]>[0]>[0];
