// First: the throw-away resource joins the contracts and the screens before the console loads.
import { gaugesContract, type Gauge } from "./harness/throwAwayResource";
import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { renderConsole } from "./harness/renderConsole";
import { server } from "./harness/server";
import { account } from "./harness/resourceService";

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

/** The gauges a §7 service answers, and the queries the console asked; the bodies it wrote. */
function serveGauges({ uncounted = false } = {}): URL[] {
  const asked: URL[] = [];
  writes.length = 0;
  const accounts = [account(1), account(2)];
  server.use(
    http.get("*/api/accounts", () =>
      HttpResponse.json(accounts, { headers: { "Content-Range": "accounts 0-1/2", "X-Total-Count": "2" } }),
    ),
    http.get("*/api/gauges/:id", ({ params }) => HttpResponse.json(GAUGES.find((gauge) => gauge.id === params.id))),
    http.post("*/api/gauges", async ({ request }) => {
      const body = (await request.json()) as Partial<Gauge>;
      writes.push({ method: "POST", body });
      return HttpResponse.json({ ...GAUGES[0], ...body, id: "g-new", version: 1 }, { status: 201 });
    }),
    http.put("*/api/gauges/:id", async ({ request, params }) => {
      const body = (await request.json()) as Partial<Gauge>;
      writes.push({ method: "PUT", body });
      const gauge = GAUGES.find((row) => row.id === params.id)!;
      return HttpResponse.json({ ...gauge, ...body, version: gauge.version + 1 });
    }),
    http.get("*/api/gauges", ({ request }) => {
      const url = new URL(request.url);
      asked.push(url);
      const filter = JSON.parse(url.searchParams.get("filter") ?? "{}") as Record<string, unknown>;
      // Uncounted: a full page of more rows than the service counts, "*" as the total (and no X-Total-Count).
      const rows = uncounted
        ? Array.from({ length: 25 }, (_, n) => ({ ...GAUGES[0]!, id: `g-${n}`, name: `Gauge ${n}` }))
        : GAUGES.filter((gauge) => filter.kind === undefined || gauge.kind === filter.kind);
      return HttpResponse.json(rows, {
        headers: uncounted
          ? { "Content-Range": `gauges 0-${rows.length - 1}/*` }
          : { "Content-Range": `gauges 0-${rows.length - 1}/${rows.length}`, "X-Total-Count": `${rows.length}` },
      });
    }),
  );
  return asked;
}

const writes: { method: string; body: Partial<Gauge> }[] = [];

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

  it("says 'of more than 10,000' for a list the service did not count to the end, and offers the next page", async () => {
    serveGauges({ uncounted: true });
    await renderConsole("/gauges", { role: "Admin" });
    expect(await screen.findByText("1–25 of more than 10,000")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Go to next page" })).toBeEnabled();
  });

  it("is closed to the roles its contract does not let list", async () => {
    serveGauges();
    await renderConsole("/gauges", { role: "Manager" });
    expect(await screen.findByText("Page not found.")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Gauges" })).not.toBeInTheDocument();
  });

  it("creates and edits a record with the inputs its contract draws, checked by its declared limits", async () => {
    serveGauges();
    await renderConsole("/gauges", { role: "SuperAdmin" });
    await waitFor(() => expect(rows()).toHaveLength(2));

    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    const create = await screen.findByRole("dialog", { name: "Create Gauge" });
    const name = within(create).getByRole("textbox", { name: /^Name/ });
    fireEvent.change(name, { target: { value: "x".repeat(41) } });
    fireEvent.click(within(create).getByRole("button", { name: "Save" }));
    // The declared limits, on their fields, before anything is sent: the name's length, the
    // account and the kind required (no nullable fields), the readings' minimum.
    expect(await within(create).findByText(/40 characters/)).toBeInTheDocument();
    expect(within(create).getByRole("combobox", { name: /^Account/ })).toHaveAttribute("aria-invalid", "true");
    expect(writes).toEqual([]);

    fireEvent.change(name, { target: { value: "Pocket loupe" } });
    const accountPicker = within(create).getByRole("combobox", { name: /^Account/ });
    fireEvent.change(accountPicker, { target: { value: "Account 02" } });
    fireEvent.click(await screen.findByRole("option", { name: "Account 02" }));
    fireEvent.mouseDown(within(create).getByRole("combobox", { name: /^Kind/ }));
    fireEvent.click(await screen.findByRole("option", { name: "Loupe" }));
    const readings = within(create).getByRole("spinbutton", { name: /^Readings/ });
    fireEvent.change(readings, { target: { value: "-1" } });
    fireEvent.click(within(create).getByRole("button", { name: "Save" }));
    expect(await within(create).findByText(/at least 0/)).toBeInTheDocument();
    fireEvent.change(readings, { target: { value: "7" } });
    fireEvent.click(within(create).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: "POST",
      body: expect.objectContaining({ name: "Pocket loupe", accountId: "acc-2", kind: "loupe", readings: 7 }) as object,
    });

    // A row opens its edit dialog; Save sends the version and the contract's editable fields only.
    fireEvent.click(await screen.findByText("Bench caliper"));
    const edit = await screen.findByRole("dialog", { name: "Edit Bench caliper" });
    const editedName = await within(edit).findByRole("textbox", { name: /^Name/ });
    await waitFor(() => expect(editedName).toHaveValue("Bench caliper"));
    fireEvent.change(editedName, { target: { value: "Bench caliper 2" } });
    fireEvent.click(within(edit).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(writes[1]).toEqual({
      method: "PUT",
      body: {
        version: 1,
        name: "Bench caliper 2",
        accountId: "acc-1",
        kind: "caliper",
        calibrated: true,
        readings: 1200,
        calibratedAt: "2026-03-02T10:00:00.000Z",
      },
    });
  });

  it("offers no create or edit to a role its contract lets only list", async () => {
    serveGauges();
    await renderConsole("/gauges", { role: "Admin" });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.queryByRole("button", { name: "Create" })).not.toBeInTheDocument();
    fireEvent.click(screen.getByText("Bench caliper"));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
