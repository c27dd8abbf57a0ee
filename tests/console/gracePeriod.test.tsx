import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { CONTRACT } from "../fixtures/contract";
import { renderConsole } from "./harness/renderConsole";
import { state, type ServiceState } from "./harness/server";

/**
 * The grace period (spec §4: canceled, 21 days of read and export only). GET v2/payments/subscription
 * answers inactive plus readOnlyUntil (ours beyond §7, docs/api.md "Lifecycle"; the service tests
 * assert the message and date): the console keeps the account where it is under a banner with the
 * service's message, instead of sending it to /new-subscription. Without readOnlyUntil (a service
 * that follows §7 only) the redirect stays (tests/console/shell.test.tsx).
 */
const GRACE_MESSAGE =
  "Your subscription was canceled. Your account is read-only for 12 days more (until 2026-12-06): start a new subscription to keep your data, or it will be deleted.";
/** The message as the banner shows it: its ISO day as spec §9 writes dates (tests/console/dates.test.tsx). */
const SHOWN_MESSAGE = GRACE_MESSAGE.replace("(until 2026-12-06)", "(until 12/06/2026)");
const inGrace = (service: ServiceState) =>
  (service.subscription = {
    ...CONTRACT.subscription.inactive.body,
    message: GRACE_MESSAGE,
    readOnlyUntil: "2026-12-06T09:00:00.000Z",
  });

const banner = () => screen.findByRole("alert");

describe("the grace period banner", () => {
  it("keeps an Admin on the page they opened, with the message and Start a new subscription", async () => {
    await renderConsole("/gallery", { role: "Admin", service: inGrace });
    const alert = await banner();
    expect(within(alert).getByText("Your account is read-only")).toBeInTheDocument();
    expect(await within(alert).findByRole("link", { name: "Start a new subscription" })).toHaveAttribute(
      "href",
      "/new-subscription",
    );
    expect(alert).toHaveTextContent(`Your account is read-only${SHOWN_MESSAGE}Start a new subscription`);
    expect(await screen.findByRole("heading", { name: "Gallery" })).toBeInTheDocument();
    expect(window.location.pathname).toBe("/gallery");
    // No warning dialog either: that is past due's.
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("stays on every screen while the grace lasts", async () => {
    await renderConsole("/", { role: "Admin", service: inGrace });
    expect(await banner()).toHaveTextContent(SHOWN_MESSAGE);
    fireEvent.click(await screen.findByRole("link", { name: "Gallery" }));
    expect(await screen.findByRole("heading", { name: "Gallery" })).toBeInTheDocument();
    expect(window.location.pathname).toBe("/gallery");
    expect(await banner()).toHaveTextContent(SHOWN_MESSAGE);
  });

  it("tells a Manager or a User whom to ask, without a button they could not use", async () => {
    for (const role of ["Manager", "User"] as const) {
      const { unmount } = await renderConsole("/gallery", { role, service: inGrace });
      const alert = await banner();
      await waitFor(() =>
        expect(alert).toHaveTextContent(`${SHOWN_MESSAGE} Ask an admin of your account to start one.`),
      );
      expect(within(alert).queryByRole("link")).not.toBeInTheDocument();
      expect(window.location.pathname).toBe("/gallery");
      unmount();
    }
  });

  it("is not shown to super admins", async () => {
    await renderConsole("/gallery", { role: "SuperAdmin", service: inGrace });
    await waitFor(() => expect(state.calls).toContain("GET v2/payments/subscription"));
    expect(await screen.findByRole("heading", { name: "Gallery" })).toBeInTheDocument();
    expect(screen.queryByText(SHOWN_MESSAGE)).not.toBeInTheDocument();
  });

  it("is not shown on an active account", async () => {
    await renderConsole("/gallery", { role: "Admin" });
    await waitFor(() => expect(state.calls).toContain("GET v2/payments/subscription"));
    expect(await screen.findByRole("heading", { name: "Gallery" })).toBeInTheDocument();
    expect(screen.queryByText("Your account is read-only")).not.toBeInTheDocument();
  });
});
