import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { Role } from "../../src/api/types";
import { STORAGE_KEYS } from "../../src/config";
import { renderConsole } from "./harness/renderConsole";
import { http, HttpResponse } from "msw";
import { CONTRACT } from "../fixtures/contract";
import { reply, server, state, userFor } from "./harness/server";
import { MENU_BY_ROLE } from "../fixtures/menus";

const menuTitles = async () => {
  const nav = await screen.findByRole("navigation", { name: "Main menu" });
  return within(nav)
    .getAllByRole("link")
    .map((link) => link.textContent);
};

describe("signed-in shell", () => {
  for (const role of Object.keys(MENU_BY_ROLE) as Role[]) {
    it(`shows ${role} exactly the menu of spec §2`, async () => {
      await renderConsole("/", { role });
      await waitFor(async () => expect(await menuTitles()).toEqual(MENU_BY_ROLE[role]));
      expect(screen.getByTestId("app-title")).toHaveTextContent("Gemtest Admin");
      expect(screen.getByTestId("app-version")).toHaveTextContent("1.14.2");
    });
  }

  it("runs start-up in order: health, refresh, verify", async () => {
    await renderConsole("/", { role: "User" });
    await screen.findByRole("navigation", { name: "Main menu" });
    expect(state.calls.slice(0, 3)).toEqual(["GET health", "POST v2/auth/refresh", "POST verify-token"]);
  });

  it("takes the role verify-token answers at start-up: a manager demoted since signing in gets a user's menu", async () => {
    server.use(
      http.post("*/api/verify-token", () => {
        state.calls.push("POST verify-token");
        return reply(CONTRACT.verifyToken.ok, { valid: true, user: { ...userFor("User"), id: "user-Manager" } });
      }),
    );
    await renderConsole("/", { role: "Manager" });
    await waitFor(async () => expect(await menuTitles()).toEqual(MENU_BY_ROLE.User));
  });

  it("highlights the active item by first path segment", async () => {
    server.use(http.get("*/api/payments/42", () => reply(CONTRACT.record.notFound("Payment"))));
    await renderConsole("/payment/42", { role: "Admin" });
    const nav = await screen.findByRole("navigation", { name: "Main menu" });
    await waitFor(() => expect(within(nav).getByRole("link", { current: "page" })).toHaveTextContent("Payments"));
  });

  it("shows the not-found view on a route the role may not use", async () => {
    await renderConsole("/firmware", { role: "Manager" });
    expect(await screen.findByText("Page not found.")).toBeInTheDocument();
    expect(screen.getByText("The page you are looking for might have been removed.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Return to home" })).toHaveAttribute("href", "/");
  });

  it("shows the not-found view on an unknown route", async () => {
    await renderConsole("/no/such/page", { role: "SuperAdmin" });
    expect(await screen.findByText("404")).toBeInTheDocument();
    expect(screen.getByText("Page not found.")).toBeInTheDocument();
  });

  it("opens a screen the role may use", async () => {
    const empty = CONTRACT.lists.empty("firmware");
    server.use(http.get("*/api/firmware", () => HttpResponse.json(empty.body, empty)));
    await renderConsole("/firmware", { role: "SuperAdmin" });
    expect(await screen.findByRole("heading", { name: "Firmware" })).toBeInTheDocument();
  });
});

describe("start-up and session", () => {
  it("shows the maintenance screen with the server's message when the portal is NotOk", async () => {
    await renderConsole("/", {
      role: "Admin",
      service: (service) => (service.health = { portal: "NotOk", message: "Back at 10:00 UTC." }),
    });
    expect(await screen.findByText("Back at 10:00 UTC.")).toBeInTheDocument();
    expect(state.calls).toEqual(["GET health"]);
  });

  it("sends a signed-out visitor of a private page to /login", async () => {
    await renderConsole("/gallery");
    expect(await screen.findByRole("heading", { name: "Sign in to Gemtest Admin" })).toBeInTheDocument();
    expect(window.location.pathname).toBe("/login");
    expect(screen.getByTestId("app-title")).toHaveTextContent("Gemtest Guest");
  });

  it("signs in, shows the service's refusal, then the shell", async () => {
    await renderConsole("/login");
    const email = await screen.findByLabelText("Email");
    fireEvent.change(email, { target: { value: "manager@example.com" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "wrong" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Incorrect email or password.");
    expect(screen.getByLabelText("Email")).toHaveValue("manager@example.com");

    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "demo1234" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(async () => expect(await menuTitles()).toEqual(MENU_BY_ROLE.Manager));
    expect(JSON.parse(window.localStorage.getItem("user-info")!)).toMatchObject({ isLoggedIn: true, role: "Manager" });
  });

  // Spec §6 "Guest only": login, register, forgot password, invitation, device unsubscribe.
  for (const path of ["/login", "/register", "/forgot-password", "/invitation/abc", "/devices/unsubscribe/d-1"]) {
    it(`sends a signed-in visitor of the guests-only ${path} home`, async () => {
      await renderConsole(path, { role: "Manager" });
      await waitFor(async () => expect(await menuTitles()).toEqual(MENU_BY_ROLE.Manager));
      expect(window.location.pathname).toBe("/");
      expect(state.calls.some((call) => call.startsWith("GET invitations"))).toBe(false);
    });
  }

  it("lets a signed-in visitor open a page for all, in the guest shell", async () => {
    await renderConsole("/delete-request", { role: "Manager" });
    expect(await screen.findByTestId("app-title")).toHaveTextContent("Gemtest Guest");
    expect(window.location.pathname).toBe("/delete-request");
  });

  it("checks the form before sending anything", async () => {
    await renderConsole("/login");
    fireEvent.click(await screen.findByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Enter your email address.")).toBeInTheDocument();
    expect(screen.getByText("Enter your password.")).toBeInTheDocument();
    expect(state.calls).not.toContain("POST v2/auth/login");
  });
});

describe("subscription (spec §4)", () => {
  it("opens the warning with the server's message when past due, with Go To Payments for Admins", async () => {
    await renderConsole("/", {
      role: "Admin",
      service: (service) => (service.subscription = { status: "past_due", message: "Your payment is past due." }),
    });
    const dialog = await screen.findByRole("dialog", { name: "Subscription Warning" });
    expect(within(dialog).getByText("Your payment is past due.")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Go To Payments" })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole("button", { name: "Ok" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("offers only Ok to a Manager", async () => {
    await renderConsole("/", {
      role: "Manager",
      service: (service) => (service.subscription = { status: "past_due", message: "Past due." }),
    });
    const dialog = await screen.findByRole("dialog", { name: "Subscription Warning" });
    expect(within(dialog).queryByRole("button", { name: "Go To Payments" })).not.toBeInTheDocument();
  });

  it("sends a non-super-admin to /new-subscription when inactive", async () => {
    await renderConsole("/gallery", {
      role: "User",
      service: (service) => (service.subscription = { status: "inactive", message: "" }),
    });
    expect(await screen.findByText("Your subscription is inactive")).toBeInTheDocument();
    expect(window.location.pathname).toBe("/new-subscription");
  });

  it("lets a super admin stay where they are when inactive", async () => {
    await renderConsole("/gallery", {
      role: "SuperAdmin",
      service: (service) => (service.subscription = { status: "inactive", message: "" }),
    });
    await waitFor(() => expect(state.calls).toContain("GET v2/payments/subscription"));
    expect(await screen.findByRole("heading", { name: "Gallery" })).toBeInTheDocument();
    expect(window.location.pathname).toBe("/gallery");
  });
});

describe("change log (spec §2, §4)", () => {
  it("shows a badge, lists the role's entries with their links, and clears the badge once opened", async () => {
    await renderConsole("/", { role: "SuperAdmin" });
    // The bell's name says its badge's count (label in name).
    const bell = await screen.findByRole("button", { name: /^What's new: \d+ new$/ });
    fireEvent.click(bell);
    const drawer = await screen.findByRole("dialog", { name: "What's new" });
    expect(within(drawer).getByText("Scheduled actions")).toBeInTheDocument();
    expect(within(drawer).getAllByRole("link", { name: "Take Me there" }).length).toBeGreaterThan(0);
    expect(window.localStorage.getItem(STORAGE_KEYS.changeLogOpenTime)).not.toBeNull();
    await waitFor(() => expect(bell).toHaveAccessibleName("What's new"));
  });

  it("hides entries meant for other roles", async () => {
    await renderConsole("/", { role: "User" });
    fireEvent.click(await screen.findByRole("button", { name: /^What's new/ }));
    const drawer = await screen.findByRole("dialog", { name: "What's new" });
    expect(within(drawer).queryByText("Scheduled actions")).not.toBeInTheDocument();
    expect(within(drawer).getByText("Recover deleted tests")).toBeInTheDocument();
  });
});
