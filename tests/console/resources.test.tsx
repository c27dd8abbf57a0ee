import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { renderConsole } from "./harness/renderConsole";
import { server } from "./harness/server";
import { day, db, lastQuery, listRequests, tableRows, installResourceService } from "./harness/resourceService";

installResourceService();

describe("accounts list (DataTable, filters, sort, pagination, export)", () => {
  it("asks for the first page, newest first", async () => {
    await renderConsole("/accounts", { role: "SuperAdmin" });
    expect(await screen.findByRole("heading", { name: "Accounts" })).toBeInTheDocument();
    await waitFor(() => expect(tableRows()).toHaveLength(25));
    expect(lastQuery("accounts")).toEqual({ sort: ["createdAt", "DESC"], range: [0, 24], filter: {} });
    expect(within(tableRows()[0]).getByText("Account 30")).toBeInTheDocument();
  });

  it("sorts by a column", async () => {
    await renderConsole('/accounts?filter={"status":"suspended"}', { role: "SuperAdmin" });
    await waitFor(() => expect(tableRows()).toHaveLength(6));
    expect(within(tableRows()[0]).getByText("Account 30")).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText("Sort by name ascending"));
    await waitFor(() => expect(lastQuery("accounts").sort).toEqual(["name", "ASC"]));
    await waitFor(() => expect(within(tableRows()[0]).getByText("Account 05")).toBeInTheDocument());
  });

  it("pages", async () => {
    await renderConsole("/accounts?sort=name&order=ASC&perPage=10", { role: "SuperAdmin" });
    await waitFor(() => expect(tableRows()).toHaveLength(10));
    fireEvent.click(screen.getByLabelText("Go to next page"));
    await waitFor(() => expect(lastQuery("accounts").range).toEqual([10, 19]));
    await waitFor(() => expect(within(tableRows()[0]).getByText("Account 11")).toBeInTheDocument());
  });

  it("goes back to the first page when a facet is chosen", async () => {
    await renderConsole("/accounts?sort=name&order=ASC&page=2", { role: "SuperAdmin" });
    await waitFor(() => expect(tableRows()).toHaveLength(5));
    expect(lastQuery("accounts").range).toEqual([25, 49]);
    fireEvent.click(within(screen.getByRole("complementary")).getByText("Suspended"));
    await waitFor(() => expect(lastQuery("accounts").filter).toEqual({ status: "suspended" }));
    expect(lastQuery("accounts").range).toEqual([0, 24]);
    await waitFor(() => expect(tableRows()).toHaveLength(6));
  });

  it("filters by facet and search together", async () => {
    await renderConsole('/accounts?filter={"status":"suspended"}', { role: "SuperAdmin" });
    await waitFor(() => expect(tableRows()).toHaveLength(6));
    fireEvent.change(screen.getByRole("textbox", { name: "Search" }), { target: { value: "Account 15" } });
    await waitFor(() => expect(lastQuery("accounts").filter).toEqual({ status: "suspended", q: "Account 15" }));
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    expect(within(tableRows()[0]).getByText("Account 15")).toBeInTheDocument();
  });

  it("exports on the service with the list's filter and sort, not the rows on screen", async () => {
    const createObjectURL = vi.fn(() => "blob:accounts");
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    await renderConsole('/accounts?filter={"status":"suspended"}&sort=name&order=ASC', { role: "SuperAdmin" });
    await waitFor(() => expect(tableRows()).toHaveLength(6));
    fireEvent.click(screen.getByRole("button", { name: "Export" }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const exported = db.requests.find((url) => url.pathname === "/api/accounts/export.csv")!;
    expect(JSON.parse(exported.searchParams.get("filter")!)).toEqual({ status: "suspended" });
    expect(JSON.parse(exported.searchParams.get("sort")!)).toEqual(["name", "ASC"]);
    expect(await screen.findByText("Export downloaded")).toBeInTheDocument();
  });

  it("shows /accounts/:accountId as the account's page, not react-admin's", async () => {
    await renderConsole("/accounts/acc-3", { role: "SuperAdmin" });
    expect(await screen.findByRole("heading", { name: "Account 03" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Businesses" })).toBeInTheDocument();
    expect(screen.getByTestId("stat-Tests")).toHaveTextContent("43");
  });
});

describe("editing an account (validation and the 409 rule)", () => {
  it("shows the service's field error on the field, keeping the input", async () => {
    await renderConsole("/accounts/acc-1", { role: "SuperAdmin" });
    const email = await screen.findByLabelText("Email *");
    fireEvent.change(email, { target: { value: "taken@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("This email is already used.")).toBeInTheDocument();
    expect(screen.getByLabelText("Email *")).toHaveValue("taken@example.com");
  });

  it("asks before leaving a form with unsaved changes, and stays when the user says no", async () => {
    await renderConsole("/accounts/acc-1", { role: "SuperAdmin" });
    const email = await screen.findByLabelText("Email *");
    fireEvent.change(email, { target: { value: "edited@example.com" } });
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(false);
    fireEvent.click(screen.getByRole("link", { name: "Gallery" }));
    await waitFor(() => expect(confirm).toHaveBeenCalled());
    expect(window.location.pathname).toBe("/accounts/acc-1");
    expect(screen.getByLabelText("Email *")).toHaveValue("edited@example.com");
    confirm.mockRestore();
  });

  it("says the record changed, reloads it keeping the user's edits, then saves against the new version", async () => {
    await renderConsole("/accounts/acc-1", { role: "SuperAdmin" });
    const name = await screen.findByLabelText("Name *");
    // Someone else saves the account meanwhile.
    Object.assign(db.accounts[0], { version: 2, phone: "+1 555 0100" });
    fireEvent.change(name, { target: { value: "Brilliant Gems Ltd" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));

    const alert = await screen.findByText("This record was changed by someone else.", {
      selector: ".MuiAlertTitle-root",
    });
    expect(alert.parentElement).toHaveTextContent("Reload it to see the changes; your edits are kept.");
    expect(db.bodies.at(-1)).toMatchObject({ method: "PUT", path: "accounts/acc-1", body: { version: 1 } });
    expect(screen.getByLabelText("Name *")).toHaveValue("Brilliant Gems Ltd");

    fireEvent.click(screen.getByRole("button", { name: "Reload" }));
    await waitFor(() => expect(screen.getByLabelText("Phone")).toHaveValue("+1 555 0100"));
    expect(screen.getByLabelText("Name *")).toHaveValue("Brilliant Gems Ltd");
    await waitFor(() =>
      expect(
        screen.queryByText("This record was changed by someone else.", { selector: ".MuiAlertTitle-root" }),
      ).not.toBeInTheDocument(),
    );

    // (Not waiting for the "Changes saved" toast: it queues behind the two above.)
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(db.accounts[0]).toMatchObject({ name: "Brilliant Gems Ltd", version: 3 }));
    expect(db.bodies.at(-1)).toMatchObject({ body: { version: 2, name: "Brilliant Gems Ltd", phone: "+1 555 0100" } });
  });
});

describe("saved filters on the service", () => {
  it("saves the current filters on the service", async () => {
    await renderConsole('/accounts?filter={"status":"suspended"}', { role: "SuperAdmin" });
    await waitFor(() => expect(tableRows()).toHaveLength(6));
    const aside = screen.getByRole("complementary");
    fireEvent.click(within(aside).getByRole("button", { name: "Save current filters" }));
    const dialog = await screen.findByRole("dialog", { name: "Save these filters" });
    fireEvent.change(within(dialog).getByLabelText("Name"), { target: { value: "Suspended accounts" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Filters saved")).toBeInTheDocument();
    expect(db.bodies.at(-1)).toEqual({
      method: "POST",
      path: "saved-queries",
      body: {
        resource: "accounts",
        label: "Suspended accounts",
        value: { filter: { status: "suspended" }, sort: { field: "createdAt", order: "DESC" }, perPage: 25 },
      },
    });
    // The list of saved filters is read again: the new one is there, and it is the current query.
    expect(await within(aside).findByRole("button", { name: "Suspended accounts" })).toHaveClass("Mui-selected");
  });

  it("finds saved filters in another browser (nothing in localStorage) and applies one", async () => {
    db.savedQueries = [
      {
        id: "q-1",
        resource: "accounts",
        label: "Suspended accounts",
        value: { filter: { status: "suspended" }, sort: { field: "createdAt", order: "DESC" }, perPage: 25 },
        createdAt: day(0),
      },
    ];
    await renderConsole("/accounts", { role: "SuperAdmin" });
    await waitFor(() => expect(tableRows()).toHaveLength(25));
    expect(lastQuery("accounts").filter).toEqual({});
    const saved = await within(screen.getByRole("complementary")).findByRole("button", { name: "Suspended accounts" });
    fireEvent.click(saved);
    await waitFor(() => expect(lastQuery("accounts").filter).toEqual({ status: "suspended" }));
    await waitFor(() => expect(tableRows()).toHaveLength(6));
  });

  it("removes a saved filter (react-admin's delete), and says so", async () => {
    db.savedQueries = [
      {
        id: "q-1",
        resource: "accounts",
        label: "UK",
        value: { filter: { country: "GB" }, sort: { field: "createdAt", order: "DESC" }, perPage: 25 },
        createdAt: day(0),
      },
    ];
    server.use(
      http.delete("*/api/saved-queries/:id", ({ params }) => {
        db.bodies.push({ method: "DELETE", path: `saved-queries/${String(params.id)}`, body: null });
        db.savedQueries = db.savedQueries.filter((query) => query.id !== params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await renderConsole("/accounts", { role: "SuperAdmin" });
    const aside = await screen.findByRole("complementary");
    fireEvent.click(await within(aside).findByRole("button", { name: "Remove UK" }));
    expect(await screen.findByText("Saved filters removed")).toBeInTheDocument();
    expect(db.bodies.at(-1)).toEqual({ method: "DELETE", path: "saved-queries/q-1", body: null });
    await waitFor(() => expect(within(aside).queryByRole("button", { name: "UK" })).not.toBeInTheDocument());
  });

  it("is offered to super admins only", async () => {
    await renderConsole("/users", { role: "Admin" });
    await waitFor(() => expect(tableRows().length).toBeGreaterThan(0));
    expect(screen.queryByText("Saved filters")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Export" })).not.toBeInTheDocument();
  });
});

describe("role visibility (spec §2, §6)", () => {
  it("keeps managers out of payments", async () => {
    await renderConsole("/payments", { role: "Manager" });
    expect(await screen.findByText("Page not found.")).toBeInTheDocument();
    expect(listRequests("payments")).toHaveLength(0);
  });

  it("lets an admin change a user's role, with the user's version", async () => {
    await renderConsole("/users/u-2", { role: "Admin" });
    expect(await screen.findByRole("heading", { name: "Grace Hopper" })).toBeInTheDocument();
    fireEvent.click(await screen.findByRole("button", { name: "Change role" }));
    const dialog = await screen.findByRole("dialog", { name: "Change the role of Grace Hopper" });
    fireEvent.mouseDown(within(dialog).getByRole("combobox"));
    const options = within(screen.getByRole("listbox"))
      .getAllByRole("option")
      .map((option) => option.textContent);
    expect(options).toEqual(["Admin", "Manager", "User"]);
    fireEvent.click(screen.getByRole("option", { name: "Manager" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Change role" }));
    expect(await screen.findByText("Role changed to Manager")).toBeInTheDocument();
    expect(db.bodies.at(-1)).toEqual({ method: "POST", path: "users/u-2/role", body: { role: "Manager", version: 3 } });
  });

  it("does not offer a manager the change-role action", async () => {
    await renderConsole("/users/u-2", { role: "Manager" });
    expect(await screen.findByRole("heading", { name: "Grace Hopper" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Change role" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Disable" })).not.toBeInTheDocument();
  });
});

describe("a list's bulk bar", () => {
  const selectFirstRow = async () => {
    await waitFor(() => expect(tableRows().length).toBeGreaterThan(0));
    fireEvent.click(within(tableRows()[0]!).getByRole("checkbox", { name: "Select this row" }));
  };

  it("offers the list's own action (loaded after the rows), then the export of the selection", async () => {
    await renderConsole("/users", { role: "SuperAdmin" });
    await selectFirstRow();
    expect(await screen.findByRole("button", { name: "Disable selected" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Export selected" })).toBeInTheDocument();
  });

  it("says how many it disabled and how many of the selection it left as they were", async () => {
    const disabled: string[] = [];
    server.use(
      http.post("*/api/users/:id/disable", ({ params }) => {
        disabled.push(String(params.id));
        const target = db.users.find((item) => item.id === params.id)!;
        Object.assign(target, { status: "disabled", version: target.version + 1 });
        return HttpResponse.json(target);
      }),
    );
    await renderConsole("/users", { role: "Admin" });
    await waitFor(() => expect(tableRows().length).toBeGreaterThan(0));
    // Grace, and the admin themself, whom they may not disable.
    for (const name of ["Grace Hopper", "Ada Admin"]) {
      const row = tableRows().find((candidate) => within(candidate).queryByText(name))!;
      fireEvent.click(within(row).getByRole("checkbox", { name: "Select this row" }));
    }
    fireEvent.click(await screen.findByRole("button", { name: "Disable selected" }));
    expect(
      await screen.findByText("User disabled. 1 selected was left as it was: already so, or not yours to change."),
    ).toBeInTheDocument();
    expect(disabled).toEqual(["u-2"]);
  });

  it("leaves the export out for those who may not export", async () => {
    await renderConsole("/users", { role: "Admin" });
    await selectFirstRow();
    expect(await screen.findByRole("button", { name: "Disable selected" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Export selected" })).not.toBeInTheDocument();
  });
});

describe("accounts list's bookmarks", () => {
  it("asks the bookmarks once for the page and stars a row", async () => {
    const stored: { resource: string; recordId: string }[] = [];
    let asked = 0;
    server.use(
      http.get("*/api/bookmarks", () => {
        asked++;
        return HttpResponse.json({ items: stored });
      }),
      http.put("*/api/bookmarks", async ({ request }) => {
        const body = (await request.json()) as { items: typeof stored };
        stored.splice(0, stored.length, ...body.items);
        return HttpResponse.json({ items: stored });
      }),
    );
    await renderConsole("/accounts", { role: "SuperAdmin" });
    await waitFor(() => expect(tableRows()).toHaveLength(25));
    const stars = () => screen.getAllByRole("button", { name: "Bookmark" });
    expect(stars()).toHaveLength(25);
    expect(asked).toBe(1);
    fireEvent.click(within(tableRows()[0]).getByRole("button", { name: "Bookmark" }));
    const pressed = await within(tableRows()[0]).findByRole("button", { name: "Remove bookmark" });
    expect(pressed).toHaveAttribute("aria-pressed", "true");
    expect(stored).toEqual([{ resource: "accounts", recordId: expect.any(String) }]);
    expect(stars()).toHaveLength(24);
  });
});

describe("a list's columns, from its resource's contract", () => {
  // The table as drawn, also behind the open column chooser (which hides the page from assistive tech).
  const headers = () =>
    within(screen.getByRole("table", { hidden: true }))
      .getAllByRole("columnheader", { hidden: true })
      .map((cell) => cell.textContent)
      .filter(Boolean);

  it("draws the declared columns in order, hides the declared hidden ones, and each value by its field", async () => {
    await renderConsole("/users", { role: "SuperAdmin" });
    await waitFor(() => expect(tableRows().length).toBeGreaterThan(0));
    expect(headers()).toEqual(["Name", "Email", "Role", "Account", "Business", "Status", "Last sign-in"]);
    const row = tableRows().find((each) => within(each).queryByText("user-SuperAdmin@example.com"))!;
    const cell = (source: string) => row.querySelector(`.column-${source}`)!;
    // The role in its words (`roles.SuperAdmin`), the status as a chip, the sign-in in the reader's time.
    expect(cell("role").textContent).toBe("Super Admin");
    expect(cell("status").querySelector("[data-status=active]")).not.toBeNull();
    expect(cell("lastSignInAt").textContent).not.toBe("");
    expect(cell("lastSignInAt").textContent).not.toContain("T");
  });

  it("writes a number column's values in the reader's format, aligned right", async () => {
    const newest = db.accounts.find((each) => each.name === "Account 30")!;
    newest.testCount = 12345;
    await renderConsole("/accounts", { role: "SuperAdmin" });
    await waitFor(() => expect(tableRows()).toHaveLength(25));
    const cell = tableRows()[0]!.querySelector(".column-testCount")!;
    expect(cell.textContent).toBe((12345).toLocaleString());
    expect(cell).toHaveClass("MuiTableCell-alignRight");
  });

  it("draws its body cells plain (styled once by the table), one per shown column, the chooser's choice followed", async () => {
    await renderConsole("/users", { role: "SuperAdmin" });
    await waitFor(() => expect(tableRows().length).toBeGreaterThan(0));
    const bodyCells = (row: HTMLElement) => [...row.querySelectorAll<HTMLElement>("td.RaDataTable-rowCell")];
    const firstRow = tableRows()[0]!;
    // No emotion class of its own: a cell's style is the table's rule (theme.ts), not one per cell.
    for (const cell of bodyCells(firstRow))
      expect([...cell.classList].filter((name) => name.startsWith("css-"))).toEqual([]);
    // The declared hidden column (createdAt) has no cell: as many cells as headings.
    expect(bodyCells(firstRow)).toHaveLength(headers().length);
    expect(firstRow.querySelector(".column-createdAt")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Columns" }));
    fireEvent.click(await screen.findByRole("checkbox", { name: "Email" }));
    fireEvent.keyDown(screen.getByRole("dialog", { name: "Columns" }), { key: "Escape" });
    await waitFor(() => expect(tableRows()[0]!.querySelector(".column-email")).toBeNull());
    expect(headers()).not.toContain("Email");
    expect(bodyCells(tableRows()[0]!)).toHaveLength(headers().length);
  });

  it("chooses columns with check boxes and buttons: shown, hidden, moved from the keyboard, reset", async () => {
    await renderConsole("/users", { role: "SuperAdmin" });
    await waitFor(() => expect(tableRows().length).toBeGreaterThan(0));
    fireEvent.click(screen.getByRole("button", { name: "Columns" }));
    const panel = await screen.findByRole("dialog", { name: "Columns" });
    // No menu and no switch inside options (axe: nested interactive controls): a list of check boxes.
    expect(within(panel).queryByRole("menu")).toBeNull();
    expect(within(panel).queryByRole("option")).toBeNull();
    const boxes = () =>
      within(panel)
        .getAllByRole("checkbox")
        .map((box) => box.closest("label")!.textContent);
    expect(boxes()).toEqual(["Name", "Email", "Role", "Account", "Business", "Status", "Last sign-in", "Created"]);
    expect(within(panel).getByRole("checkbox", { name: "Created" })).not.toBeChecked();

    // Shown: the declared hidden column comes in where the chooser lists it.
    fireEvent.click(within(panel).getByRole("checkbox", { name: "Created" }));
    await waitFor(() => expect(headers()).toContain("Created"));

    // Moved up, then down, by its buttons; the focus stays on the button pressed.
    const up = within(panel).getByRole("button", { name: "Move Role up" });
    fireEvent.click(up);
    await waitFor(() => expect(headers().slice(0, 3)).toEqual(["Name", "Role", "Email"]));
    expect(boxes().slice(0, 3)).toEqual(["Name", "Role", "Email"]);
    await waitFor(() => expect(within(panel).getByRole("button", { name: "Move Role up" })).toHaveFocus());
    fireEvent.click(within(panel).getByRole("button", { name: "Move Role down" }));
    await waitFor(() => expect(headers().slice(0, 3)).toEqual(["Name", "Email", "Role"]));
    await waitFor(() => expect(within(panel).getByRole("button", { name: "Move Role down" })).toHaveFocus());
    // At either end the move that cannot be made is not offered.
    expect(within(panel).getByRole("button", { name: "Move Name up" })).toBeDisabled();
    expect(within(panel).getByRole("button", { name: "Move Created down" })).toBeDisabled();

    // Reset: the declared order and hidden columns again.
    fireEvent.click(within(panel).getByRole("button", { name: "Move Email up" }));
    await waitFor(() => expect(headers()[0]).toBe("Email"));
    fireEvent.click(within(panel).getByRole("button", { name: "Reset columns" }));
    await waitFor(() =>
      expect(headers()).toEqual(["Name", "Email", "Role", "Account", "Business", "Status", "Last sign-in"]),
    );
    expect(within(panel).getByRole("checkbox", { name: "Created" })).not.toBeChecked();
  });

  it("keeps one column at least: the last one shown cannot be hidden", async () => {
    await renderConsole("/users", { role: "SuperAdmin" });
    await waitFor(() => expect(tableRows().length).toBeGreaterThan(0));
    fireEvent.click(screen.getByRole("button", { name: "Columns" }));
    const panel = await screen.findByRole("dialog", { name: "Columns" });
    for (const name of ["Email", "Role", "Account", "Business", "Status", "Last sign-in"])
      fireEvent.click(within(panel).getByRole("checkbox", { name }));
    await waitFor(() => expect(headers()).toEqual(["Name"]));
    expect(within(panel).getByRole("checkbox", { name: "Name" })).toBeDisabled();
  });

  it("renders on a phone the first two columns drawn only, as the Columns chooser orders and hides them", async () => {
    // A phone: MUI's `down("sm")` and `down("md")` queries match.
    const desktop = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...desktop(query),
      matches: /max-width:\s*(599|899)\.95px/.test(query),
    })) as typeof window.matchMedia;
    try {
      await renderConsole("/users", { role: "SuperAdmin" });
      await waitFor(() => expect(tableRows().length).toBeGreaterThan(0));
      const cellsOf = (row: Element) =>
        [...row.querySelectorAll("td.RaDataTable-rowCell")].map((cell) => cell.className.match(/column-(\w+)/)?.[1]);
      expect(headers()).toEqual(["Name", "Email"]);
      expect(cellsOf(tableRows()[0]!)).toEqual(["lastName", "email"]);

      fireEvent.click(screen.getByRole("button", { name: "Columns" }));
      const panel = await screen.findByRole("dialog", { name: "Columns" });
      fireEvent.click(within(panel).getByRole("button", { name: "Move Role up" }));
      await waitFor(() => expect(headers()).toEqual(["Name", "Role"]));
      fireEvent.click(within(panel).getByRole("checkbox", { name: "Name" }));
      await waitFor(() => expect(headers()).toEqual(["Role", "Email"]));
      // Behind the open panel the table is hidden from roles: its first row read from the markup.
      expect(cellsOf(document.querySelector("tbody tr")!)).toEqual(["role", "email"]);
    } finally {
      window.matchMedia = desktop;
    }
  });

  it("leaves out the account column for those who see one account", async () => {
    await renderConsole("/users", { role: "Admin" });
    await waitFor(() => expect(tableRows().length).toBeGreaterThan(0));
    expect(headers()).not.toContain("Account");
  });
});
