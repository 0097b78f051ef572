import { useCallback, useEffect, useRef, useState } from "react";
import { ApolloError } from "@apollo/client/core";
import { useApolloClient } from "@apollo/client/react";
import { AdminMeDocument, useAdminDeleteActivityMutation, useAdminScanParcelsMutation, type AdminMeQuery } from "../../../generated/graphql";
import { useStore } from "../../../state/store";
import { signal } from "./feedback";
import type { CodPayment } from "@shared/modules/cod/cod.rules";
import { codeFromScan, loadRun, newScanId, nextQueued, saveRun, scanInput, undoable, type ScanLine, type ScanRun, type ScanSetup } from "./scanRun";

const RETRY_MS = 8000;

const isNetworkError = (e: unknown) => e instanceof ApolloError && !!e.networkError && !e.graphQLErrors?.length;
const isSignedOut = (e: unknown) => e instanceof ApolloError && e.graphQLErrors.some((g) => g.extensions?.code === "UNAUTHENTICATED");
const isWaiting = (l: ScanLine) => l.state === "queued" || l.state === "sending";

/** The member's run, kept in localStorage on every change. */
function useRun(member: string) {
  const [run, setRunState] = useState<ScanRun>(() => loadRun(member));
  const ref = useRef(run);
  const setRun = useCallback(
    (f: (r: ScanRun) => ScanRun) => {
      ref.current = f(ref.current);
      saveRun(member, ref.current);
      setRunState(ref.current);
    },
    [member],
  );
  const patchLine = useCallback(
    (scanId: string, patch: Partial<ScanLine>) => setRun((r) => ({ ...r, lines: r.lines.map((l) => (l.scan_id === scanId ? { ...l, ...patch } : l)) })),
    [setRun],
  );
  return { run, ref, setRun, patchLine };
}

/**
 * The scan screen's queue for one member (scanRun.ts keeps it on the device): each scan is added to the run
 * and sent, oldest first, while the network and the member's session allow; a scan that cannot go yet waits
 * and is sent again when the network comes back, and every RETRY_MS.
 */
export function useScanQueue(member: string) {
  const { run, ref, setRun, patchLine } = useRun(member);
  const client = useApolloClient();
  const { dispatch } = useStore();
  const [online, setOnline] = useState(() => navigator.onLine);
  const [signedOut, setSignedOut] = useState(false);
  const sending = useRef(false);
  const [scan] = useAdminScanParcelsMutation();
  const [deleteActivity] = useAdminDeleteActivityMutation();

  /**
   * Sends waiting scans, oldest first, one at a time, until none is left or the network fails; only
   * while the session is still the member's who made them (the cookie may be another's by now).
   */
  const flush = useCallback(async () => {
    if (sending.current || !nextQueued(ref.current.lines)) return;
    sending.current = true;
    try {
      try {
        const { data } = await client.query<AdminMeQuery>({ query: AdminMeDocument, fetchPolicy: "no-cache" });
        if (data.me?.email.toLowerCase() !== member.toLowerCase()) {
          // Another member, or nobody: the session changes and this screen (and its queue) goes.
          dispatch({ type: "session/me", me: data.me ?? null });
          return;
        }
      } catch {
        setOnline(false);
        return;
      }
      for (;;) {
        const line = nextQueued(ref.current.lines);
        if (!line) break;
        patchLine(line.scan_id, { state: "sending" });
        try {
          const { data } = await scan({ variables: { input: scanInput(line) } });
          const r = data?.scanParcels[0];
          if (!r) throw new Error("no answer");
          if (r.activity) {
            patchLine(line.scan_id, {
              state: "ok",
              recipient: r.recipient_name,
              activity_id: r.activity.id,
              status_code: r.activity.status_code,
              error: null,
              error_code: null,
            });
            signal("ok");
          } else {
            patchLine(line.scan_id, { state: "error", recipient: r.recipient_name, error: r.error?.message ?? null, error_code: r.error?.code ?? null });
            signal("error");
          }
          setOnline(true);
          setSignedOut(false);
        } catch (e) {
          if (isNetworkError(e) || isSignedOut(e)) {
            // Kept in the queue: it goes again when the network (or the session) is back.
            patchLine(line.scan_id, { state: "queued" });
            if (isSignedOut(e)) setSignedOut(true);
            else setOnline(false);
            break;
          }
          const message = e instanceof ApolloError ? (e.graphQLErrors[0]?.message ?? e.message) : null;
          patchLine(line.scan_id, { state: "error", error: message, error_code: null });
          signal("error");
        }
      }
    } finally {
      sending.current = false;
    }
  }, [ref, patchLine, scan, client, dispatch, member]);

  useEffect(() => {
    const up = () => {
      setOnline(true);
      void flush();
    };
    const down = () => setOnline(false);
    window.addEventListener("online", up);
    window.addEventListener("offline", down);
    const timer = window.setInterval(() => {
      if (navigator.onLine && nextQueued(ref.current.lines)) void flush();
    }, RETRY_MS);
    void flush();
    return () => {
      window.removeEventListener("online", up);
      window.removeEventListener("offline", down);
      window.clearInterval(timer);
    };
  }, [flush, ref]);

  /**
   * Queues what a scanner or the keyboard gave (a code or a label's link) with the run's event, or the event
   * given (the courier's run screen: a stop delivered or failed), and sends it.
   */
  const add = (raw: string, setup: ScanSetup | null = ref.current.setup, cod: CodPayment | null = null) => {
    const value = codeFromScan(raw);
    if (!setup || !value) return;
    const line: ScanLine = { scan_id: newScanId(), code: value, scanned_at: new Date().toISOString(), setup, state: "queued", ...(cod ? { cod } : {}) };
    setRun((r) => ({ ...r, lines: [line, ...r.lines] }));
    if (!navigator.onLine) {
      setOnline(false);
      signal("queued");
    } else void flush();
  };

  /**
   * A delivered scan refused for its cash on delivery (COD_REFUSED) sent again with the payment taken: the same line and
   * scan_id (nothing was written for the refused one), so it is still one scan, and one collection however often it goes.
   */
  const pay = (scanId: string, cod: CodPayment | null) => {
    setRun((r) => ({ ...r, lines: r.lines.map((l) => (l.scan_id === scanId ? { ...l, cod, state: "queued", error: null, error_code: null } : l)) }));
    if (!navigator.onLine) setOnline(false);
    else void flush();
  };

  /** Takes back the newest scan undo may (scanRun's undoable): null when there is none, else why it could not (the screen words it). */
  const undo = async (): Promise<{ failure: "offline" | "failed" | null } | null> => {
    const line = undoable(ref.current.lines);
    if (!line) return null;
    if (line.state === "queued") {
      // Never sent: it simply leaves the queue.
      setRun((r) => ({ ...r, lines: r.lines.filter((l) => l.scan_id !== line.scan_id) }));
    } else if (line.activity_id) {
      try {
        await deleteActivity({ variables: { id: line.activity_id } });
        patchLine(line.scan_id, { state: "undone" });
      } catch (e) {
        if (e instanceof ApolloError && e.graphQLErrors.some((g) => g.extensions?.code === "NOT_FOUND")) patchLine(line.scan_id, { state: "undone" });
        else return { failure: isNetworkError(e) ? "offline" : "failed" };
      }
    }
    return { failure: null };
  };

  const setSetup = (setup: ScanSetup) => setRun((r) => ({ ...r, setup }));
  const clearFinished = () => setRun((r) => ({ ...r, lines: r.lines.filter(isWaiting) }));

  return {
    run,
    online,
    signedOut,
    waiting: run.lines.filter(isWaiting).length,
    okCount: run.lines.filter((l) => l.state === "ok").length,
    failed: run.lines.filter((l) => l.state === "error").length,
    /** The scan undo would take back, if any. */
    next: undoable(run.lines),
    add,
    pay,
    undo,
    setSetup,
    clearFinished,
  };
}
