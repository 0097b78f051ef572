import { serviceNames } from "./booking.service.js";
import type { Actor } from "../../core/actor.js";
import { config } from "../../core/config.js";
import { noteCall } from "../../core/actor.js";
import { badInput, conflict, isUniqueViolation, notFound } from "../../core/errors.js";
import { randomToken } from "../../core/tokens.js";
import { db, direct, provider } from "../../db/index.js";
import { Unsupported } from "../../db/direct.js";
import { asObject } from "../address/address.rules.js";
import { validated, withNumbers } from "../../core/validation.js";
import { PayStatementInput, StatementInput, StatementListArgs } from "./statement.type.js";
import { pageOf, type PagingArgs } from "../common/paging.js";
import { sendSystemMail } from "../mail/mail.service.js";
import { localNow } from "../rates/pricing.rules.js";
import { MAX_AMOUNT_MINOR } from "../../../shared/core/money.js";
import { oneAtATime, STATEMENTS } from "./shipper-queue.js";
import { companyName, getSettings } from "../settings/settings.service.js";
import { dayRange } from "./booking.service.js";
import { asJob, jobCaller } from "../../core/jobs.js";
import { drawInThread } from "../invoice/pdf-thread.js";
import { statementMail } from "../shipper/shipper.mail.js";

/**
 * Statements (section 10): every booking of the period that is not cancelled and on no earlier
 * statement. "Never billed twice" holds in the database: a line's booking_id is unique, and the
 * bookings are claimed (statement_id still null) in the statement's transaction.
 */

/** Rows a statement writes at once (SQLite takes at most 32 766 parameters a statement, PostgreSQL 65 535). */
const CHUNK = 500;
const chunks = <T>(rows: T[]): T[][] => Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, i) => rows.slice(i * CHUNK, (i + 1) * CHUNK));

export const pdfUrl = (id: number) => `/api/statements/${id}.pdf`;

type StatementRow = Awaited<ReturnType<ReturnType<typeof db>["statement"]["findUniqueOrThrow"]>> & {
  lines: { booking_id: number; tracking_code: string; date: string; service: string; amount: number }[];
};
const WITH = { lines: { orderBy: { id: "asc" as const } } };

export const statementView = (s: StatementRow) => ({
  id: s.id,
  number: s.number,
  shipper_id: s.shipper_id,
  from: s.from,
  to: s.to,
  lines: s.lines.map((l) => ({ booking_id: l.booking_id, tracking_code: l.tracking_code, date: l.date, service: l.service, amount: l.amount })),
  total: s.total,
  currency: s.currency,
  status: s.status,
  paid_reference: s.paid_reference,
  paid_at: s.paid_at,
  pdf_url: pdfUrl(s.id),
  created_at: s.created_at,
});

/** Tries `work` again when PostgreSQL refused its serializable transaction (P2034), up to 4 tries, 20-80 ms apart. */
async function serializableRetries<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (e) {
      if ((e as { code?: string }).code !== "P2034" || attempt >= 4) throw e;
      await new Promise((r) => setTimeout(r, 20 * attempt + Math.random() * 20));
    }
  }
}

export async function createStatement(raw: unknown) {
  const i = await validated(StatementInput, raw);
  const [shipperId, from, to] = [i.shipper_id, i.from.trim(), i.to.trim()];
  if (from > to) throw badInput("to must not be before from");
  const shipper = await db().shipper.findUnique({ where: { id: shipperId } });
  if (!shipper) throw badInput("shipper_id names no shipper");
  const tz = config().timeZone;
  try {
    // Queued: the transaction's audited writes read on a second connection (shipper-queue.ts). Serializable on
    // PostgreSQL, so a transaction that touched what it read (the report roll-ups' recount reads the bookings' marks
    // every second) fails whole with P2034 and is tried again, a few times, before the caller hears "try again".
    const s = await serializableRetries(() =>
      oneAtATime(STATEMENTS, () =>
        db().$transaction(
          async (tx) => {
            const bookings = await tx.booking.findMany({
              where: { shipper_id: shipper.id, cancelled_at: null, statement_id: null, created_at: dayRange(from!, to!) },
              orderBy: { id: "asc" },
            });
            if (!bookings.length) throw badInput(`No booking of ${shipper.name} from ${from} to ${to} is left to bill`);
            const currency = bookings[0].currency;
            if (bookings.some((b) => b.currency !== currency))
              throw conflict("The period's bookings are in several currencies: make one statement per currency");
            const total = bookings.reduce((n, b) => n + b.amount, 0);
            if (total > MAX_AMOUNT_MINOR)
              throw badInput(
                `to takes in bookings that total ${total} from ${from}, past the largest amount kept (${MAX_AMOUNT_MINOR}): make statements for shorter periods`,
              );
            const st = await tx.statement.create({
              data: { number: `tmp-${randomToken(12)}`, shipper_id: shipper.id, from: from!, to: to!, total, currency },
            });
            const number = `ST-${from!.slice(0, 7).replace("-", "")}-${String(st.id).padStart(6, "0")}`;
            // Claimed only while on no statement: a statement made at the same time takes none of these twice.
            // In chunks: a month of a busy shipper is thousands of bookings, past what one statement's parameters (and the
            // audit's read of the rows changed) may hold.
            let count = 0;
            for (const chunk of chunks(bookings)) {
              count += (
                await tx.booking.updateMany({
                  where: { id: { in: chunk.map((b) => b.id) }, statement_id: null, cancelled_at: null },
                  data: { statement_id: st.id },
                })
              ).count;
            }
            if (count !== bookings.length) throw conflict("Some of these bookings were billed or cancelled meanwhile: try again");
            for (const chunk of chunks(bookings))
              await tx.statementLine.createMany({
                data: chunk.map((b) => ({
                  statement_id: st.id,
                  booking_id: b.id,
                  tracking_code: b.tracking_code,
                  date: localNow(b.created_at, tz).date,
                  service: b.service,
                  amount: b.amount,
                })),
              });
            return tx.statement.update({ where: { id: st.id }, data: { number }, include: WITH });
          },
          provider() === "postgresql" ? { isolationLevel: "Serializable" as never } : undefined,
        ),
      ),
    );
    return statementView(s);
  } catch (e) {
    if (isUniqueViolation(e) || (e as { code?: string }).code === "P2034") throw conflict("Some of these bookings were billed meanwhile: try again");
    throw e;
  }
}

export async function markPaid(raw: unknown) {
  const i = await validated(PayStatementInput, raw);
  const [id, reference] = [i.id, i.paid_reference.trim()];
  // A statement deducted on an open COD remittance is paid by that remittance (server/modules/cod/remittance.service.ts):
  // by hand meanwhile it would be settled twice.
  const { count } = await db().statement.updateMany({
    where: { id, status: "open", remittance_id: null },
    data: { status: "paid", paid_reference: reference, paid_at: new Date() },
  });
  if (!count) {
    const s = await db().statement.findUnique({ where: { id }, select: { status: true, remittance_id: true } });
    if (!s) throw notFound("Statement not found");
    if (s.status === "open" && s.remittance_id !== null) {
      const r = await db().codRemittance.findUnique({ where: { id: s.remittance_id }, select: { number: true } });
      throw conflict(
        `This statement is deducted on the open remittance ${r?.number ?? s.remittance_id}: it is paid when that remittance is (or cancel the remittance first)`,
      );
    }
    throw conflict("This statement is paid already");
  }
  return statementView(await db().statement.findUniqueOrThrow({ where: { id }, include: WITH }));
}

export interface StatementFilter extends PagingArgs {
  shipper_id?: number;
  status?: string;
}
export async function readStatementFilter(raw: Record<string, unknown>): Promise<StatementFilter> {
  const i = await validated(StatementListArgs, withNumbers(raw, ["page", "per_page", "shipper_id"]));
  return { page: i.page, per_page: i.per_page, shipper_id: i.shipper_id, status: i.status?.trim() || undefined };
}

/** Staff: all (filters shipper_id, status); a shipper: its own. Newest first. */
export async function listStatements(caller: Actor | null, f: StatementFilter) {
  const where: Record<string, unknown> = {};
  if (caller?.kind === "shipper") where.shipper_id = caller.id;
  else if (f.shipper_id) where.shipper_id = f.shipper_id;
  if (f.status) where.status = f.status;
  const page = await pageOf(
    f,
    () => db().statement.count({ where }),
    (skip, take) => db().statement.findMany({ where, skip, take, orderBy: { id: "desc" }, include: WITH }),
  );
  return { ...page, data: page.data.map(statementView) };
}

export function linkStatements(page: Awaited<ReturnType<typeof listStatements>>, f: StatementFilter, path: string) {
  let next: string | null = null;
  if (page.current_page < page.last_page) {
    const q = new URLSearchParams({ page: String(page.current_page + 1), per_page: String(page.per_page) });
    for (const k of ["shipper_id", "status"] as const) if (f[k] !== undefined) q.set(k, String(f[k]));
    next = `${path}?${q}`;
  }
  return { ...page, next_page_url: next };
}

/** A statement the caller may see (its shipper's, or any for the staff), else 404; `lines`: with them. */
async function ownStatement(caller: Actor | null, id: number): Promise<StatementRow>;
async function ownStatement(caller: Actor | null, id: number, lines: false): Promise<Omit<StatementRow, "lines">>;
async function ownStatement(caller: Actor | null, id: number, lines = true) {
  const s =
    Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? await db().statement.findUnique({ where: { id }, include: lines ? WITH : undefined }) : null;
  if (!s || (caller?.kind === "shipper" && s.shipper_id !== caller.id)) throw notFound("Statement not found");
  return s;
}

type PdfLine = { date: string; tracking_code: string; service: string; amount: number };
/**
 * A statement's lines for its PDF: Prisma's compiled read of a few thousand lines was 36-99 ms of the event loop,
 * SQLite's driver read on it 30-120 ms under load (eight statements at once held look-ups 1-2 s); a long read on the
 * driver instead (SQLite: in the readers' thread). Prisma's with DIRECT_READS=false.
 */
async function pdfLines(statementId: number): Promise<PdfLine[]> {
  const d = direct();
  try {
    if (!config().directReads) throw new Unsupported("DIRECT_READS=false");
    const sql = `SELECT "date", "tracking_code", "service", "amount" FROM ${d.table("StatementLine")} WHERE "statement_id" = ? ORDER BY "id"`;
    return (await d.longRows(sql, [statementId])) as PdfLine[];
  } catch (e) {
    if (!(e instanceof Unsupported)) throw e;
    const select = { date: true, tracking_code: true, service: true, amount: true };
    return db().statementLine.findMany({ where: { statement_id: statementId }, orderBy: { id: "asc" }, select });
  }
}

/** The statement's PDF, drawn in a PDF thread: one PDF at a time per caller (429 for a second meanwhile). */
export function statementPdfOf(caller: Actor | null, id: number): Promise<{ pdf: Buffer; number: string }> {
  return asJob("documents", jobCaller(caller), async () => {
    const s = await ownStatement(caller, id, false);
    const lines = await pdfLines(s.id);
    const [shipper, settings, names] = await Promise.all([
      db().shipper.findUniqueOrThrow({ where: { id: s.shipper_id } }),
      getSettings(),
      serviceNames(lines.map((l) => l.service)),
    ]);
    // The PDF names each service (a deleted one keeps its code).
    const pdf = await drawInThread({
      kind: "statement",
      statement: {
        ...s,
        lines: lines.map((l) => ({ ...l, service: names.get(l.service) ?? l.service })),
        shipper: { name: shipper.name, company: shipper.company, email: shipper.email },
      },
      language: shipper.language,
      company: {
        name: settings.company_name,
        contact_email: settings.contact_email,
        contact_phone: settings.contact_phone,
        contact_address: settings.contact_address,
      },
    });
    return { pdf, number: s.number };
  });
}

/** Mails the statement's PDF to its shipper (recorded in the outbox; 500-free: a failed delivery is a 502-like error message). */
export async function mailStatement(caller: Actor | null, raw: unknown) {
  const id = Number(asObject(raw).id);
  if (!Number.isInteger(id) || id < 1) throw badInput("id must be a whole number");
  const s = await ownStatement(caller, id);
  const shipper = await db().shipper.findUniqueOrThrow({ where: { id: s.shipper_id } });
  const { pdf, number } = await statementPdfOf(caller, id);
  noteCall({ object_type: "statement", object_id: String(id), what: { to: shipper.email, number } });
  const mailed = { number, from: s.from, to: s.to, lines: s.lines.length, total: s.total, currency: s.currency, paid: s.status === "paid" };
  await sendSystemMail(await statementMail(shipper, await companyName(), mailed, pdf));
}
