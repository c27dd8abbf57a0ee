import { useDeferredValue, type ReactNode } from "react";

/**
 * Draws its children in a render of their own that React may pause between frames, after the
 * render that placed it: the signed-in shell is drawn in steps, not in one long task the browser
 * cannot answer a click during (issue 23). Until they are drawn, the fallback shows (the loader
 * that was on screen before them), never a blank page.
 */
export function SlicedMount({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const mounted = useDeferredValue(true, false);
  return mounted ? children : fallback;
}
