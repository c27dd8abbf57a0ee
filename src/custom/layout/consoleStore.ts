import { localStorageStore, type Store } from "react-admin";
import { STORAGE_KEYS } from "../../config";

const SIDEBAR_KEY = "sidebar.open";

/** MUI's `breakpoints.down("sm")`, where react-admin's sidebar becomes a drawer over the page. */
export const SMALL_SCREEN_QUERY = "(max-width:599.95px)";

const smallScreenOf = (): MediaQueryList | undefined =>
  typeof window !== "undefined" && typeof window.matchMedia === "function"
    ? window.matchMedia(SMALL_SCREEN_QUERY)
    : undefined;

/**
 * react-admin's store, except that the sidebar's open state lives under the spec's own
 * localStorage key `is-left-drawer-opened` (spec §3) and survives sign-out, like any other
 * preference of the browser rather than of the session; each opening is written to
 * `last-drawer-open-time`.
 *
 * On a small screen the sidebar is closed (spec §2) without forgetting the remembered state: there
 * it is a drawer over the page, opened and closed for the moment and never stored, so a window
 * narrowed for a while, or a phone, leaves the wide screen's sidebar as its user left it.
 */
export function createConsoleStore(
  storage: Storage = window.localStorage,
  now = () => new Date(),
  smallScreen: Pick<MediaQueryList, "matches" | "addEventListener"> | undefined = smallScreenOf(),
): Store {
  const inner = localStorageStore(undefined, "Gemtest");
  const listeners = new Set<(value: boolean) => void>();
  let drawerOverPage = false;

  const remembered = (): boolean | undefined => {
    const raw = storage.getItem(STORAGE_KEYS.drawerOpen);
    return raw === null ? undefined : raw === "true";
  };
  const shown = (): boolean | undefined => (smallScreen?.matches ? drawerOverPage : remembered());
  const tell = (value: boolean | undefined) => listeners.forEach((listener) => listener(value as boolean));

  smallScreen?.addEventListener("change", () => {
    drawerOverPage = false;
    tell(shown());
  });

  return {
    ...inner,
    getItem<T>(key: string, defaultValue?: T): T | undefined {
      if (key !== SIDEBAR_KEY) return inner.getItem(key, defaultValue);
      return (shown() ?? defaultValue) as T | undefined;
    },
    setItem<T>(key: string, value: T): void {
      if (key !== SIDEBAR_KEY) return inner.setItem(key, value);
      const open = Boolean(value);
      // Spec §3's last-drawer-open-time: when the side drawer was last opened (the change log
      // keeps its own, STORAGE_KEYS.changeLogOpenTime).
      if (open && shown() !== true) storage.setItem(STORAGE_KEYS.lastDrawerOpenTime, now().toISOString());
      if (smallScreen?.matches) drawerOverPage = open;
      else storage.setItem(STORAGE_KEYS.drawerOpen, String(open));
      tell(open);
    },
    subscribe(key: string, callback: (value: unknown) => void): () => void {
      if (key !== SIDEBAR_KEY) return inner.subscribe(key, callback);
      listeners.add(callback);
      return () => listeners.delete(callback);
    },
  };
}
