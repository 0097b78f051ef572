import { limit } from "../../core/ratelimit.js";
import { AppError, badInput, conflict, errorFor, forbidden, notFound } from "../../core/errors.js";
import { db } from "../../db/index.js";
import { addActivity } from "../activity/activity.service.js";
import { entryLanguage, proofEntry, rescheduleEntry } from "../activity/entry.language.js";
import { rescheduleTokenMatches } from "../parcel/parcel.service.js";
import { parcelWrites } from "../parcel/parcel.writes.js";
import { findByCode } from "../parcel/parcel.reader.js";
import { deliveryProofOf, publicView } from "../parcel/view-shape.js";
import { STATUS_RULES } from "../../../shared/modules/parcel/status.codes.js";
import { isStatusCode } from "../parcel/status.rules.js";
import { CODE_SHAPE, normalizeCode } from "../parcel/tracking-code.js";
import { proofRefusal, SCAN_ERRORS } from "../../../shared/modules/scan/scan.events.js";
import { checkSecondFactor } from "../parcel/tracking.js";
import { removeImage, saveImage, sniffImage, type IncomingFile } from "../upload/upload.service.js";
import { nextWorkingDays, RESCHEDULE_DAYS, type RescheduleChoice } from "../../../shared/modules/delivery/delivery.rules.js";
import type { RecordDeliveryInput, RescheduleInput } from "./delivery.input.js";
import { codPaymentOf, collectionsOf, deliveryCod } from "../cod/cod.collect.js";

const blank = (v: string | null | undefined) => (typeof v === "string" && v.trim() ? v.trim() : null);
const present = (f: IncomingFile | null | undefined) => (f && f.bytes.length ? f : null);

async function parcelByCode(code: unknown, missing: string) {
  const c = normalizeCode(code);
  const row = CODE_SHAPE.test(c) ? await db().parcel.findUnique({ where: { tracking_code: c } }) : null;
  if (!row) throw notFound(missing);
  return row;
}

/**
 * Records who took the parcel, the drawn signature (PNG) and/or a photo (JPEG or PNG), and where
 * it was left. At least one of receiver_name, signature and photo is needed. A parcel not yet
 * delivered gets its "Delivered" history entry through the one history path (status, recipient
 * e-mail, webhooks, caches); on a parcel that is already delivered (e.g. by a scan) the proof is
 * added and parcel.delivered is sent once more, now with the proof. One proof per parcel.
 */
export async function recordDelivery(
  code: unknown,
  input: RecordDeliveryInput,
  files: { signature?: IncomingFile | null; photo?: IncomingFile | null },
  recordedBy: string | null,
) {
  const parcel = await parcelByCode(code, "Parcel not found");
  const receiver = blank(input.receiver_name);
  const leftAt = blank(input.left_at);
  const signature = present(files.signature);
  const photo = present(files.photo);
  if (!receiver && !signature && !photo) throw badInput("receiver_name, signature or photo is required: record at least one of them");
  if (signature && sniffImage(signature.bytes) !== "png") throw new AppError("UNSUPPORTED_MEDIA_TYPE", "signature must be a PNG image");
  if (parcel.delivered_at) throw conflict("A proof of delivery is already recorded for this parcel");
  const refusal = proofRefusal(parcel.status_code);
  if (refusal) {
    const status = isStatusCode(parcel.status_code) ? STATUS_RULES[parcel.status_code].label.toLowerCase() : parcel.status_code;
    throw conflict(`A proof of delivery cannot be recorded: the parcel is ${status} (${SCAN_ERRORS[refusal]})`);
  }

  // Cash on delivery (contract section 12): checked before anything is written (422 naming cod), collected in the
  // delivered entry's transaction. On a parcel a scan delivered, the scan collected it: the same payment is fine.
  const payment = await codPaymentOf(input.cod);
  const cod = deliveryCod((await collectionsOf([parcel.id])).get(parcel.id), payment);
  if (cod.kind === "refused") throw cod.status === 409 ? conflict(cod.messages.join("; ")) : badInput(cod.messages);
  const collect = cod.kind === "collect" ? cod.write : undefined;
  if (collect && parcel.status_code === "delivered") throw conflict("cod: the parcel was delivered without its collection");

  const saved: string[] = [];
  try {
    const signatureName = signature ? await saveImage(signature, "signature") : null;
    if (signatureName) saved.push(signatureName);
    const photoName = photo ? await saveImage(photo, "photo") : null;
    if (photoName) saved.push(photoName);
    const wasDelivered = parcel.status_code === "delivered";
    const lastDelivered = wasDelivered
      ? await db().activity.findFirst({ where: { parcel_id: parcel.id, status_code: "delivered" }, orderBy: [{ created_at: "desc" }, { id: "desc" }] })
      : null;
    const deliveredAt = lastDelivered?.created_at ?? new Date();
    const language = await entryLanguage(parcel);
    await parcelWrites(async (w) => {
      // The claim: only one proof wins when two couriers record at once.
      const claimed = await w.claimDeliveryProof(parcel, {
        delivery_receiver_name: receiver,
        delivery_signature: signatureName,
        delivery_photo: photoName,
        delivery_left_at: leftAt,
        delivered_at: deliveredAt,
        delivery_recorded_by: recordedBy,
      });
      if (!claimed) throw conflict("A proof of delivery is already recorded for this parcel");
      saved.length = 0;
      if (!wasDelivered) {
        // In the language of the entry's reader (entry.language.ts); the receiver's name stays out of the history,
        // which protected parcels show to anyone with the code.
        const entry = proofEntry(language, { receiver: !!receiver, signature: !!signatureName, photo: !!photoName });
        await addActivity(
          w,
          {
            parcel_id: parcel.id,
            ...entry,
            status_code: "delivered",
            created_at: deliveredAt.toISOString(),
          },
          collect,
        );
      }
    });
    const row = await db().parcel.findUniqueOrThrow({ where: { id: parcel.id } });
    return deliveryProofOf(row)!;
  } catch (e) {
    for (const name of saved) await removeImage(name);
    throw e;
  }
}

/**
 * The recipient's choice after a failed attempt, when the admin allows it on the parcel: a new
 * delivery day among the next RESCHEDULE_DAYS working days, or a pick-up at the depot. The code
 * alone is not enough (anyone who saw it could move the delivery): the caller proves to be the
 * recipient with the second factor (verify: the postcode or e-mail, as the protected tier asks)
 * or with the token of the reschedule link in the failed-attempt e-mail. The choice is kept on the
 * parcel (for staff and the "to reschedule" list) and written as a history entry saying who chose
 * what, how, and when.
 */
export async function rescheduleDelivery(code: unknown, input: RescheduleInput, client: string, now = new Date()) {
  const parcel = await parcelByCode(code, "Tracking code not found");
  const verify = blank(input.verify);
  const token = blank(input.token);
  if (token) {
    await limit("verify", client);
    if (!rescheduleTokenMatches(token, parcel.reschedule_token_hash)) throw errorFor("RESCHEDULE_LINK_INVALID");
  } else if (verify) {
    await checkSecondFactor(parcel, verify, client);
  } else {
    throw badInput("verify or token is required: the recipient's postcode or e-mail address, or the token of the reschedule link in the recipient's e-mail");
  }
  if (!parcel.allow_reschedule) throw forbidden("Rescheduling is not offered for this parcel");
  if (parcel.status_code !== "delivery_failed") throw conflict("The parcel is not waiting for a new delivery attempt");
  const choice = input.choice as RescheduleChoice;
  let date: string | null = null;
  if (choice === "delivery") {
    const days = nextWorkingDays(now);
    date = blank(input.date);
    if (!date) throw badInput("date is required when choice is delivery");
    if (!days.includes(date)) throw badInput(`date must be one of the next ${RESCHEDULE_DAYS} working days: ${days.join(", ")}`);
  }
  if (parcel.reschedule_choice !== choice || parcel.reschedule_date !== date) {
    const entry = rescheduleEntry(await entryLanguage(parcel), date, !!token);
    await parcelWrites(async (w) => {
      await w.saveRescheduleChoice(parcel, choice, date, now);
      await addActivity(w, { parcel_id: parcel.id, ...entry });
    });
  }
  const row = await findByCode(parcel.tracking_code);
  if (!row) throw notFound("Tracking code not found");
  return {
    tracking_code: row.tracking_code,
    choice: row.reschedule_choice!,
    date: row.reschedule_date,
    rescheduled_at: row.rescheduled_at!,
    // The second factor unlocks a protected parcel's details, as on the tracking page; the link does not.
    parcel: publicView(row, !token),
  };
}
