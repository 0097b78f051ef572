import type { TFunction } from "i18next";
import { readableMessage } from "../../fieldLabels";
import { codRefusals, type PaymentWords } from "../../../modules/delivery/codPayment";
import type { ScanLine } from "./scanRun";

/** The scan errors a code can get (shared/modules/scan/scan.events.ts SCAN_ERRORS), each with a text of `control-proof`'s scanErrors.*. */
const KNOWN = ["INVALID_CODE", "UNKNOWN_CODE", "ALREADY_DELIVERED", "NOT_ALLOWED", "COD_CONFLICT"];

/**
 * Why a scan was not recorded, as a sentence in the member's language: a known code by its text, a refused payment
 * (COD_REFUSED: the server's message names cod, cod.amount, ...) by the payment form's words, anything else the
 * server's message with its fields named as labelled. `t` is `control-proof`'s (the run screen says them too).
 */
export function lineError(line: Pick<ScanLine, "error" | "error_code">, t: TFunction, words: PaymentWords): string {
  const code = line.error_code ?? "";
  if (KNOWN.includes(code)) return t(`scanErrors.${code}`);
  if (code === "COD_REFUSED")
    return codRefusals(line.error || "cod: the amount due must be collected")
      .map(words.refusal)
      .join(" ");
  return line.error ? readableMessage(line.error) : t("scanErrors.notRecorded");
}

/** Whether the line waits for the payment at the door (its delivered scan was refused for its cash on delivery). */
export const needsPayment = (line: ScanLine) => line.state === "error" && line.error_code === "COD_REFUSED" && line.setup.status_code === "delivered";
