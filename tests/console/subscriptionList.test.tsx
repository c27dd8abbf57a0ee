import { describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { formatDate } from "../../src/custom/format";
import { STARTED } from "../fixtures/subscriptionContract";
import { renderConsole } from "./harness/renderConsole";
import { server } from "./harness/server";

const AHEAD = new Date(Date.now() + 30 * 86_400_000).toISOString();
const PAST = new Date(Date.now() - 3 * 86_400_000).toISOString();

/**
 * Payments › Subscriptions (spec §2: /payments?section=subscription): the yes/no column and the
 * row's action are two things, and each is named for what it is — a keyboard or screen-reader
 * user reaches the column's sort button first, a voice-control user says what they read.
 */
describe("Payments › Subscriptions", () => {
  it("names the column (a state) and the row's action (on this subscription) apart", async () => {
    // Its period end still ahead, as a cancel at period end needs.
    const subscription = { ...STARTED.subscription, currentPeriodEnd: AHEAD };
    server.use(
      http.get("*/api/subscriptions", () =>
        HttpResponse.json([subscription], { headers: { "Content-Range": "subscriptions 0-0/1" } }),
      ),
    );
    await renderConsole("/payments?section=subscription", { role: "Admin" });
    const table = await screen.findByRole("table");
    const action = await within(table).findByRole("button", {
      name: `Cancel at period end: ${subscription.plan}, ${subscription.accountName}`,
    });
    expect(action).toHaveTextContent(/^Cancel at period end$/);

    const header = within(table).getByRole("columnheader", { name: /cancels at period end/i });
    const sort = within(header).getByRole("button", { name: "Sort by cancels at period end ascending" });
    expect(sort).toHaveTextContent(/^Cancels at period end$/);
    expect(within(table).getByRole("row", { name: /Professional/ })).toContainElement(action);

    // No two controls of the table share a name, nor a visible label.
    const buttons = within(table).getAllByRole("button");
    const names = buttons.map((button) => button.getAttribute("aria-label") ?? button.textContent);
    const labels = buttons.map((button) => button.textContent);
    expect(new Set(names).size).toBe(buttons.length);
    expect(new Set(labels).size).toBe(buttons.length);
  });
});

describe("a past-due subscription", () => {
  it("whose period is over reads unpaid, and is not offered a cancel at period end", async () => {
    // Canceling it "at period end" would cancel it at once and begin the account's deletion.
    const over = { ...STARTED.subscription, status: "past_due" as const, currentPeriodEnd: PAST };
    const ahead = {
      ...STARTED.subscription,
      id: "sub-ahead",
      accountName: "Ahead Ltd",
      status: "past_due" as const,
      currentPeriodEnd: AHEAD,
    };
    server.use(
      http.get("*/api/subscriptions", () =>
        HttpResponse.json([ahead, over], { headers: { "Content-Range": "subscriptions 0-1/2" } }),
      ),
      http.get(`*/api/subscriptions/${over.id}`, () => HttpResponse.json(over)),
      http.get("*/api/payments", () => HttpResponse.json([], { headers: { "Content-Range": "payments 0-0/0" } })),
      // The list's saved filters panel asks for its own, after the rows.
      http.get("*/api/saved-queries", () => HttpResponse.json([])),
    );
    await renderConsole("/payments?section=subscription", { role: "SuperAdmin" });
    const table = await screen.findByRole("table");
    // Both rows' access is answered together: the one still in its period is offered the cancel.
    await within(table).findByRole("button", { name: `Cancel at period end: ${ahead.plan}, Ahead Ltd` });
    expect(within(table).getAllByRole("button", { name: /^Cancel at period end/ })).toHaveLength(1);
    cleanup();

    await renderConsole(`/subscription/${over.id}`, { role: "SuperAdmin" });
    expect(await screen.findByText(/^Unpaid since /)).toBeInTheDocument();
    expect(screen.queryByText(/^Renews on /)).not.toBeInTheDocument();
  });
});

describe("a canceled subscription", () => {
  it("reads Canceled: a past-due one replaced by a new subscription is not its account's grace period", async () => {
    const replaced = { ...STARTED.subscription, id: "sub-old", status: "canceled", currentPeriodEnd: PAST };
    server.use(
      http.get("*/api/subscriptions", () =>
        HttpResponse.json([STARTED.subscription, replaced], { headers: { "Content-Range": "subscriptions 0-1/2" } }),
      ),
    );
    await renderConsole("/payments?section=subscription", { role: "Admin" });
    const table = await screen.findByRole("table");
    expect(await within(table).findByText("Canceled")).toBeInTheDocument();
    expect(within(table).queryByText(/grace period/)).not.toBeInTheDocument();
  });
});

describe("Keep subscription", () => {
  it("says what keeping it does: it renews on its date and is charged then; Let it end leaves it, Keep subscription keeps it", async () => {
    // Set to cancel at the end of a period still ahead: Keep subscription undoes that.
    const canceling = { ...STARTED.subscription, cancelAtPeriodEnd: true, currentPeriodEnd: AHEAD };
    const resumed: string[] = [];
    server.use(
      http.get("*/api/subscriptions", () =>
        HttpResponse.json([canceling], { headers: { "Content-Range": "subscriptions 0-0/1" } }),
      ),
      http.post("*/api/subscriptions/:id/resume", ({ params }) => {
        resumed.push(String(params.id));
        return HttpResponse.json({ ...canceling, cancelAtPeriodEnd: false, version: canceling.version + 1 });
      }),
    );
    await renderConsole("/payments?section=subscription", { role: "Admin" });
    const keep = await screen.findByRole("button", {
      name: `Keep subscription: ${canceling.plan}, ${canceling.accountName}`,
    });

    fireEvent.click(keep);
    let dialog = await screen.findByRole("dialog", { name: "Keep this subscription?" });
    expect(dialog).toHaveTextContent(
      `It is no longer canceled at the end of the period: it renews on ${formatDate(AHEAD)}, and £149.00 is charged then.`,
    );
    expect(within(dialog).queryByText("Are you sure?")).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole("button", { name: "Let it end" }));
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Keep this subscription?" })).not.toBeInTheDocument(),
    );
    expect(resumed).toEqual([]);

    fireEvent.click(keep);
    dialog = await screen.findByRole("dialog", { name: "Keep this subscription?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Keep subscription" }));
    expect(await screen.findByText("The subscription renews as usual")).toBeInTheDocument();
    expect(resumed).toEqual([canceling.id]);
  });
});
