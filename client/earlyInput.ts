/**
 * A page the server rendered is on the screen before the app has taken it over: its scripts are asked for
 * after the first paint (boot.ts), then the page is hydrated (start.tsx). A click on one of its buttons, or a
 * form sent, in that time would do nothing (the buttons' handlers are not attached yet) or, for a form, send
 * the page's own address with the fields in it. These are held here and done again once the page is
 * hydrated (`releaseEarlyInput`, from the layout's first effect). Links are left alone: the browser follows
 * them to the next page, which the server renders too. What was typed meanwhile is taken by the inputs
 * themselves (components/hydrated.ts useKeepTyped).
 */
const held: (() => void)[] = [];
let holding = false;

/** The element a held click is done again on: a button (of any type) or an element acting as one. */
const BUTTON = 'button, input[type="submit"], input[type="button"], [role="button"], summary';

function onClick(e: Event): void {
  const target = e.target instanceof Element ? e.target.closest(BUTTON) : null;
  if (!(target instanceof HTMLElement) || target.closest("a[href]")) return;
  e.preventDefault();
  e.stopImmediatePropagation();
  // A second click on the same button before the app is there is one click, not a toggle back.
  if (!heldClicks.has(target)) {
    heldClicks.add(target);
    held.push(() => target.isConnected && target.click());
  }
}
const heldClicks = new Set<HTMLElement>();

/** A form sent without a button (Enter in a form that has none): sent again through the app. */
function onSubmit(e: Event): void {
  const form = e.target;
  if (!(form instanceof HTMLFormElement)) return;
  e.preventDefault();
  e.stopImmediatePropagation();
  held.push(() => form.isConnected && form.requestSubmit());
}

/** Starts holding clicks on buttons and sent forms (a page the server rendered, before its scripts run). */
export function holdEarlyInput(): void {
  if (holding) return;
  holding = true;
  document.addEventListener("click", onClick, true);
  document.addEventListener("submit", onSubmit, true);
}

/**
 * Stops holding and does again, in order, what was held. `replay: false` (the app could not be loaded)
 * only stops: the page's links and forms then work as plain HTML.
 */
export function releaseEarlyInput(replay = true): void {
  if (!holding) return;
  holding = false;
  document.removeEventListener("click", onClick, true);
  document.removeEventListener("submit", onSubmit, true);
  const todo = held.splice(0);
  heldClicks.clear();
  if (replay) for (const act of todo) act();
}
