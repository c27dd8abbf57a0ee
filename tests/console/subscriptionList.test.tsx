import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { STARTED } from "../fixtures/subscriptionContract";
import { renderConsole } from "./harness/renderConsole";
import { server } from "./harness/server";

/**
 * Payments › Subscriptions (spec §2: /payments?section=subscription): the yes/no column and the
 * row's action are two things, and each is named for what it is — a keyboard or screen-reader
 * user reaches the column's sort button first, a voice-control user says what they read.
 */
describe("Payments › Subscriptions", () => {
  it("names the column (a state) and the row's action (on this subscription) apart", async () => {
    const subscription = STARTED.subscription;
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
