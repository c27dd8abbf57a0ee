/**
 * jsdom's `labels` and `label.control` walk the whole document for every label (`control` scans
 * the tree for the label's `for` id; `labels` asks `control` of every node), so each accessible
 * name Testing Library computes costs the page's size squared (24 of the console tests' 364 CPU-s
 * in a profile). These give the same answers per the HTML standard from the labels in the tree;
 * tests/console/fastLabels.test.tsx holds them to jsdom's own.
 */

/** HTML's labelable elements' kinds. */
export const LABELABLE_CLASSES = [
  HTMLButtonElement,
  HTMLInputElement,
  HTMLMeterElement,
  HTMLOutputElement,
  HTMLProgressElement,
  HTMLSelectElement,
  HTMLTextAreaElement,
];

/** Whether an element is labelable (a hidden input is not). */
function isLabelable(element: Element): boolean {
  if (!LABELABLE_CLASSES.some((kind) => element instanceof kind)) return false;
  return !(element instanceof HTMLInputElement && element.type === "hidden");
}

/** The first labelable element inside `label`, in tree order. */
function firstLabelableIn(label: Element): HTMLElement | null {
  for (let child = label.firstElementChild; child; child = child.nextElementSibling) {
    if (isLabelable(child)) return child as HTMLElement;
    const inside = firstLabelableIn(child);
    if (inside) return inside;
  }
  return null;
}

type Root = Node & ParentNode;

/** The first element of the tree with this id, as getElementById finds it. */
function elementById(root: Root, id: string): Element | null {
  if (root instanceof Document) return root.getElementById(id);
  if (root instanceof Element && root.id === id) return root;
  for (const element of root.querySelectorAll("[id]")) if (element.id === id) return element;
  return null;
}

/** The element a label labels (HTML: the labeled control), or null. */
export function controlOf(label: HTMLLabelElement): HTMLElement | null {
  const id = label.getAttribute("for");
  if (id === null) return firstLabelableIn(label);
  if (id === "") return null;
  // An element of that id that is not labelable is no control, even if a later one is.
  const target = elementById(label.getRootNode() as Root, id);
  return target && isLabelable(target) ? (target as HTMLElement) : null;
}

/** The labels of a labelable element, in tree order (HTML: the element's labels). */
export function labelsOf(element: HTMLElement): HTMLLabelElement[] {
  const root = element.getRootNode() as Root;
  const labels: HTMLLabelElement[] = root instanceof HTMLLabelElement ? [root] : [];
  labels.push(...root.querySelectorAll("label"));
  return labels.filter((label) => {
    const id = label.getAttribute("for");
    // Only a label naming this element's id, or one around it, can label it.
    if (id === null ? !label.contains(element) : id === "" || id !== element.id) return false;
    return controlOf(label) === element;
  });
}

/** jsdom's own getters, kept to compare with (prototype → property → getter). */
export const jsdomGetters = new Map<object, (this: Element) => unknown>();

function replaceGetter(prototype: object, property: "control" | "labels", get: (this: never) => unknown): void {
  const own = Object.getOwnPropertyDescriptor(prototype, property);
  if (!jsdomGetters.has(prototype) && own?.get) jsdomGetters.set(prototype, own.get);
  Object.defineProperty(prototype, property, { configurable: true, enumerable: true, get });
}

/** Replaces jsdom's getters in this window with the ones above. */
export function installFastLabels(): void {
  replaceGetter(HTMLLabelElement.prototype, "control", function (this: HTMLLabelElement) {
    return controlOf(this);
  });
  for (const labelable of LABELABLE_CLASSES) {
    replaceGetter(labelable.prototype, "labels", function (this: HTMLElement) {
      // A hidden input is not labelable: its labels are null (HTML).
      return this instanceof HTMLInputElement && this.type === "hidden" ? null : labelsOf(this);
    });
  }
}
