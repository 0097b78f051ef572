import { useEffect, useRef, useSyncExternalStore, type RefObject } from "react";

const never = () => () => undefined;

/**
 * False while the server renders a page and while the client hydrates that HTML, true from the render
 * after (and at once in a render of the client's own). What depends on the visitor's browser (the saved
 * theme, the time zone) is rendered as the server did until then, so hydration finds the same markup.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );

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
