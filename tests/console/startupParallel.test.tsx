/**
 * Issue 13, no waterfall at start-up: what the page needs does not queue behind answers it does
 * not need. Start-up's own order (health → refresh → verify) is in shell.test.tsx and startup.test.ts.
 */
import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { renderConsole } from "./harness/renderConsole";
import { server, state } from "./harness/server";
import { installResourceService, listRequests, tableRows } from "./harness/resourceService";

installResourceService();

describe("start-up without a waterfall", () => {
  it("shows the list's rows while the subscription check is still unanswered", async () => {
    let subscriptionAsked = false;
    server.use(
      http.get("*/api/v2/payments/subscription", () => {
        subscriptionAsked = true;
        return new Promise<never>(() => undefined);
      }),
    );
    await renderConsole("/accounts", { role: "SuperAdmin" });
    await waitFor(() => expect(tableRows()).toHaveLength(25));
    expect(within(tableRows()[0]).getByText("Account 30")).toBeInTheDocument();
    expect(listRequests("accounts").length).toBeGreaterThan(0);
    // The check was asked (and is still out): the rows did not wait for it.
    expect(subscriptionAsked).toBe(true);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("asks for the saved filters only once the list's own rows are in", async () => {
    let listAsked = false;
    let savedAsked = false;
    server.use(
      http.get("*/api/accounts", () => {
        listAsked = true;
        return new Promise<never>(() => undefined);
      }),
      http.get("*/api/saved-queries", () => {
        savedAsked = true;
        return HttpResponse.json([]);
      }),
    );
    await renderConsole("/accounts", { role: "SuperAdmin" });
    await waitFor(() => expect(listAsked).toBe(true));
    // The filter sidebar is drawn while the rows are out; its saved filters wait for them.
    await screen.findByRole("complementary");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(savedAsked).toBe(false);
  });

  it("still runs start-up in its order before the page's data", async () => {
    await renderConsole("/accounts", { role: "SuperAdmin" });
    await waitFor(() => expect(tableRows()).toHaveLength(25));
    expect(state.calls.slice(0, 3)).toEqual(["GET health", "POST v2/auth/refresh", "POST verify-token"]);
  });
});
