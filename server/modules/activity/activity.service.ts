import { badInput, notFound } from "../../core/errors.js";
import { db } from "../../db/index.js";
import { notifyRecipient } from "../notification/notification.service.js";
import { applyHistoryStatus, forgetParcel, statusEvents } from "../parcel/parcel.service.js";
import { isStatusCode, STATUS_RULES } from "../parcel/status.rules.js";
import { emitEvent } from "../webhook/webhook.service.js";
import { DEFAULT_ACTIVITY_COLOR, DEFAULT_ACTIVITY_ICON, withDerivedTime } from "./activity.rules.js";
import type { CreateActivityInput, UpdateActivityInput } from "./activity.input.js";

export async function getActivity(id: number) {
  const a = await db().activity.findUnique({ where: { id } });
  if (!a) throw notFound("Activity not found");
  return withDerivedTime(a);
}

const blank = (v: string | null | undefined) => (typeof v === "string" && v.trim() ? v.trim() : null);

export async function createActivity(input: CreateActivityInput) {
  if (!(await db().parcel.findUnique({ where: { id: input.parcel_id }, select: { id: true } }))) throw notFound("Parcel not found");
  const status = isStatusCode(input.status_code) ? STATUS_RULES[input.status_code] : undefined;
  const a = await db().activity.create({
    data: {
      parcel_id: input.parcel_id,
      title: input.title.trim(),
      description: input.description.trim(),
      // A status picks the entry's icon and colour unless the admin chose them.
      icon: input.icon || status?.icon || DEFAULT_ACTIVITY_ICON,
      color: input.color || status?.color || DEFAULT_ACTIVITY_COLOR,
      status_code: blank(input.status_code),
      status_reason: blank(input.status_reason),
      ...(input.created_at ? { created_at: new Date(input.created_at) } : {}),
    },
  });
  const activity = withDerivedTime(a);
  await afterHistoryChange(activity, true);
  return activity;
}

export async function updateActivity(input: UpdateActivityInput) {
  const existing = await db().activity.findUnique({ where: { id: input.id } });
  if (!existing) throw notFound("Activity not found");
  if (input.parcel_id !== undefined && input.parcel_id !== existing.parcel_id) {
    throw badInput("parcel_id must be the parcel this activity belongs to");
  }
  const data: Record<string, unknown> = {};
  for (const k of ["title", "description", "icon", "color"] as const) {
    const v = input[k];
    if (typeof v === "string" && v !== "") data[k] = v.trim();
  }
  // Present but blank clears the status of this entry; absent leaves it.
  if (input.status_code !== undefined) data.status_code = blank(input.status_code);
  if (input.status_reason !== undefined) data.status_reason = blank(input.status_reason);
  if (input.created_at) data.created_at = new Date(input.created_at);
  const a = await db().activity.update({ where: { id: input.id }, data });
  const activity = withDerivedTime(a);
  await afterHistoryChange(activity, false);
  return activity;
}

export async function deleteActivity(id: number) {
  const a = await db().activity.findUnique({ where: { id } });
  if (!a) throw notFound("Activity not found");
  await db().activity.delete({ where: { id } });
  await touchParcel(a.parcel_id);
}

type Entry = Awaited<ReturnType<typeof getActivity>>;

/**
 * A history change is a change of the parcel (its version and cached view), may move its
 * normalised status, and tells third parties and the recipient.
 */
async function afterHistoryChange(activity: Entry, added: boolean) {
  await touchParcel(activity.parcel_id);
  const { parcel, changed } = await applyHistoryStatus(activity.parcel_id, activity);
  if (added) emitEvent("history.added", { parcel, activity });
  if (changed) {
    statusEvents(parcel, activity);
    notifyRecipient(parcel.id, activity);
  }
}

/** A history change is a change of the parcel: its version and updated_at move, its cached view goes. */
async function touchParcel(parcelId: number) {
  const p = await db().parcel.update({ where: { id: parcelId }, data: { updated_at: new Date(), version: { increment: 1 } }, select: { tracking_code: true } });
  await forgetParcel(p.tracking_code);
}
