import { afterEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useNotify } from "react-admin";
import { STORAGE_KEYS, TOAST_AUTO_HIDE_MS } from "../../src/config";
import { ConsoleNotification } from "../../src/custom/layout/ConsoleNotification";
import { http } from "msw";
import { AVATAR_URL, CONTRACT } from "../fixtures/contract";
import { reply, server, userFor } from "./harness/server";
import { renderConsole, signIn } from "./harness/renderConsole";
import { renderInAdmin } from "./harness/renderInAdmin";

const UMA = { firstName: "Uma", lastName: "Tran", avatar: AVATAR_URL };

/**
 * Uma Tran, signed in as an Admin, whose record carries an avatar image (spec §3): stored, and as
 * the service answers verify-token at start-up (its user becomes the current one).
 */
function signInUma() {
  signIn("Admin");
  const stored = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.userInfo)!) as Record<string, unknown>;
  window.localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify({ ...stored, ...UMA }));
  server.use(
    http.post("*/api/verify-token", () =>
      reply(CONTRACT.verifyToken.ok, { valid: true, user: { ...userFor("Admin"), ...UMA } }),
    ),
  );
}

/** A browser in which every image fails to load (MUI's Avatar tries its source with `new Image()`). */
function imagesFail() {
  class FailingImage {
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    set src(_value: string) {
      setTimeout(() => this.onerror?.(), 0);
    }
  }
  vi.stubGlobal("Image", FailingImage);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("the top bar's avatar (spec §1)", () => {
  it("falls back to the initials of the first and last name when the image fails, with the rule My Profile uses (UserAvatar)", async () => {
    imagesFail();
    signInUma();
    await renderConsole("/");
    const appBar = await screen.findByRole("banner");
    const profile = await within(appBar).findByRole("button", { name: "Uma Tran, Profile" });
    await waitFor(() => expect(within(profile).getByText("UT")).toBeInTheDocument());
    expect(within(profile).queryByText("U")).not.toBeInTheDocument();
  });
});

function Notifier() {
  const notify = useNotify();
  return <button onClick={() => notify("Photo saved", { type: "success" })}>notify</button>;
}

describe("toasts (spec §9: top-right, 5000 ms)", () => {
  it("open at the right below the top bar, so the profile name and avatar stay in view, and close after 5000 ms", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderInAdmin(
      <>
        <ConsoleNotification />
        <Notifier />
      </>,
      { role: "Admin" },
    );
    fireEvent.click(screen.getByRole("button", { name: "notify" }));
    const toast = await screen.findByText("Photo saved");
    const snackbar = toast.closest<HTMLElement>(".MuiSnackbar-root")!;
    expect(snackbar).toHaveClass("MuiSnackbar-anchorOriginTopRight");
    // The tallest top bar (the guest pages', on a phone) is 56 px: the toast starts below it.
    // (jsdom reads no media query: this is the phone's value; a browser's is checked in Chromium.)
    expect(parseFloat(getComputedStyle(snackbar).top)).toBeGreaterThanOrEqual(56);

    act(() => vi.advanceTimersByTime(TOAST_AUTO_HIDE_MS - 100));
    expect(screen.getByText("Photo saved")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    await waitFor(() => expect(screen.queryByText("Photo saved")).not.toBeInTheDocument());
  });
});
