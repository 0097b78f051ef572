import { createContext, createElement, startTransition, useContext, useEffect, useRef, useState, type ReactNode, type RefObject } from "react";

/**
 * Whether what depends on the visitor's browser (the saved theme, the time zone, the clock) may render: false in the
 * server's render (no document) and while the client hydrates the server's HTML (Hydrated below), true otherwise.
 */
const HydratedContext = createContext(typeof document !== "undefined");

/**
 * False while the server renders a page and while the client hydrates that HTML, true from a render after (and at
 * once in a render of the client's own). What depends on the visitor's browser (the saved theme, the time zone) is
 * rendered as the server did until then, so hydration finds the same markup.
 */
export const useHydrated = (): boolean => useContext(HydratedContext);

/** Work to do, each piece in a task of its own, before the visitor's own render after a hydration (beforeLocal). */
const pending: (() => void)[] = [];
/**
 * Runs `warm` in a task of its own after the page is hydrated, before the parts that read useHydrated render the
 * visitor's way: a cost that cannot be split (ICU's locale data, for the visitor's clock: modules/parcel/format.ts)
 * is then a short task alone instead of a piece of the render. Outside a hydration it is only called when needed.
 */
export function beforeLocal(warm: () => void): void {
  pending.push(warm);
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The app's root when it hydrates a page the server rendered (`hydrating`): its parts render as the server did,
 * then, once hydrated, the visitor's way. That second render is a transition, so React renders it in slices
 * between which the browser handles input; a store React reads with useSyncExternalStore would re-render
 * every reader at once, in one task, as the hydration ends.
 */
export function Hydrated({ hydrating, children }: { hydrating: boolean; children: ReactNode }) {
  const [done, setDone] = useState(!hydrating);
  useEffect(() => {
    if (done) return;
    let stop = false;
    void (async () => {
      await nextTask();
      for (const warm of pending.splice(0)) {
        if (stop) return;
        warm();
        await nextTask();
      }
      if (!stop) startTransition(() => setDone(true));
    })();
    return () => {
      stop = true;
    };
  }, [done]);
  return createElement(HydratedContext.Provider, { value: done }, children);
}

/**
 * A page the server rendered shows its inputs before its script has run: what the visitor typed into this
 * one then is taken into the state once the page is hydrated (a render of the client's own finds nothing).
 */
export function useKeepTyped(value: string, set: (typed: string) => void): RefObject<HTMLInputElement | null> {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const typed = ref.current?.value;
    if (typed !== undefined && typed !== value) set(typed);
    // Once, when the page is hydrated.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return ref;
}
