import { describe, expect, it } from "vitest";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { formatDate, formatDateTime } from "../../src/custom/format";
import { ACTIVITY_ENTRY, CONTRACT } from "../fixtures/contract";
import { QUOTE_PLAIN, SUBSCRIPTION_CONTRACT as C } from "../fixtures/subscriptionContract";
import { renderConsole } from "./harness/renderConsole";
import { reply, server, type ServiceState } from "./harness/server";

/**
 * Spec §9: every date a person reads is MM/DD/yyyy (time hh:mm A, both: "date, time"), the dates
 * inside the service's messages too; a relative time carries the exact one on hover and on focus.
 */
const ISO_DAY = /\b\d{4}-\d{2}-\d{2}\b/;

describe("dates as spec §9 writes them", () => {
  it("the grace banner shows the service's ISO day as MM/DD/yyyy", async () => {
    const inGrace = (service: ServiceState) =>
      (service.subscription = {
        ...CONTRACT.subscription.inactive.body,
        message:
          "Your subscription was canceled. Your account is read-only for 12 days more (until 2026-12-06): start a new subscription to keep your data, or it will be deleted.",
        readOnlyUntil: "2026-12-06T09:00:00.000Z",
      });
    await renderConsole("/gallery", { role: "Admin", service: inGrace });
    const banner = await screen.findByRole("alert");
    expect(banner).toHaveTextContent("read-only for 12 days more (until 12/06/2026): start a new subscription");
    expect(banner.textContent).not.toMatch(ISO_DAY);
  });

  it("so does the Subscription Warning of a past due account", async () => {
    const pastDue = (service: ServiceState) =>
      (service.subscription = {
        ...CONTRACT.subscription.pastDue.body,
        message:
          "Your payment is past due. Pay within 3 days (by 2026-12-16) to keep full access: after that your subscription is canceled.",
      });
    await renderConsole("/", { role: "Admin", service: pastDue });
    const dialog = await screen.findByRole("dialog", { name: "Subscription Warning" });
    expect(dialog).toHaveTextContent("Pay within 3 days (by 12/16/2026) to keep full access");
    expect(dialog.textContent).not.toMatch(ISO_DAY);
  });

  it("/new-subscription says when the subscription renews as MM/DD/yyyy", async () => {
    server.use(
      http.get("*/api/plans", () => reply(C.plans)),
      http.post("*/api/subscriptions/quote", () => reply(C.quote.ok, QUOTE_PLAIN)),
    );
    await renderConsole("/new-subscription", {
      role: "Admin",
      service: (service) => (service.subscription = { ...CONTRACT.subscription.inactive.body }),
    });
    const lines = await screen.findByTestId("price-lines");
    expect(
      within(lines).getByText(`Renews on ${formatDate(QUOTE_PLAIN.periodEnd)} at £149.00 / month.`),
    ).toBeInTheDocument();
    expect(formatDate(QUOTE_PLAIN.periodEnd)).toMatch(/^04\/0[56]\/2026$/);
  });

  it("the Activity Feed's relative time shows the exact date and time on hover and on keyboard focus", async () => {
    const createdAt = new Date(Date.now() - 2 * 60_000).toISOString();
    server.use(
      http.get("*/api/activity", () =>
        HttpResponse.json([{ ...ACTIVITY_ENTRY, createdAt }], {
          headers: { "Content-Range": "activity 0-0/1" },
        }),
      ),
      http.get("*/api/users", () => HttpResponse.json([], { headers: { "Content-Range": "users */0" } })),
    );
    await renderConsole("/activity-feed", { role: "Admin" });
    const time = await screen.findByText("2 minutes ago");
    const exact = formatDateTime(createdAt);

    // Hover: a tooltip a sighted person reads.
    fireEvent.mouseOver(time);
    expect(await screen.findByRole("tooltip")).toHaveTextContent(exact);
    fireEvent.mouseLeave(time);
    await waitFor(() => expect(screen.queryByRole("tooltip")).not.toBeInTheDocument());

    // Keyboard: the time is a tab stop, and focus opens the same tooltip, which describes it.
    expect(time).toHaveAttribute("tabindex", "0");
    fireEvent.keyDown(document.body, { key: "Tab" });
    act(() => time.focus());
    const tooltip = await screen.findByRole("tooltip");
    expect(tooltip).toHaveTextContent(exact);
    expect(time).toHaveAccessibleDescription(exact);
    expect(time).not.toHaveAttribute("aria-label");
  });
});
