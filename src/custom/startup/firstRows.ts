/**
 * When the first page is done (its code and its rows are in), so that what is not needed for it
 * (the menu's code) loads after it, never in its way. The lists say when their first rows are
 * drawn (ListPage); start-up waits for it (routeCode.ts).
 */

/** Past the first page's own code and data on a slow machine (the bench saw 2.5 s to its rows). */
const AFTER_LOAD_MS = 5000;

let firstRowsDrawn: () => void = () => undefined;
const firstRows = new Promise<void>((resolve) => {
  firstRowsDrawn = resolve;
});

/**
 * A list's first rows are on screen (ListPage says so): the first page has its code and its data,
 * so the menu's code may load now rather than seconds later (a click soon after waited for it).
 */
export function markFirstRowsDrawn(): void {
  firstRowsDrawn();
}

/**
 * Once the first page is done: at once when a list's first rows are drawn (its code and data are
 * in; the bench's menu click came ~0.1 s after them, before the browser ever went idle), or, for a
 * page that is not a list (or an empty one), when the browser is idle a while after the page has
 * loaded. Never in the way of the first page's own code and data (an idle moment while its data is
 * out would otherwise start the menu's code beside it; no deadline: on a busy machine it waits).
 */
export function whenIdle(task: () => void, firstPageDone: Promise<void> = firstRows): void {
  if (typeof window === "undefined") return;
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    task();
  };
  // After the frame that shows the rows: the lists say so from an effect, which may run before the
  // browser has painted them, and the menu's code evaluated then would hold the rows back.
  void firstPageDone.then(() => requestAnimationFrame(() => setTimeout(once, 0)));
  const idle = () => ("requestIdleCallback" in window ? window.requestIdleCallback(once) : once());
  const afterLoad = () => setTimeout(idle, AFTER_LOAD_MS);
  if (document.readyState === "complete") afterLoad();
  else window.addEventListener("load", afterLoad, { once: true });
}
