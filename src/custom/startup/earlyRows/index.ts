/**
 * A list's first rows on screen before the console's code has drawn its page (issue 23): on a cold
 * visit, once start-up has the session, the page's first list is asked for (pagePrefetch.ts) and
 * its answer drawn at once in the frame the page was last drawn in at this window width
 * (frame.ts, paint.ts); the list then draws itself in the same place and the early rows go. A
 * first visit, another width or another person's frame draws nothing early: the page loads as it
 * always did.
 */
import type { AskedAhead } from "../../../dataProvider/pagePrefetch";
import { drawEarlyRows } from "./paint";
import { browserDeps, frameFor, type EarlyRowsDeps } from "./store";

export { frameFor };

/** How long the console's first render waits for the early rows: a list's answer takes ~20 ms. */
export const EARLY_ROWS_WAIT_MS = 300;
/** Early rows never stay longer than this: past it the page is slow to draw, not to be hidden. */
const LONGEST_SHOWN_MS = 4000;

let shown: { element: HTMLElement; path: string } | null = null;
/** The list has drawn (or the page is something else): nothing is drawn early any more. */
let over = false;

/**
 * Draws the first rows of `path` from its first calls' answer, over the page, when a frame of it
 * is remembered; resolves once they are on screen, or at once when nothing is drawn early.
 */
export async function showEarlyRows(
  path: string,
  calls: Promise<AskedAhead[]>,
  deps: EarlyRowsDeps = browserDeps(),
): Promise<void> {
  const frame = frameFor(path, deps);
  if (!frame || over) return;
  const call = (await calls).find((candidate) => candidate.resource === frame.resource);
  const records = await call?.answer.then(
    (result) => result.data,
    () => undefined,
  );
  if (!records?.length || over || window.location.pathname !== path) return;
  shown = { element: drawEarlyRows(document, frame, records), path };
  document.body.append(shown.element);
  setTimeout(endEarlyRows, LONGEST_SHOWN_MS);
  // Once the browser has drawn them, before the console's first render holds the page.
  await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** The list has drawn its rows, or the page shows something else: the early rows go. */
export function endEarlyRows(): void {
  over = true;
  shown?.element.remove();
  shown = null;
}

/** The console shows `path`: early rows drawn for another address (before a redirect) go. */
export function endEarlyRowsUnlessAt(path: string): void {
  if (shown && shown.path !== path) endEarlyRows();
}
