/**
 * Issue 13: a page's first lists leave with the menu click, while the page draws, and the page takes
 * that answer rather than asking again — react-admin's own list query must be the very call the
 * console remembered (src/dataProvider/pagePrefetch.ts).
 */
import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ConsoleDataProvider } from "../../src/dataProvider";
import { PAGE_PREFETCH_KEY } from "../../src/dataProvider/pagePrefetch";
import { createConsoleProviders } from "../../src/providers";
import { renderConsole } from "./harness/renderConsole";
import { installResourceService, listRequests, tableRows } from "./harness/resourceService";

installResourceService();

describe("a menu click", () => {
  it("asks for the page's first list with the click, and the page does not ask again", async () => {
    const real = createConsoleProviders({ storage: window.localStorage }).dataProvider;
    const prefetchPage = vi.fn((pathname: string) => real.prefetchPage(pathname));
    const dataProvider = new Proxy(real, {
      get: (target, name) => (name === "prefetchPage" ? prefetchPage : Reflect.get(target, name)),
    }) as ConsoleDataProvider;
    await renderConsole("/users", { role: "SuperAdmin", providers: { dataProvider } });
    await waitFor(() => expect(tableRows().length).toBeGreaterThan(0));
    const menu = await screen.findByRole("navigation", { name: "Main menu" });

    fireEvent.click(within(menu).getByRole("link", { name: "Accounts" }));
    await waitFor(() => expect(tableRows()).toHaveLength(25));
    fireEvent.click(within(menu).getByRole("link", { name: "Users" }));
    await waitFor(() => expect(screen.getByRole("heading", { name: "Users" })).toBeInTheDocument());
    await waitFor(() => expect(tableRows().length).toBeGreaterThan(0));
    const usersAsked = listRequests("users").length;

    // Back to the accounts: the click asks for the list the page asked for on its last visit…
    fireEvent.click(within(menu).getByRole("link", { name: "Accounts" }));
    expect(prefetchPage).toHaveBeenLastCalledWith("/accounts");
    await waitFor(() => expect(tableRows()).toHaveLength(25));
    const remembered = JSON.parse(window.localStorage.getItem(PAGE_PREFETCH_KEY)!) as {
      pages: Record<string, { resource: string }[]>;
    };
    expect(remembered.pages["/accounts"]!.map((call) => call.resource)).toContain("accounts");
    // …and the page takes that answer: one request for the list this visit (two calls would be three).
    await waitFor(() => expect(listRequests("accounts")).toHaveLength(2));
    expect(listRequests("users")).toHaveLength(usersAsked);
    // The current page's own item asks for nothing.
    prefetchPage.mockClear();
    fireEvent.click(within(menu).getByRole("link", { name: "Accounts" }));
    expect(prefetchPage).not.toHaveBeenCalled();
  });
});
