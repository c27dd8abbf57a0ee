import { useDeferredValue, type ReactNode } from "react";

/**
 * Draws its children in a render of their own that React may pause between frames, after the
 * render that placed it: the signed-in shell is drawn in steps, not in one long task the browser
 * cannot answer a click during (issue 23). They show a moment later, once.
 */
export function SlicedMount({ children }: { children: ReactNode }) {
  const mounted = useDeferredValue(true, false);
  return mounted ? children : null;
}
