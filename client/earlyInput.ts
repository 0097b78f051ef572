/**
 * A page the server rendered is on the screen before the app has taken it over: its scripts are asked for
 * after the first paint (boot.ts), then the page is hydrated (start.tsx). A click on one of its buttons, or a
 * form sent, in that time would do nothing (the buttons' handlers are not attached yet) or, for a form, send
 * the page's own address with the fields in it. These are held here and done again once the page is
 * hydrated (`releaseEarlyInput`, from the layout's first effect). Links are left alone: the browser follows
 * them to the next page, which the server renders too. What was typed meanwhile is told to the app first
 * (tellTyped), so a held form is sent with it.
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
 * What was typed into the page's fields before the app took it over, told to the app: a field whose value
 * is no longer the one the server rendered gets an input event (a select, a change event) that React reads
 * as the visitor's typing. React keeps the value it last knew on the element and reports only a difference
 * from it; after hydration it knows the typed text already, so it is first told the server's value, and the
 * typed text is put back past it (through the prototype's setter) before the event.
 */
function tellTyped(): void {
  // All of it read first: React's render after the first event sets the other fields back to its state.
  const typed: { el: HTMLInputElement | HTMLTextAreaElement; value: string }[] = [];
  const picked: { el: HTMLSelectElement; value: string }[] = [];
  for (const el of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>("input, textarea, select")) {
    if (el instanceof HTMLSelectElement) {
      if ([...el.options].some((o) => o.selected !== o.defaultSelected)) picked.push({ el, value: el.value });
    } else if (el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio")) {
      // noteTicked() read them before React's renders could set them back.
    } else if (!(el instanceof HTMLInputElement && ["file", "hidden"].includes(el.type)) && el.value !== el.defaultValue) {
      typed.push({ el, value: el.value });
    }
  }
  for (const { el, value } of typed) {
    el.value = el.defaultValue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el) as object, "value")?.set?.call(el, value);
    el.dispatchEvent(new Event("input", { bubbles: true }));
  }
  for (const { el, value } of picked) {
    el.value = value;
    el.dispatchEvent(new Event("change", { bubbles: true }));
  }
  // React learns a box's or radio's change from a click: the element is first set (through React's own
  // tracker) to the opposite of the visitor's choice, then clicked to it.
  for (const { el, checked } of ticked.splice(0)) {
    if (!el.isConnected) continue;
    el.checked = !checked;
    el.click();
  }
}

const ticked: { el: HTMLInputElement; checked: boolean }[] = [];
/**
 * Boxes ticked and radios picked on the page before the app takes it over, read just before hydration: React's
 * first renders set a box it controls back to its state (text fields keep what was typed until then).
 */
export function noteTicked(): void {
  if (!holding) return;
  for (const el of document.querySelectorAll<HTMLInputElement>('input[type="checkbox"], input[type="radio"]')) {
    if (el.checked !== el.defaultChecked && (el.type === "checkbox" || el.checked)) ticked.push({ el, checked: el.checked });
  }
}

/**
 * Stops holding, tells the app what was typed meanwhile and does again, in order, what was held.
 * `replay: false` (the app could not be loaded) only stops: the page's links and forms then work as plain HTML.
 */
export function releaseEarlyInput(replay = true): void {
  if (!holding) return appReady();
  holding = false;
  document.removeEventListener("click", onClick, true);
  document.removeEventListener("submit", onSubmit, true);
  const todo = held.splice(0);
  heldClicks.clear();
  if (!replay) return appReady();
  // Each in a task of its own, outside the effect that calls this (React would put the fields back to its state
  // before it took the typed text): the typed text first, then, once React has rendered it into the state,
  // the held clicks and forms.
  setTimeout(() => {
    tellTyped();
    setTimeout(() => {
      todo.forEach((act) => act());
      appReady();
    }, 0);
  }, 0);
}

/**
 * `<html data-ready>`: the app has taken the page over and done what was held. From then on a click or a
 * typed value goes straight to React. The browser tests wait for it after loading a page (tests/helpers/browser.ts).
 */
export function appReady(): void {
  document.documentElement.setAttribute("data-ready", "");
}
