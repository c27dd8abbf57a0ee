import { createContext, useContext } from "react";
/**
 * The selected-items list for bulk download (spec §3). It lives for the tab's lifetime only (it is
 * not one of §3's localStorage keys) and logout clears it (§4), which is why it sits next to the
 * session rather than inside a screen.
 */
export type SelectedItemsListener = () => void;

export interface SelectedItemsStore {
  /** A stable snapshot (same array until it changes) for useSyncExternalStore. */
  get(): readonly string[];
  set(ids: readonly string[]): void;
  toggle(id: string): void;
  clear(): void;
  subscribe(listener: SelectedItemsListener): () => void;
}

export function createSelectedItemsStore(): SelectedItemsStore {
  let items: readonly string[] = [];
  const listeners = new Set<SelectedItemsListener>();
  const replace = (next: readonly string[]) => {
    items = Object.freeze([...new Set(next)]);
    listeners.forEach((listener) => listener());
  };
  return {
    get: () => items,
    set: replace,
    toggle: (id) => replace(items.includes(id) ? items.filter((item) => item !== id) : [...items, id]),
    clear: () => {
      if (items.length > 0) replace([]);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The console's selected items, given by App (each console instance has its own). */
export const SelectedItemsContext = createContext<SelectedItemsStore | null>(null);

export function useSelectedItems(): SelectedItemsStore {
  const store = useContext(SelectedItemsContext);
  if (store === null) throw new Error("useSelectedItems needs the console's SelectedItemsContext");
  return store;
}
