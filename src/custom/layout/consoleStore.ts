import { localStorageStore, type Store } from "react-admin";
import { STORAGE_KEYS } from "../../config";

const SIDEBAR_KEY = "sidebar.open";

/**
 * react-admin's store, except that the sidebar's open state lives under the spec's own
 * localStorage key `is-left-drawer-opened` (spec §3) and survives sign-out, like any other
 * preference of the browser rather than of the session.
 */
export function createConsoleStore(storage: Storage = window.localStorage): Store {
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
