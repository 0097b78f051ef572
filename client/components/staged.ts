import { startTransition, useEffect, useState } from "react";

/**
 * How many parts of a long screen to render: `first` at once, then one more per frame (each in a
 * transition, after the browser has painted the previous one). The parts below the fold then cost
 * several short tasks instead of one long render, layout and paint, and the first paint comes sooner.
 */
export function useStaged(total: number, first: number): number {
  const [count, setCount] = useState(first);
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
