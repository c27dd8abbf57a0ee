import { useLayoutEffect, useState } from "react";

/**
 * The width of an element, kept current as it resizes (ResizeObserver), so the overlay follows
 * the layout. `ref` is a callback ref: the element may mount after the component does (the
 * overlay frame appears once a result is in). `fallback` stands in until a width is measured (and
 * where there is no layout, as in jsdom), so the overlay never draws at zero size.
 */
export function useElementWidth<T extends HTMLElement>(fallback: number) {
  const [element, setElement] = useState<T | null>(null);
  const [width, setWidth] = useState(0);

  useLayoutEffect(() => {
    if (!element) return;
    setWidth(element.getBoundingClientRect().width);
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);

  return { ref: setElement, width: width > 0 ? width : fallback };
}
