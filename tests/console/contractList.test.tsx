// First: the throw-away resource joins the contracts and the screens before the console loads.
import { gaugesContract, type Gauge } from "./harness/throwAwayResource";
import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { renderConsole } from "./harness/renderConsole";
import { server } from "./harness/server";

const GAUGES: Gauge[] = [
  {
    id: "g-1",
    version: 1,
    name: "Bench caliper",
    accountId: "acc-1",
    accountName: "Account 01",
    kind: "caliper",
    calibrated: true,
    readings: 1200,
    calibratedAt: "2026-03-02T10:00:00.000Z",
  },
  {
    id: "g-2",
    version: 4,
    name: "Desk loupe",
    accountId: "acc-1",
    accountName: "Account 01",
    kind: "loupe",
    calibrated: false,
    readings: 3,
    calibratedAt: null,
  },
];

/** The gauges a §7 service answers, and the queries the console asked. */
function serveGauges(): URL[] {
  const asked: URL[] = [];
  server.use(
    http.get("*/api/gauges", ({ request }) => {
      const url = new URL(request.url);
      asked.push(url);
      const filter = JSON.parse(url.searchParams.get("filter") ?? "{}") as Record<string, unknown>;
      const rows = GAUGES.filter((gauge) => filter.kind === undefined || gauge.kind === filter.kind);
      return HttpResponse.json(rows, {
        headers: { "Content-Range": `gauges 0-${rows.length - 1}/${rows.length}`, "X-Total-Count": `${rows.length}` },
      });
    }),
  );
  return asked;
}

const rows = () => within(screen.getByRole("table")).getAllByRole("row").slice(1);
const headers = () =>
  within(screen.getByRole("table"))
    .getAllByRole("columnheader")
    .map((cell) => cell.textContent)
    .filter(Boolean);

describe("a resource with only its declaration (the recipe's throw-away resource)", () => {
  it("has its list, menu item, columns, facets and sort, all from its contract", async () => {
    const asked = serveGauges();
    await renderConsole("/gauges", { role: "Admin" });
    expect(await screen.findByRole("heading", { name: "Gauges" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Gauges" })).toHaveAttribute("href", "/gauges");
    await waitFor(() => expect(rows()).toHaveLength(2));
    // The contract's default sort, the columns without the id, version, reference and hidden ones.
    expect(JSON.parse(asked[0]!.searchParams.get("sort")!)).toEqual([...gaugesContract.defaultSort]);
    expect(headers()).toEqual(["Name", "Account", "Kind", "Calibrated", "Calibrated on"]);
    const loupe = rows()[1]!;
    expect(within(loupe).getByText("Loupe")).toBeInTheDocument();
    expect(within(loupe).getByText("No")).toBeInTheDocument();
    // No search box: the contract declares none, so the service would refuse `q`.
    expect(screen.queryByRole("textbox", { name: "Search" })).not.toBeInTheDocument();
    // A facet from a declared filter, sent as the contract names it.
    fireEvent.click(within(screen.getByRole("complementary")).getByText("Caliper"));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(JSON.parse(asked.at(-1)!.searchParams.get("filter")!)).toEqual({ kind: "caliper" });
    // Sorting only by what the contract declares: Name sorts, Kind does not.
    expect(screen.getByLabelText(/Sort by name/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/Sort by kind/)).not.toBeInTheDocument();
  });

  it("is closed to the roles its contract does not let list", async () => {
    serveGauges();
    await renderConsole("/gauges", { role: "Manager" });
    expect(await screen.findByText("Page not found.")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Gauges" })).not.toBeInTheDocument();
  });
});
