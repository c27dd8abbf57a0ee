/**
 * Remembers where a list drew its rows (frame.ts), for the next cold visit's early rows: measured
 * by the list (ListPage), so the measuring stays out of the entry's code.
 */
import { measureFrame } from "./frame";
import { EARLY_ROWS_ID } from "./paint";
import { browserDeps, saveFrame, type EarlyRowsDeps } from "./store";

/**
 * Remembers the frame of the list just drawn in `root` (its rows, `records`, on screen), for the
 * next cold visit of `path`.
 */
export function rememberFrame(
  root: ParentNode,
  list: { path: string; resource: string; records: readonly Record<string, unknown>[] },
  deps: EarlyRowsDeps = browserDeps(),
): void {
  if (document.getElementById(EARLY_ROWS_ID)) return;
  const frame = measureFrame(root, list);
  if (frame) saveFrame(frame, deps);
}
