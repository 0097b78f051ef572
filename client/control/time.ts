// The control panel's times of day: in its language (English) with the visitor's own clock, 24 h or 12 h as their
// browser's locale has it, the one rule the public pages follow too (modules/parcel/format.ts).
import { fmtTime, fmtTimeRange } from "../modules/parcel/format";

/** "14:05" or "2:05 PM", in the browser's time zone. */
export const clock = (iso: string | null | undefined): string => fmtTime("en", iso);

/** "10:15 – 11:15": a window, in the browser's time zone. */
export const clockRange = (from: string, to: string): string => fmtTimeRange("en", from, to);
