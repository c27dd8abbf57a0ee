import { createTheme } from "@mui/material";
import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../src/authProvider/session";
import { STORAGE_KEYS } from "../../src/config";
import { createConsoleStore, SMALL_SCREEN_QUERY } from "../../src/custom/layout/consoleStore";
import { theme } from "../../src/theme";

/** A media query whose answer the test changes, telling its listeners as the browser does. */
function screenWidth(small: boolean) {
  const listeners: (() => void)[] = [];
  return {
    matches: small,
    addEventListener: (_: string, listener: () => void) => void listeners.push(listener),
    resize(toSmall: boolean) {
      this.matches = toSmall;
      listeners.forEach((listener) => listener());
    },
  };
}

const SIDEBAR = "sidebar.open";

describe("the sidebar's state (spec §2: remembered, defaults to open, closed on small screens)", () => {
  it("is closed on a small screen without forgetting the state the wide screen remembers", () => {
    const storage = createMemoryStorage();
    const screen = screenWidth(false);
    const store = createConsoleStore(storage, () => new Date(), screen as unknown as MediaQueryList);
    const seen: unknown[] = [];
    store.subscribe(SIDEBAR, (value) => seen.push(value));
    expect(store.getItem(SIDEBAR, true)).toBe(true);
    store.setItem(SIDEBAR, true);
    expect(storage.getItem(STORAGE_KEYS.drawerOpen)).toBe("true");

    screen.resize(true);
    expect(store.getItem(SIDEBAR, false)).toBe(false);
    expect(seen.at(-1)).toBe(false);
    // Opened over the page and closed again (a menu item followed): for the moment only.
    store.setItem(SIDEBAR, true);
    expect(store.getItem(SIDEBAR, false)).toBe(true);
    store.setItem(SIDEBAR, false);
    expect(storage.getItem(STORAGE_KEYS.drawerOpen)).toBe("true");

    screen.resize(false);
    expect(store.getItem(SIDEBAR, true)).toBe(true);
    expect(seen.at(-1)).toBe(true);
    // A page opened small starts closed, whatever the wide screen remembers.
    const reloaded = createConsoleStore(storage, () => new Date(), screenWidth(true) as unknown as MediaQueryList);
    expect(reloaded.getItem(SIDEBAR, false)).toBe(false);
    expect(storage.getItem(STORAGE_KEYS.drawerOpen)).toBe("true");
  });

  it("closed by its user on a wide screen, stays closed after a small one", () => {
    const storage = createMemoryStorage();
    const screen = screenWidth(false);
    const store = createConsoleStore(storage, () => new Date(), screen as unknown as MediaQueryList);
    store.setItem(SIDEBAR, false);
    screen.resize(true);
    store.setItem(SIDEBAR, true);
    screen.resize(false);
    expect(store.getItem(SIDEBAR, true)).toBe(false);
    expect(storage.getItem(STORAGE_KEYS.drawerOpen)).toBe("false");
  });

  it("asks the same width as react-admin's sidebar: the console theme's sm breakpoint", () => {
    expect(`@media ${SMALL_SCREEN_QUERY}`).toBe(createTheme(theme).breakpoints.down("sm"));
  });
});
