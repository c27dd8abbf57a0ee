/**
 * A list's first rows on screen before the console has drawn its page (issue 23). On a cold visit,
 * once start-up has the session, and on a menu click, the page's first list is asked for
 * (pagePrefetch.ts) and its answer drawn at once in the frame the page was last drawn in, laid out
 * as now (frame.ts, paint.ts); the list then draws itself in the same place and the early rows go.
 * A page never drawn before, laid out otherwise or drawn for another person draws nothing early:
 * it loads as it always did.
 */
import type { AskedAhead } from "../../../dataProvider/pagePrefetch";
import { browserDeps, frameFor, type EarlyRowsDeps } from "./store";

export { frameFor };

/** How long the console's first render waits for the early rows: a list's answer takes ~20 ms. */
export const EARLY_ROWS_WAIT_MS = 300;
/** Early rows never stay longer than this: past it the page is slow to draw, not to be hidden. */
const LONGEST_SHOWN_MS = 4000;

/** The page early rows are wanted for (the last one asked), until its list draws or the page changes. */
let wanted: { path: string } | null = null;
let shown: { element: HTMLElement; path: string } | null = null;

/**
 * The drawing code, a file of its own (build/chunkPlan.ts): /login and a page never drawn before
 * do not load it; a remembered page loads it while its first list is being answered.
 */
let painter: Promise<typeof import("./paint") | undefined> | undefined;
const loadPainter = () => (painter ??= import("./paint").catch(() => (painter = undefined)));

/**
 * Draws the first rows of `path` from its first calls' answer, over the page, when a frame of it
 * is remembered; resolves once they are on screen, or at once when nothing is drawn early. `from`:
 * the address a menu click on `path` was made on, which opens `path` once they are drawn.
 */
export async function showEarlyRows(
  path: string,
  calls: Promise<AskedAhead[]>,
  deps: EarlyRowsDeps = browserDeps(),
  from?: string,
): Promise<void> {
  const frame = frameFor(path, deps);
  const asked = { path };
  wanted = frame ? asked : null;
  if (!frame) return;
  const painting = loadPainter();
  const call = (await calls).find((candidate) => candidate.resource === frame.resource);
  const [records, paint] = await Promise.all([
    call?.answer.then(
      (result) => result.data,
      () => undefined,
    ),
    painting,
  ]);
  // Drawn only if the page is still the one asked for (or the click's page, not yet left), its
  // list not drawn yet, and its address has no query of its own (a shared filter may list other
  // rows than the call asked ahead).
  const current = window.location;
  const at = current.pathname === path && !current.search;
  if (!paint || !records?.length || wanted !== asked || !(at || current.pathname === from)) return;
  shown?.element.remove();
  shown = { element: paint.drawEarlyRows(document, frame, records), path };
  document.body.append(shown.element);
  setTimeout(() => wanted === asked && endEarlyRows(), LONGEST_SHOWN_MS);
  // Once the browser has drawn them, before the console's first render holds the page.
  await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * How long a menu click waits for its page's early rows before opening it: the answer takes
 * 30–90 ms; past this the page opens and they are drawn if they still come before its list.
 */
export const CLICK_WAIT_MS = 150;

/**
 * A menu click on `path` (issue 23): when a frame of it is remembered, its early rows are drawn
 * first and `open` opens the page once they are on screen (at most CLICK_WAIT_MS later), unless
 * the person has gone elsewhere meanwhile. Opened at once, the page's render held the main thread
 * and the answer's rows waited for it (a click on a settled page drew its early rows in 60–200 ms,
 * or not at all). Gives false, opening nothing, when no frame is remembered: the link opens it.
 */
export function openAfterEarlyRows(
  path: string,
  calls: Promise<AskedAhead[]>,
  open: () => void,
  deps: EarlyRowsDeps = browserDeps(),
): boolean {
  if (!frameFor(path, deps)) return false;
  const from = window.location.pathname;
  const drawn = showEarlyRows(path, calls, deps, from);
  // The click's own token: showEarlyRows sets it before it first waits; another click replaces it.
  const asked = wanted;
  void Promise.race([drawn, new Promise((resolve) => setTimeout(resolve, CLICK_WAIT_MS))]).then(() => {
    if (wanted === asked && window.location.pathname === from) open();
  });
  return true;
}

/** The list has drawn its rows, or the page shows something else: the early rows go. */
export function endEarlyRows(): void {
  wanted = null;
  shown?.element.remove();
  shown = null;
}

/** The console shows `path`: early rows wanted or drawn for another address go. */
export function endEarlyRowsUnlessAt(path: string): void {
  if ((wanted && wanted.path !== path) || (shown && shown.path !== path)) endEarlyRows();
}
