import { useCallback, useEffect, useRef, useState } from "react";
import { ApolloError } from "@apollo/client/core";
import { usePostPositionsMutation } from "../../../generated/graphql";
import { addPosition, loadPositions, nextBatch, savePositions, wirePositions, withoutBatch, type QueuedPosition } from "./positionQueue";

/** Positions go to the server at most this often (a batch), and when the network comes back. */
export const SEND_EVERY_MS = 15_000;
const OFF_KEY = "courier.run.sharing-off:";

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
const isNetworkError = (e: unknown) => e instanceof ApolloError && !!e.networkError && !e.graphQLErrors?.length;

export type SharingState = "off" | "waiting" | "on" | "denied" | "unavailable";

/**
 * While the member's run is started (and they have not turned it off), the phone's position: watched with
 * navigator.geolocation, queued on the device (positionQueue.ts) and sent in batches every SEND_EVERY_MS, or
 * when the network is back. Nothing is watched outside a started run; positions the server refuses for good
 * (the run is no longer started, or not the member's) are dropped.
 */
export function usePositionSharing(member: string, runId: number | null, started: boolean) {
  const offKey = `${OFF_KEY}${member.toLowerCase()}:${runId ?? ""}`;
  const [off, setOff] = useState(() => runId != null && localStorage.getItem(offKey) === "1");
  const [state, setState] = useState<SharingState>("waiting");
  // A new try after the position was refused or not found watches it again.
  const [attempt, setAttempt] = useState(0);
  const [shownFor, setShownFor] = useState(offKey);
  if (shownFor !== offKey) {
    setShownFor(offKey);
    setOff(runId != null && localStorage.getItem(offKey) === "1");
    setState("waiting");
  }
  const [waiting, setWaiting] = useState(() => loadPositions(member).length);
  const [lastAt, setLastAt] = useState<string | null>(null);
  const queue = useRef<QueuedPosition[]>(loadPositions(member));
  const lastSent = useRef(0);
  const sending = useRef(false);
  const [post] = usePostPositionsMutation();

  const store = useCallback(
    (list: QueuedPosition[]) => {
      queue.current = list;
      savePositions(member, list);
      setWaiting(list.length);
    },
    [member],
  );

  const flush = useCallback(async () => {
    if (sending.current || !navigator.onLine) return;
    sending.current = true;
    try {
      for (;;) {
        const batch = nextBatch(queue.current);
        if (!batch) break;
        try {
          await post({ variables: { runId: batch.runId, positions: wirePositions(batch.positions) } });
        } catch (e) {
          if (isNetworkError(e)) break;
          // Refused for good (the run finished, was given to another courier, or a position out of range): not sent again.
        }
        lastSent.current = Date.now();
        store(withoutBatch(queue.current, batch.positions));
      }
    } finally {
      sending.current = false;
    }
  }, [post, store]);

  const sharing = started && !off && runId != null;
  const canLocate = typeof navigator !== "undefined" && "geolocation" in navigator;
  useEffect(() => {
    if (!sharing || !canLocate) return;
    const watch = navigator.geolocation.watchPosition(
      (p) => {
        const position: QueuedPosition = {
          run_id: runId,
          latitude: round6(p.coords.latitude),
          longitude: round6(p.coords.longitude),
          at: new Date(p.timestamp || Date.now()).toISOString(),
          ...(Number.isFinite(p.coords.accuracy) ? { accuracy: Math.round(p.coords.accuracy) } : {}),
        };
        const list = queue.current;
        store(addPosition(list, position, list.length ? list[list.length - 1] : null));
        setState("on");
        setLastAt(position.at);
        // The first position of a while goes at once; later ones wait for the next batch.
        if (Date.now() - lastSent.current >= SEND_EVERY_MS) void flush();
      },
      (e) => setState(e.code === e.PERMISSION_DENIED ? "denied" : "unavailable"),
      { enableHighAccuracy: true, maximumAge: 10_000, timeout: 60_000 },
    );
    return () => navigator.geolocation.clearWatch(watch);
  }, [sharing, canLocate, runId, store, flush, attempt]);

  // Waiting positions go every SEND_EVERY_MS and as soon as the network is back, also after sharing stopped.
  useEffect(() => {
    const up = () => void flush();
    window.addEventListener("online", up);
    const timer = window.setInterval(() => void flush(), SEND_EVERY_MS);
    void flush();
    return () => {
      window.removeEventListener("online", up);
      window.clearInterval(timer);
    };
  }, [flush]);

  const setSharing = (on: boolean) => {
    if (on) localStorage.removeItem(offKey);
    else localStorage.setItem(offKey, "1");
    setOff(!on);
    setState("waiting");
  };

  const retry = () => {
    setState("waiting");
    setAttempt((n) => n + 1);
  };

  const shown: SharingState = !sharing ? "off" : canLocate ? state : "unavailable";
  return { sharing, state: shown, waiting, lastAt, setSharing, retry };
}
