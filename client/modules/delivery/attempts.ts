import type { TFunction } from "i18next";
import { isFailureReason } from "../parcel/status";

export { attemptNumbers } from "@shared/modules/delivery/delivery.rules";

/** "Attempt 2 failed: nobody home" in the visitor's language; a free-text reason is shown as it is. */
export function attemptText(t: TFunction, n: number, reason: string | null | undefined): string {
  const r = reason?.trim();
  if (!r) return t("track.attemptFailedPlain", { n });
  return t("track.attemptFailed", { n, reason: isFailureReason(r) ? t(`failure.${r}`) : r });
}
