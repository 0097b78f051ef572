import type { Readable } from "node:stream";
import { currentCall, type Actor } from "./actor.js";
import { AppError, unauthenticated } from "./errors.js";
import { RateLimited } from "./ratelimit.js";

interface JobRule {
  perCaller: number;
  what: string;
  retryAfter?: number;
}

/**
 * Heavy work a member (or an API key, or a shipper) may run: how many of each kind at once per caller.
 * The one declaration of these limits; a second job past it is refused with 429 and a message that
 * says what is running (Retry-After: `retryAfter` seconds where the kind's work is short, else the
 * doors' 60). Counted per process (a caller's jobs go to the process their request reached).
 */
export const JOB_LIMITS = {
  export: { perCaller: 1, what: "an export" },
  import: { perCaller: 1, what: "an import" },
  labels: { perCaller: 1, what: "a batch of labels" },
  scans: { perCaller: 1, what: "a batch of scans" },
  // Statement, invoice and run sheet PDFs (invoice/pdf-thread.ts): one of the PDF threads at most per caller.
  documents: { perCaller: 1, what: "a PDF (statement, invoice or run sheet)", retryAfter: 5 },
  // The owner's reports (reports/reports.service.ts): the dashboard asks for two at once.
  reports: { perCaller: 2, what: "two reports", retryAfter: 5 },
} satisfies Record<string, JobRule>;

export type JobKind = keyof typeof JOB_LIMITS;

const running = new Map<string, number>();

/** Who runs a job: "member:12" or "key:3" (anything that names one caller). */
export type JobCaller = string;

/** The caller of an authorized request as a job's owner (heavy work is never anonymous). */
export function jobCaller(actor: Actor | null | undefined): JobCaller {
  if (!actor) throw unauthenticated();
  return `${actor.kind}:${actor.id}`;
}

/**
 * Takes a slot for one job of this kind for this caller, or throws 429 when the caller runs as many
 * already. Returns the release function (idempotent: call it when the work ends, however it ends).
 */
export function startJob(kind: JobKind, caller: JobCaller): () => void {
  const key = `${kind}:${caller}`;
  const n = running.get(key) ?? 0;
  const rule: JobRule = JOB_LIMITS[kind];
  if (n >= rule.perCaller) {
    const message = `You are already running ${rule.what}; wait for it to finish, then try again`;
    throw rule.retryAfter ? new RateLimited(rule.retryAfter, {}, message) : new AppError("TOO_MANY_REQUESTS", message, null);
  }
  running.set(key, n + 1);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    const left = (running.get(key) ?? 1) - 1;
    if (left <= 0) running.delete(key);
    else running.set(key, left);
  };
}

/** Runs fn as one job of this kind for this caller (startJob, released when fn settles). */
export async function asJob<T>(kind: JobKind, caller: JobCaller, fn: () => Promise<T>): Promise<T> {
  const release = startJob(kind, caller);
  try {
    return await fn();
  } finally {
    release();
  }
}

/** asJob for the caller the door runs this call as (core/actor.ts runAs): for services that both doors call. */
export function callerJob<T>(kind: JobKind, fn: () => Promise<T>): Promise<T> {
  return asJob(kind, jobCaller(currentCall()?.actor), fn);
}

/**
 * Runs a job whose answer is a stream (an export): the slot is taken before `make` runs and given
 * back when the stream closes, whether it ended, failed or was destroyed because the client went away.
 */
export function streamJob<T extends { stream: Readable }>(kind: JobKind, caller: JobCaller, make: () => T): T {
  const release = startJob(kind, caller);
  try {
    const out = make();
    if (out.stream.closed || out.stream.destroyed) release();
    else out.stream.once("close", release);
    return out;
  } catch (e) {
    release();
    throw e;
  }
}

/** Lets the event loop answer other requests between batches of heavy work. */
export const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** How long a connection may stay silent before the server closes it (Fastify's connectionTimeout, server/app.ts). */
export const CONNECTION_IDLE_MS = 60_000;

/**
 * Runs work whose answer may take longer than CONNECTION_IDLE_MS to make (an import of many rows on a
 * busy database): the request is in, the client waits, and nothing goes over the socket meanwhile, so
 * its idle timeout is off until the work ends (the job limits bound how many such requests a caller has).
 */
export async function withoutIdleTimeout<T>(socket: { setTimeout(ms: number): unknown }, fn: () => Promise<T>): Promise<T> {
  socket.setTimeout(0);
  try {
    return await fn();
  } finally {
    socket.setTimeout(CONNECTION_IDLE_MS);
  }
}
