/**
 * Remembers where a list drew its rows (frame.ts), for the next cold visit's early rows: measured
 * by the list (ListPage), so the measuring stays out of the entry's code.
 */
import { measureFrame, type Frame } from "./frame";
import { EARLY_ROWS_ID } from "./paint";
import { browserDeps, layoutNow, saveFrame, type EarlyRowsDeps } from "./store";

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
  if (measured.has(list.path) || document.getElementById(EARLY_ROWS_ID)) return;
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
