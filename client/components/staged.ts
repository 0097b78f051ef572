import { startTransition, useEffect, useState } from "react";

let allStages = false;
/**
 * The server's last pass over a page (client/entry-server.tsx) renders every part, only to record the dates and
 * numbers they format: the page carries them (client/formatted.ts), and the parts the browser adds after its first
 * paint then format nothing with Intl. React renders to a string synchronously: no other render sees the flag.
 */
export function renderAllStages<T>(pass: () => T): T {
  allStages = true;
  try {
    return pass();
  } finally {
    allStages = false;
  }
}

/**
 * How many parts of a long screen to render: `first` at once, then one more per frame (each in a
 * transition, after the browser has painted the previous one). The parts below the fold then cost
 * several short tasks instead of one long render, layout and paint, and the first paint comes sooner.
 */
export function useStaged(total: number, first: number): number {
  const [count, setCount] = useState(allStages ? total : first);
  useEffect(() => {
    if (count >= total) return;
    let timer: number | undefined;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => startTransition(() => setCount((c) => Math.min(total, c + 1))));
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, [count, total]);
  return count;
}
