import { useSyncExternalStore } from "react";

const never = () => () => undefined;

/**
 * False while the server renders a page and while the client hydrates that HTML, true from the render
 * after (and at once in a render of the client's own). What depends on the visitor's browser (the saved
 * theme, the time zone) is rendered as the server did until then, so hydration finds the same markup.
 */
export const useHydrated = (): boolean => useSyncExternalStore(never, () => true, () => false);
