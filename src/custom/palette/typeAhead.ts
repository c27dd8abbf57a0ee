/**
 * What a person types between opening the palette (Ctrl+K, the Search button) and its search box
 * taking the focus: on the first opening the palette's code is still loading, and those keys would
 * be lost, or typed into the page behind it (a list's search box). They are kept here and put in
 * the palette's box when it appears. A click anywhere, or the palette's code failing to load, ends
 * the keeping: keys are never held back from the page for longer than the palette takes to appear.
 */

let kept: { typed: string; stop: () => void } | null = null;

/** Starts keeping the printable keys (and Backspace) typed from now on; nothing if already keeping. */
export function keepTypeAhead(target: Window = window): void {
  if (kept) return;
  const onKeyDown = (event: KeyboardEvent) => {
    if (!kept || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
    if (event.key === "Backspace") kept.typed = kept.typed.slice(0, -1);
    else if (event.key.length === 1) kept.typed += event.key;
    else return;
    event.preventDefault();
    event.stopPropagation();
  };
  const onPointerDown = () => void takeTypeAhead();
  target.addEventListener("keydown", onKeyDown, true);
  target.addEventListener("pointerdown", onPointerDown, true);
  kept = {
    typed: "",
    stop: () => {
      target.removeEventListener("keydown", onKeyDown, true);
      target.removeEventListener("pointerdown", onPointerDown, true);
    },
  };
}

/** Stops keeping keys and answers what was typed meanwhile ("" when nothing was). */
export function takeTypeAhead(): string {
  if (!kept) return "";
  const { typed, stop } = kept;
  kept = null;
  stop();
  return typed;
}
