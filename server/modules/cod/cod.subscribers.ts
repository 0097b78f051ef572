import { db } from "../../db/index.js";
import { parcelEvents } from "../parcel/parcel.events.js";
import { COD_VOIDING_STATUSES } from "../../../shared/modules/cod/cod.rules.js";

/**
 * Cash on delivery follows the parcel's status (contract section 12): cancelled or returned to the sender before
 * it was collected, an expected amount becomes void; a parcel taken back onto its journey (a status other than
 * delivered, cancelled or returned) makes a void amount expected again. Money already taken never changes here.
 * The parcel's cod_due follows from its own row (view-shape.ts), so no view has to be forgotten.
 */
export function subscribeCod(): void {
  parcelEvents.on("status.changed", "cod", async ({ changes }) => {
    const voided: number[] = [];
    const revived: number[] = [];
    for (const c of changes) {
      if ((COD_VOIDING_STATUSES as readonly string[]).includes(c.status_code)) voided.push(c.parcel_id);
      else if (c.status_code !== "delivered") revived.push(c.parcel_id);
    }
    // In slices: SQLite takes at most 999 parameters a statement (an import moves thousands).
    for (let i = 0; i < voided.length; i += 500)
      await db().codCollection.updateMany({ where: { parcel_id: { in: voided.slice(i, i + 500) }, status: "expected" }, data: { status: "void" } });
    for (let i = 0; i < revived.length; i += 500)
      await db().codCollection.updateMany({ where: { parcel_id: { in: revived.slice(i, i + 500) }, status: "void" }, data: { status: "expected" } });
  });
}
