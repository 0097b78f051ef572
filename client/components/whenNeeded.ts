/**
 * Calls `start` once, when the element comes within a screen of the viewport (or, with `whenIdle`, when
 * the browser is idle after the page has loaded, if that is sooner): a map below the fold costs the first
 * paint and the first interactions nothing, and a visitor who never scrolls to it never loads the map's library.
 * Returns the clean-up. Used by the tracking screen (the map's own chunk) and by the map (its library).
 */
export function whenNeeded(el: Element, whenIdle: boolean, start: () => void): () => void {
  let done = false;
  let idle: number | undefined;
  const go = () => {
    if (done) return;
    done = true;
    cleanup();
    start();
  };
  const io =
    typeof IntersectionObserver === "undefined"
      ? null
      : new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && go(), { rootMargin: "100% 0px" });
  io?.observe(el);
  // Without IntersectionObserver (very old browsers) the map loads once the page has.
  const idleToo = whenIdle || !io;
  const ric = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 1));
  const cic = window.cancelIdleCallback ?? window.clearTimeout;
  const onLoad = () => {
    idle = ric(go, { timeout: 3000 });
  };
  if (idleToo && document.readyState === "complete") onLoad();
  else if (idleToo) window.addEventListener("load", onLoad, { once: true });
  function cleanup() {
    io?.disconnect();
    window.removeEventListener("load", onLoad);
    if (idle !== undefined) cic(idle);
  }
  return () => {
    done = true;
    cleanup();
  };
}
