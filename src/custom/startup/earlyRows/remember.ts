/**
 * Remembers where a list drew its rows (frame.ts), for the next cold visit's early rows: measured
 * by the list (ListPage), so the measuring stays out of the entry's code.
 */
import { measureFrame, type Frame } from "./frame";
import { browserDeps, EARLY_ROWS_ID, layoutNow, saveFrame, type EarlyRowsDeps } from "./store";

/** The addresses measured in this page load: a list is measured as it first draws, not at every page or sort. */
const measured = new Set<string>();

/**
 * Remembers the frame of the list just drawn in `root` (its rows, `records`, on screen), for the
 * next cold visit of `path`.
 */
export function rememberFrame(
  root: ParentNode,
  list: { path: string; resource: string; records: readonly Record<string, unknown>[] },
  deps: EarlyRowsDeps = browserDeps(),
): void {
  // Measured as the page opens: scrolled, its parts no longer stand where a cold visit draws them.
  if (measured.has(list.path) || document.getElementById(EARLY_ROWS_ID) || window.scrollY !== 0) return;
  let frame: Frame | null;
  try {
    frame = measureFrame(root, { ...list, layout: layoutNow(deps.storage) });
  } catch {
    // A browser that cannot measure where text stands (jsdom has no Range rectangles) draws nothing early.
    return;
  }
  if (!frame) return;
  measured.add(list.path);
  saveFrame(frame, deps);
}

/** How long a measurement waits for an idle moment at most. */
const IDLE_WITHIN_MS = 2000;

/**
 * Remembers the frame once the browser has drawn the list and is idle (not in the way of a click
 * right after the rows: the menu's code and the live changes start then); gives the cancel, for a
 * list that goes first.
 */
export function rememberFrameWhenIdle(root: ParentNode, list: Parameters<typeof rememberFrame>[1]): () => void {
  let idle: number | undefined;
  const drawn = requestAnimationFrame(() => {
    idle =
      typeof requestIdleCallback === "function"
        ? requestIdleCallback(() => rememberFrame(root, list), { timeout: IDLE_WITHIN_MS })
        : window.setTimeout(() => rememberFrame(root, list), 0);
  });
  return () => {
    cancelAnimationFrame(drawn);
    if (idle === undefined) return;
    if (typeof cancelIdleCallback === "function") cancelIdleCallback(idle);
    else window.clearTimeout(idle);
  };
}
