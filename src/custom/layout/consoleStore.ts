import { localStorageStore, type Store } from "react-admin";
import { STORAGE_KEYS } from "../../config";

const SIDEBAR_KEY = "sidebar.open";

/**
 * react-admin's store, except that the sidebar's open state lives under the spec's own
 * localStorage key `is-left-drawer-opened` (spec §3) and survives sign-out, like any other
 * preference of the browser rather than of the session; each opening is written to
 * `last-drawer-open-time`.
 */
export function createConsoleStore(storage: Storage = window.localStorage, now = () => new Date()): Store {
  const inner = localStorageStore(undefined, "Gemtest");
  const listeners = new Set<(value: boolean) => void>();

  const readSidebar = (): boolean | undefined => {
    const raw = storage.getItem(STORAGE_KEYS.drawerOpen);
    return raw === null ? undefined : raw === "true";
  };

  return {
    ...inner,
    getItem<T>(key: string, defaultValue?: T): T | undefined {
      if (key !== SIDEBAR_KEY) return inner.getItem(key, defaultValue);
      return (readSidebar() ?? defaultValue) as T | undefined;
    },
    setItem<T>(key: string, value: T): void {
      if (key !== SIDEBAR_KEY) return inner.setItem(key, value);
      // Spec §3's last-drawer-open-time: when the side drawer was last opened (the change log
      // keeps its own, STORAGE_KEYS.changeLogOpenTime).
      if (value && readSidebar() !== true) storage.setItem(STORAGE_KEYS.lastDrawerOpenTime, now().toISOString());
      storage.setItem(STORAGE_KEYS.drawerOpen, String(Boolean(value)));
      listeners.forEach((listener) => listener(Boolean(value)));
    },
    subscribe(key: string, callback: (value: unknown) => void): () => void {
      if (key !== SIDEBAR_KEY) return inner.subscribe(key, callback);
      listeners.add(callback);
      return () => listeners.delete(callback);
    },
  };
}
