/**
 * /login prerendered at build time (src/custom/login/prerender.tsx → dist/login.html): the
 * browser's first render takes over the very elements the HTML drew (mount.tsx hydrates them), so
 * the page works as the one drawn by the browser did, and a Sign in pressed before that is sent
 * once the page is live (earlySubmit.ts), once.
 */
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import type { Root } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { holdEarlySubmits } from "../../src/custom/login/earlySubmit";
import { renderLoginPage } from "../../src/custom/login/prerender";
import { runStartup } from "../../src/custom/startup/startup";
import { mount } from "../../src/mount";
import { createConsoleProviders } from "../../src/providers";
import { resetState, state } from "./harness/server";

let root: Root | undefined;
let stopHolding: (() => void) | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  stopHolding?.();
  stopHolding = undefined;
  document.getElementById("root")?.remove();
  vi.restoreAllMocks();
});

/** The page as dist/login.html holds it, then the console's own start on it (main.tsx). */
async function loadPrerenderedLogin(service?: (s: typeof state) => void) {
  resetState();
  service?.(state);
  window.history.replaceState(null, "", "/login");
  const container = document.createElement("div");
  container.id = "root";
  container.innerHTML = await renderLoginPage();
  document.body.append(container);
  return container;
}

function start() {
  const providers = createConsoleProviders({ storage: window.localStorage });
  act(() => {
    root = mount(providers, runStartup(providers.startup), { hydrateLogin: true });
  });
}

describe("the prerendered sign-in page", () => {
  it("is the sign-in page, drawn before any script, with its links", async () => {
    const container = await loadPrerenderedLogin();
    expect(container.querySelector("h1")).toHaveTextContent("Sign in to Gemtest Admin");
    expect(container.querySelector('input[name="email"]')).not.toBeNull();
    expect(container.querySelector('input[name="password"][type="password"]')).not.toBeNull();
    expect(container.querySelector('a[href="/forgot-password"]')).toHaveTextContent("Forgot password?");
    expect(container.querySelector('a[href="/register"]')).toHaveTextContent("Create an account");
    // The browser does not focus the field before the page is live (React does, then).
    expect(container.innerHTML).not.toContain("autofocus");
  });

  it("is taken over as it is: the same elements, no mismatch, and it works", async () => {
    const container = await loadPrerenderedLogin();
    const heading = container.querySelector("h1");
    const typedEarly = container.querySelector<HTMLInputElement>('input[name="email"]')!;
    typedEarly.value = "manager@example.com";
    const recovered = vi.spyOn(console, "error");
    start();
    await waitFor(() => expect(state.calls).toContain("GET health"));
    const email = await screen.findByLabelText("Email");
    // React kept the HTML's elements (no redraw) and what was typed before it came to life.
    expect(container.querySelector("h1")).toBe(heading);
    expect(email).toBe(typedEarly);
    expect(email).toHaveValue("manager@example.com");
    expect(recovered).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Enter your password.")).toBeInTheDocument();
    expect(state.calls).not.toContain("POST v2/auth/login");
  });

  it("gives way to the maintenance screen when the portal is NotOk", async () => {
    await loadPrerenderedLogin((s) => (s.health = { portal: "NotOk", message: "Back at 10:00 UTC." }));
    start();
    expect(await screen.findByText("Back at 10:00 UTC.")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Sign in to Gemtest Admin" })).not.toBeInTheDocument();
  });

  it("sends a Sign in pressed before the page was live once it is, once", async () => {
    const container = await loadPrerenderedLogin();
    stopHolding = holdEarlySubmits(document);
    container.querySelector<HTMLInputElement>('input[name="email"]')!.value = "manager@example.com";
    container.querySelector<HTMLInputElement>('input[name="password"]')!.value = "demo1234";
    const submitted = new Event("submit", { bubbles: true, cancelable: true });
    container.querySelector("form")!.dispatchEvent(submitted);
    // Held: not sent the browser's way, nor anywhere yet.
    expect(submitted.defaultPrevented).toBe(true);
    expect(state.calls).toEqual([]);

    start();
    await waitFor(() => expect(window.location.pathname).toBe("/"));
    expect(state.calls.filter((call) => call === "POST v2/auth/login")).toHaveLength(1);
  });
});
