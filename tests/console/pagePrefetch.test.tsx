/**
 * Issue 13: a page's first lists leave with the menu click, while the page draws, and the page takes
 * that answer rather than asking again — react-admin's own list query must be the very call the
 * console remembered (src/dataProvider/pagePrefetch.ts).
 */
import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ConsoleDataProvider } from "../../src/dataProvider";
import { PAGE_PREFETCH_KEY } from "../../src/dataProvider/pagePrefetch";
import { declaredFirstCall } from "../../src/access/declaredFirstData";
import { SCREEN_TABLE } from "../../src/access/screenTable";
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

/**
 * A first visit (nothing remembered) asks for the list screen's declared call while the page's code
 * loads (issue 23): only worth a request if it is exactly the call the page then makes.
 */
describe("a list screen's first call on a first visit", () => {
  const lists = SCREEN_TABLE.filter((entry) => entry.view?.as === "list");
  const superAdmin = { id: "u1", role: "SuperAdmin" as const, accountId: "a1" };

  it("is declared for every resource list of the screens table", () => {
    expect(lists.map((entry) => entry.path)).toEqual(expect.arrayContaining(["/accounts", "/users", "/devices"]));
    for (const entry of lists) expect(declaredFirstCall(entry.path, superAdmin), entry.path).toBeDefined();
  });

  for (const entry of lists) {
    it(`${entry.path}: is the very call its page makes first`, async () => {
      const real = createConsoleProviders({ storage: window.localStorage }).dataProvider;
      const calls: [string, unknown][] = [];
      const dataProvider = new Proxy(real, {
        get: (target, name) =>
          name === "getList"
            ? (resource: string, { signal: _signal, ...params }: { signal?: AbortSignal }) => {
                calls.push([resource, params]);
                // What the call is, not what it answers: an empty page for every list.
                return Promise.resolve({ data: [], total: 0 });
              }
            : Reflect.get(target, name),
      }) as ConsoleDataProvider;
      const declared = declaredFirstCall(entry.path, superAdmin)!;
      await renderConsole(entry.path, { role: "SuperAdmin", providers: { dataProvider } });
      await waitFor(() => expect(calls.some(([resource]) => resource === declared.resource)).toBe(true));
      expect(calls.find(([resource]) => resource === declared.resource)![1]).toEqual(declared.params);
    });
  }
});
