import { useState } from "react";

/**
 * The values ticked in a list of checkboxes, in the order they were ticked; `toggle(value, on)` ticks
 * or unticks one. A screen that must send them in the list's order filters its options by it.
 */
export function useTicked(initial: string[]) {
  const [ticked, setTicked] = useState<string[]>(initial);
  const toggle = (value: string, on: boolean) => setTicked((old) => (on ? [...old.filter((v) => v !== value), value] : old.filter((v) => v !== value)));
  return { ticked, toggle, setTicked };
}
