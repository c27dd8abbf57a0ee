import { beforeEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type { Discount } from "../../src/api/resources";
import { createConsoleStore } from "../../src/custom/layout/consoleStore";
import { ACTIVITY_ENTRY, CONTRACT } from "../fixtures/contract";
import { renderConsole } from "./harness/renderConsole";
import { discount, installResourceService, tableRows } from "./harness/resourceService";
import { reply, server } from "./harness/server";
import { ListPage } from "../../src/resources/shared/ListPage";

/**
 * A list whose query the service refuses (400 {message}, docs/api-resources.md "Lists") goes back to
 * its default sort and filters, says why, and no longer keeps the refused query in react-admin's
 * stored list parameters (or the URL): coming back opens the default list, not an empty screen.
 */
installResourceService();

/** What this service lets a discounts list sort and filter on (no `description`). */
const SORTABLE = new Set(["code", "createdAt"]);
const FILTERABLE = new Set(["q", "active", "kind"]);

let requests: URL[];
/** Refuse even the default sort (a service that refuses every query). */
let refuseEverything: boolean;

const sortOf = (url: URL) => JSON.parse(url.searchParams.get("sort") ?? "null") as [string, string] | null;
const refusedRequests = () => requests.filter((url) => sortOf(url)?.[0] === "description");

beforeEach(() => {
  requests = [];
  refuseEverything = false;
  const rows = [1, 2, 3].map(discount);
  server.use(
    http.get("*/api/discounts", ({ request }) => {
      const url = new URL(request.url);
      requests.push(url);
      const [field, order] = sortOf(url) ?? ["id", "ASC"];
      const filter = JSON.parse(url.searchParams.get("filter") ?? "{}") as Record<string, unknown>;
      if (refuseEverything || !SORTABLE.has(field)) {
        return reply(CONTRACT.lists.unknownSort(field));
      }
      const unknown = Object.keys(filter).find((key) => !FILTERABLE.has(key));
      if (unknown) return HttpResponse.json({ message: `filter: unknown field ${unknown}` }, { status: 400 });
      const sorted = [...rows].sort((a, b) => {
        const compare = String(a[field as keyof Discount]).localeCompare(String(b[field as keyof Discount]));
        return order === "DESC" ? -compare : compare;
      });
      return HttpResponse.json(sorted, { headers: { "Content-Range": `discounts 0-${sorted.length - 1}/3` } });
    }),
  );
});

const WARNING = /^This list could not be shown as asked \(.+\)\. It is back to its default order and filters\.$/;
const codes = () => tableRows().map((row) => within(row).getAllByRole("cell")[1]!.textContent);
/** react-admin's stored list parameters, as the next page load reads them (localStorage). */
const storedParams = () =>
  createConsoleStore(window.localStorage).getItem<Record<string, unknown>>("discounts.listParams");

describe("a list query the service refuses", () => {
  it("goes back to the default sort from the stored parameters, says why, and stays there on the next visit", async () => {
    // A sort saved by an earlier visit (react-admin's store), which this service refuses.
    createConsoleStore(window.localStorage).setItem("discounts.listParams", {
      sort: "description",
      order: "ASC",
      page: 1,
      perPage: 25,
      filter: {},
    });
    await renderConsole("/discounts", { role: "SuperAdmin" });

    expect(
      await screen.findByText(
        "This list could not be shown as asked (sort: unknown field description). It is back to its default order and filters.",
      ),
    ).toBeInTheDocument();
    // The default query's rows, newest first.
    await waitFor(() => expect(codes()).toEqual(["CODE3", "CODE2", "CODE1"]));
    expect(refusedRequests()).toHaveLength(1);
    expect(sortOf(requests.at(-1)!)).toEqual(["createdAt", "DESC"]);
    // The refused sort is gone from the stored parameters and the URL.
    expect(storedParams()).toMatchObject({ sort: "createdAt", order: "DESC", page: 1, filter: {} });
    expect(window.location.search).not.toContain("description");
    // The refusal is said once, as a warning, not also as react-admin's error toast queued behind it.
    fireEvent.click(document.body);
    await waitFor(() => expect(screen.queryByText(WARNING)).not.toBeInTheDocument());
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();

    // Coming back (a new page load on the same storage): the default list, no refused request.
    cleanup();
    await renderConsole("/discounts", { role: "SuperAdmin" });
    await waitFor(() => expect(codes()).toEqual(["CODE3", "CODE2", "CODE1"]));
    expect(refusedRequests()).toHaveLength(1);
    expect(screen.queryByText(WARNING)).not.toBeInTheDocument();
  });

  it("drops a refused filter and sort given in the URL", async () => {
    await renderConsole('/discounts?sort=description&order=DESC&page=2&filter={"x":"1"}', { role: "SuperAdmin" });
    expect(await screen.findByText(WARNING)).toBeInTheDocument();
    await waitFor(() => expect(codes()).toEqual(["CODE3", "CODE2", "CODE1"]));
    const last = requests.at(-1)!;
    expect(sortOf(last)).toEqual(["createdAt", "DESC"]);
    expect(JSON.parse(last.searchParams.get("filter") ?? "{}")).toEqual({});
    expect(JSON.parse(last.searchParams.get("range")!)).toEqual([0, 24]);
    expect(storedParams()).toMatchObject({ sort: "createdAt", order: "DESC", page: 1, filter: {} });
    // The address follows the stored parameters a render later (react-admin's sync with the location).
    await waitFor(() => expect(window.location.search).not.toContain("description"));
  });

  it("does nothing more than the usual error when the default query is refused", async () => {
    refuseEverything = true;
    await renderConsole("/discounts", { role: "SuperAdmin" });
    // The service's message in the list area (not "No Discounts found") and in react-admin's error
    // toast; no reset, no second request.
    await waitFor(() =>
      expect(document.querySelector(".RaList-content [role=alert]")).toHaveTextContent("sort: unknown field createdAt"),
    );
    await waitFor(() => expect(screen.getAllByText("sort: unknown field createdAt")).toHaveLength(2));
    expect(screen.queryByText(WARNING)).not.toBeInTheDocument();
    expect(screen.queryByText("No Discounts found")).not.toBeInTheDocument();
    // Nothing was listed: no pager claiming rows "of more than 10,000" (outside review).
    expect(screen.queryByText(/of more than/)).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Go to next page" })).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(requests.map((url) => sortOf(url)?.[0])).toEqual(["createdAt"]);
  });

  it("goes back to the default once: when the default is refused too, it stops there (no loop)", async () => {
    refuseEverything = true;
    await renderConsole("/discounts?sort=code&order=ASC", { role: "SuperAdmin" });
    expect(
      await screen.findByText(
        "This list could not be shown as asked (sort: unknown field code). It is back to its default order and filters.",
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(requests.map((url) => sortOf(url)?.[0])).toEqual(["code", "createdAt"]));
    // Given time to loop, it does not.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(requests).toHaveLength(2);
    expect(storedParams()).toMatchObject({ sort: "createdAt", order: "DESC" });
    // The refused default gets the usual error (in the list area, then as the next toast), not a second warning.
    fireEvent.click(document.body);
    await waitFor(() => expect(screen.getAllByText("sort: unknown field createdAt")).toHaveLength(2));
    expect(screen.queryByText(WARNING)).not.toBeInTheDocument();
  });

  it("drops a filter the service does not know on another list (the contract's refusal, activity feed)", async () => {
    const lists: URL[] = [];
    server.use(
      http.get("*/api/activity", ({ request }) => {
        const url = new URL(request.url);
        lists.push(url);
        const filter = JSON.parse(url.searchParams.get("filter") ?? "{}") as Record<string, unknown>;
        if ("who" in filter) return reply(CONTRACT.activity.unknownFilter);
        return HttpResponse.json([ACTIVITY_ENTRY], { headers: { "Content-Range": "activity 0-0/1" } });
      }),
    );
    createConsoleStore(window.localStorage).setItem("activity.listParams", {
      sort: "createdAt",
      order: "DESC",
      page: 1,
      perPage: 25,
      filter: { who: "someone" },
    });
    await renderConsole("/activity-feed", { role: "User" });
    expect(
      await screen.findByText(
        "This list could not be shown as asked (filter: unknown field who). It is back to its default order and filters.",
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText("Alice Morgan")).toBeInTheDocument());
    expect(JSON.parse(lists.at(-1)!.searchParams.get("filter") ?? "{}")).toEqual({});
    expect(createConsoleStore(window.localStorage).getItem("activity.listParams")).toMatchObject({ filter: {} });
    expect(lists.filter((url) => url.searchParams.get("filter")?.includes("who"))).toHaveLength(1);
  });
});

/**
 * Checked by the typecheck, not run: a list page cannot be opened without the session, since who
 * may see it is authProvider.canAccess's answer (shared/DESIGN.md), never a prop.
 */
export function listPagesKeepAuthentication() {
  // @ts-expect-error ListPage takes no disableAuthentication.
  return <ListPage title="screens.accounts" disableAuthentication />;
}
