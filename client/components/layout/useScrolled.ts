import { useEffect, useState } from "react";

/** Whether the page has scrolled more than `offset` pixels down. */
export function useScrolled(offset = 24): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > offset);
    // The first reading waits for the next frame: read now, scrollY would force a layout of the page just rendered.
    const frame = requestAnimationFrame(onScroll);
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", onScroll);
    };
  }, [offset]);
  return scrolled;
}
