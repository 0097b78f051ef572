import { config } from "../../core/config.js";
import { badInput } from "../../core/errors.js";

import { validated } from "../../core/validation.js";
import { db } from "../../db/index.js";

import { localNow } from "../rates/pricing.rules.js";

import { addDays, periodProblem } from "./reports.rules.js";
import { ReportQuery } from "./reports.type.js";

// The report calls' period and filters, validated (contract section 14).

export interface ReportArgs {
  from: string;
  to: string;
  shipper_id?: number;
  courier_id?: number;
  service?: string;
}

/** The validated period and filters: from and to default to the 30 days ending today; ids must name a shipper, a member, a service. */
export async function readReportArgs(raw: Record<string, unknown>, now = new Date()): Promise<ReportArgs> {
  const q = await validated(ReportQuery, raw);
  const today = localNow(now, config().timeZone).date;
  const to = q.to?.trim() || (q.from?.trim() ? addDays(q.from.trim(), 29) : today);
  const from = q.from?.trim() || addDays(to, -29);
  const wrong = periodProblem(from, to);
  const messages = wrong ? [wrong] : [];
  const [shipper, courier, service] = await Promise.all([
    q.shipper_id ? db().shipper.findUnique({ where: { id: q.shipper_id }, select: { id: true } }) : null,
    q.courier_id ? db().admin.findUnique({ where: { id: q.courier_id }, select: { id: true } }) : null,
    q.service ? db().service.findUnique({ where: { code: q.service }, select: { id: true } }) : null,
  ]);
  if (q.shipper_id && !shipper) messages.push("shipper_id names no shipper");
  if (q.courier_id && !courier) messages.push("courier_id names no member of the staff");
  if (q.service && !service) messages.push("service names no service");
  if (messages.length) throw badInput(messages);
  return { from, to, shipper_id: q.shipper_id, courier_id: q.courier_id, service: q.service || undefined };
}
