import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http } from "msw";
import { STORAGE_KEYS } from "../../src/config";
import { CONTRACT } from "../fixtures/contract";
import { renderConsole } from "./harness/renderConsole";
import { fakeToken, reply, server } from "./harness/server";

/**
 * Spec §3's local storage, read literally: `last-drawer-open-time` is the side drawer's last
 * opening, the change log keeps its own last opening apart; after a refused refresh (§4) only
 * `last-drawer-open-time` remains, after a 499 (§4, §8) nothing does — no empty `user-info`
 * record written back by the sign-out that follows.
 */
/** Whatever the sign-in page and react-admin's sign-out do once /login shows: given time to write. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

const storedKeys = () => Object.keys({ ...window.localStorage }).sort();

/** A browser that has used the console: the side drawer and the change log opened, a failed avatar. */
function usedBrowser() {
  window.localStorage.setItem(STORAGE_KEYS.lastDrawerOpenTime, "2026-03-01T10:00:00.000Z");
  window.localStorage.setItem(STORAGE_KEYS.changeLogOpenTime, "2026-03-02T10:00:00.000Z");
  window.localStorage.setItem(STORAGE_KEYS.drawerOpen, "true");
}

describe("stored data after the session ends (spec §4, §8)", () => {
  it("a refresh refused at start-up leaves only last-drawer-open-time, and /login", async () => {
    usedBrowser();
    server.use(http.post("*/api/v2/auth/refresh", () => reply(CONTRACT.refresh.reused)));
    await renderConsole("/gallery", { role: "Admin" });
    await waitFor(() => expect(window.location.pathname).toBe("/login"));
    await settle();
    expect(storedKeys()).toEqual([STORAGE_KEYS.lastDrawerOpenTime]);
    expect(window.localStorage.getItem(STORAGE_KEYS.lastDrawerOpenTime)).toBe("2026-03-01T10:00:00.000Z");
  });

  it("a refresh refused mid-session (after 401 token_expired) leaves only last-drawer-open-time, and /login", async () => {
    usedBrowser();
    let refreshes = 0;
    server.use(
      // Start-up's refresh passes; the one after the expired token is refused.
      http.post("*/api/v2/auth/refresh", () =>
        ++refreshes === 1
          ? reply(CONTRACT.refresh.ok, {
              accessToken: fakeToken("user-Admin", "Admin"),
              refreshToken: "refresh:Admin:2",
            })
          : reply(CONTRACT.refresh.reused),
      ),
      http.get("*/api/dashboard", () => reply(CONTRACT.token.expired)),
    );
    await renderConsole("/", { role: "Admin" });
    await waitFor(() => expect(window.location.pathname).toBe("/login"));
    expect(refreshes).toBe(2);
    await settle();
    expect(storedKeys()).toEqual([STORAGE_KEYS.lastDrawerOpenTime]);
    expect(window.localStorage.getItem(STORAGE_KEYS.lastDrawerOpenTime)).toBe("2026-03-01T10:00:00.000Z");
  });

  it("a 499 (the user was deleted) clears everything, and /login", async () => {
    usedBrowser();
    server.use(http.get("*/api/dashboard", () => reply(CONTRACT.token.userDeleted)));
    await renderConsole("/", { role: "Admin" });
    await waitFor(() => expect(window.location.pathname).toBe("/login"));
    await settle();
    expect(storedKeys()).toEqual([]);
  });
});

describe("the two drawers' last openings (spec §3)", () => {
  it("opening the side drawer stores last-drawer-open-time; the change log stores its own", async () => {
    await renderConsole("/", { role: "Admin" });
    const bell = await screen.findByRole("button", { name: /^What's new/ });
    // The user's preference opens the side drawer at sign-in; closed here, and the time forgotten.
    await waitFor(() => expect(window.localStorage.getItem(STORAGE_KEYS.drawerOpen)).toBe("true"));
    fireEvent.click(screen.getByRole("button", { name: "Close menu" }));
    await waitFor(() => expect(window.localStorage.getItem(STORAGE_KEYS.drawerOpen)).toBe("false"));
    window.localStorage.removeItem(STORAGE_KEYS.lastDrawerOpenTime);

    fireEvent.click(bell);
    const changeLog = await screen.findByRole("dialog", { name: "What's new" });
    expect(Date.parse(window.localStorage.getItem(STORAGE_KEYS.changeLogOpenTime)!)).not.toBeNaN();
    expect(window.localStorage.getItem(STORAGE_KEYS.lastDrawerOpenTime)).toBeNull();
    fireEvent.click(within(changeLog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "What's new" })).not.toBeInTheDocument());

    fireEvent.click(screen.getByRole("button", { name: "Open menu" }));
    await waitFor(() => expect(window.localStorage.getItem(STORAGE_KEYS.drawerOpen)).toBe("true"));
    expect(Date.parse(window.localStorage.getItem(STORAGE_KEYS.lastDrawerOpenTime)!)).not.toBeNaN();
    // Closing it again leaves the opening's time.
    const opened = window.localStorage.getItem(STORAGE_KEYS.lastDrawerOpenTime);
    fireEvent.click(screen.getByRole("button", { name: "Close menu" }));
    await waitFor(() => expect(window.localStorage.getItem(STORAGE_KEYS.drawerOpen)).toBe("false"));
    expect(window.localStorage.getItem(STORAGE_KEYS.lastDrawerOpenTime)).toBe(opened);
  });
});
