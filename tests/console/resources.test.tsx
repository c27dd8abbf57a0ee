import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type { Account, Payment, SavedQuery, User, Versioned } from "../../src/api/resources";
import type { Role } from "../../src/api/types";
import { renderConsole } from "./harness/renderConsole";
import { server } from "./harness/server";

/**
 * A small in-memory service answering docs/api-resources.md the way a conforming service would:
 * lists with sort/range/filter and Content-Range, getOne, PUT with the version rule (409) and
 * field errors (422), actions, saved queries kept per user across page loads.
 */
interface Db {
  accounts: Account[];
  users: User[];
  payments: Payment[];
  savedQueries: SavedQuery[];
  /** Every request, "METHOD path?query". */
  requests: URL[];
  bodies: { method: string; path: string; body: unknown }[];
}

const day = (index: number) => new Date(Date.UTC(2026, 0, 1 + index)).toISOString();

const account = (index: number): Account => ({
  id: `acc-${index}`,
  version: 1,
  name: `Account ${String(index).padStart(2, "0")}`,
  ownerId: `u-${index}`,
  ownerName: `Owner ${index}`,
  email: `account${index}@example.com`,
  phone: `+44 20 7946 00${String(index).padStart(2, "0")}`,
  country: "GB",
  status: index % 5 === 0 ? "suspended" : "active",
  subscriptionStatus: index % 4 === 0 ? "past_due" : "active",
  createdAt: day(index),
  businessCount: 1,
  userCount: 3,
  deviceCount: 2,
  testCount: 40 + index,
});

const user = (id: string, role: Role, accountId = "acc-1"): User => ({
  id,
  version: 3,
  firstName: id === "u-2" ? "Grace" : "Ada",
  lastName: id === "u-2" ? "Hopper" : role,
  email: `${id}@example.com`,
  role,
  accountId,
  accountName: "Account 01",
  businessId: null,
  businessName: null,
  status: "active",
  lastSignInAt: day(3),
  avatar: null,
  createdAt: day(1),
});

let db: Db;

function freshDb(): Db {
  return {
    accounts: Array.from({ length: 30 }, (_, index) => account(index + 1)),
    users: [
      user("u-2", "User"),
      ...(["SuperAdmin", "Admin", "Manager", "User"] as Role[]).map((role) => user(`user-${role}`, role)),
    ],
    payments: [],
    savedQueries: [],
    requests: [],
    bodies: [],
  };
}

type Row = Versioned & Record<string, unknown>;

function matches(row: Row, filter: Record<string, unknown>): boolean {
  return Object.entries(filter).every(([key, value]) => {
    if (key === "q") {
      const needle = String(value).toLowerCase();
      return Object.values(row).some((field) => typeof field === "string" && field.toLowerCase().includes(needle));
    }
    if (key === "id" && Array.isArray(value)) return value.includes(row.id);
    if (key.endsWith("_gte")) return String(row[key.slice(0, -4)] ?? "") >= String(value);
    if (key.endsWith("_lte")) return String(row[key.slice(0, -4)] ?? "") <= String(value);
    return row[key] === value;
  });
}

function serveList(resource: "accounts" | "users" | "payments") {
  return http.get(`*/api/${resource}`, ({ request }) => {
    const url = new URL(request.url);
    db.requests.push(url);
    const [field, order] = JSON.parse(url.searchParams.get("sort") ?? '["id","ASC"]') as [string, string];
    const [start, end] = JSON.parse(url.searchParams.get("range") ?? "[0,24]") as [number, number];
    const filter = JSON.parse(url.searchParams.get("filter") ?? "{}") as Record<string, unknown>;
    const rows = (db[resource] as unknown as Row[])
      .filter((row) => matches(row, filter))
      .sort((a, b) => {
        const compare = String(a[field]).localeCompare(String(b[field]));
        return order === "DESC" ? -compare : compare;
      });
    const page = rows.slice(start, end + 1);
    return HttpResponse.json(page, {
      headers: { "Content-Range": `${resource} ${start}-${start + page.length - 1}/${rows.length}` },
    });
  });
}

function serveOne(resource: "accounts" | "users" | "payments") {
  return [
    http.get(`*/api/${resource}/:id`, ({ params }) => {
      const row = (db[resource] as unknown as Row[]).find((item) => item.id === params.id);
      return row ? HttpResponse.json(row) : HttpResponse.json({ message: "Not found." }, { status: 404 });
    }),
    http.put(`*/api/${resource}/:id`, async ({ params, request }) => {
      const body = (await request.json()) as Row;
      db.bodies.push({ method: "PUT", path: `${resource}/${String(params.id)}`, body });
      const rows = db[resource] as unknown as Row[];
      const index = rows.findIndex((item) => item.id === params.id);
      if (index < 0) return HttpResponse.json({ message: "Not found." }, { status: 404 });
      if (body.version !== rows[index].version) {
        return HttpResponse.json(
          { message: `This ${resource.slice(0, -1)} was changed by someone else.` },
          { status: 409 },
        );
      }
      if (body.email === "taken@example.com") {
        return HttpResponse.json(
          { message: "email: This email is already used.", errors: { email: "This email is already used." } },
          { status: 422 },
        );
      }
      rows[index] = { ...rows[index], ...body, version: rows[index].version + 1 };
      return HttpResponse.json(rows[index]);
    }),
  ];
}

function serveResources() {
  server.use(
    http.get("*/api/accounts/export.csv", ({ request }) => {
      db.requests.push(new URL(request.url));
      return new HttpResponse("id,name\n", {
        headers: { "Content-Type": "text/csv", "Content-Disposition": 'attachment; filename="accounts.csv"' },
      });
    }),
    serveList("accounts"),
    serveList("users"),
    serveList("payments"),
    ...serveOne("accounts"),
    ...serveOne("users"),
    ...serveOne("payments"),
    http.get("*/api/subscriptions", () => HttpResponse.json([], { headers: { "Content-Range": "subscriptions */0" } })),
    http.get("*/api/businesses", () => HttpResponse.json([], { headers: { "Content-Range": "businesses */0" } })),
    http.get("*/api/devices", () => HttpResponse.json([], { headers: { "Content-Range": "devices */0" } })),
    http.get("*/api/bookmarks", () => HttpResponse.json({ items: [] })),
    http.get("*/api/saved-queries", ({ request }) => {
      const resource = new URL(request.url).searchParams.get("resource");
      return HttpResponse.json(db.savedQueries.filter((query) => query.resource === resource));
    }),
    http.post("*/api/saved-queries", async ({ request }) => {
      const body = (await request.json()) as Omit<SavedQuery, "id" | "createdAt">;
      db.bodies.push({ method: "POST", path: "saved-queries", body });
      const saved: SavedQuery = { ...body, id: `q-${db.savedQueries.length + 1}`, createdAt: day(0) };
      db.savedQueries.push(saved);
      return HttpResponse.json(saved, { status: 201 });
    }),
    http.post("*/api/users/:id/role", async ({ params, request }) => {
      const body = (await request.json()) as { role: Role; version: number };
      db.bodies.push({ method: "POST", path: `users/${String(params.id)}/role`, body });
      const target = db.users.find((item) => item.id === params.id)!;
      Object.assign(target, { role: body.role, version: target.version + 1 });
      return HttpResponse.json(target);
    }),
  );
}

const listRequests = (resource: string) => db.requests.filter((url) => url.pathname === `/api/${resource}`);
const lastQuery = (resource: string) => {
  const url = listRequests(resource).at(-1)!;
  return {
    sort: JSON.parse(url.searchParams.get("sort")!) as [string, string],
    range: JSON.parse(url.searchParams.get("range")!) as [number, number],
    filter: JSON.parse(url.searchParams.get("filter") ?? "{}") as Record<string, unknown>,
  };
};
const tableRows = () => within(screen.getByRole("table")).getAllByRole("row").slice(1);

// The first render of the console in a worker is slow (the pages' modules load on demand, and
// react-admin and MUI set themselves up): paid once here, on the accounts list, rather than inside
// whichever test comes first.
beforeAll(async () => {
  await Promise.all([
    import("../../src/Console"),
    import("../../src/resources/accounts/AccountShow"),
    import("../../src/resources/accounts/MyAccountPage"),
    import("../../src/resources/users/UserList"),
    import("../../src/resources/users/UserShow"),
    import("../../src/resources/payments/PaymentShow"),
  ]);
  db = freshDb();
  serveResources();
  await renderConsole("/accounts", { role: "SuperAdmin" });
  await waitFor(() => expect(tableRows()).toHaveLength(25));
  cleanup();
  server.resetHandlers();
  window.localStorage.clear();
}, 60_000);

beforeEach(() => {
  db = freshDb();
  serveResources();
});

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
    fireEvent.change(screen.getByLabelText("Search"), { target: { value: "Account 15" } });
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

describe("own account and payments", () => {
  it("lets the account owner rename the account on /account", async () => {
    db.accounts[0].ownerId = "user-Admin";
    server.use(
      http.put("*/api/account", async ({ request }) => {
        const body = (await request.json()) as { version: number; name: string; ownerId: string };
        db.bodies.push({ method: "PUT", path: "account", body });
        Object.assign(db.accounts[0], { ...body, version: body.version + 1 });
        return HttpResponse.json(db.accounts[0]);
      }),
    );
    await renderConsole("/account", { role: "Admin" });
    expect(await screen.findByRole("heading", { name: "My account" })).toBeInTheDocument();
    const name = await screen.findByLabelText("Name *");
    fireEvent.change(name, { target: { value: "Gems & Co" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Changes saved")).toBeInTheDocument();
    expect(db.bodies.at(-1)).toEqual({
      method: "PUT",
      path: "account",
      body: { version: 1, name: "Gems & Co", ownerId: "user-Admin" },
    });
  });

  it("shows the service's refusal on its field of the own-account form, keeping the typed name", async () => {
    db.accounts[0].ownerId = "user-Admin";
    server.use(
      http.put("*/api/account", () =>
        HttpResponse.json(
          { message: "name: This name is already used.", errors: { name: "This name is already used." } },
          { status: 422 },
        ),
      ),
    );
    await renderConsole("/account", { role: "Admin" });
    const name = await screen.findByLabelText("Name *");
    fireEvent.change(name, { target: { value: "Gems & Co" } });
    const save = screen.getByRole("button", { name: "Save" });
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    const field = name.closest(".MuiFormControl-root") as HTMLElement;
    expect(await within(field).findByText("This name is already used.")).toBeInTheDocument();
    expect(name).toHaveValue("Gems & Co");
  });

  it("shows a manager their account read-only, naming the owner", async () => {
    await renderConsole("/account", { role: "Manager" });
    expect(await screen.findByText(/Only the account owner \(Owner 1\)/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Save" })).not.toBeInTheDocument();
  });

  it("refunds a payment after the password re-check", async () => {
    db.payments = [
      {
        id: "p-1",
        version: 4,
        accountId: "acc-1",
        accountName: "Account 01",
        subscriptionId: "s-1",
        amount: 4900,
        currency: "USD",
        status: "succeeded",
        method: "card",
        methodDetail: "Visa •••• 4242",
        invoiceNumber: "INV-0042",
        date: day(10),
        refundedAmount: 0,
        failureReason: null,
      },
    ];
    server.use(
      http.post("*/api/users/password/check", async ({ request }) => {
        const { password } = (await request.json()) as { password: string };
        return HttpResponse.json({ isCorrect: password === "demo1234" });
      }),
      http.post("*/api/payments/:id/refund", async ({ params, request }) => {
        const body = (await request.json()) as { version: number; reason: string; amount?: number };
        db.bodies.push({ method: "POST", path: `payments/${String(params.id)}/refund`, body });
        Object.assign(db.payments[0], { status: "refunded", refundedAmount: 4900, version: 5 });
        return HttpResponse.json(db.payments[0]);
      }),
    );
    await renderConsole("/payment/p-1", { role: "SuperAdmin" });
    expect(await screen.findByRole("heading", { name: "Payment INV-0042" })).toBeInTheDocument();
    fireEvent.click(await screen.findByRole("button", { name: "Refund" }));
    const dialog = await screen.findByRole("dialog", { name: "Refund payment INV-0042" });
    expect(within(dialog).getByLabelText("Amount to refund (USD)")).toHaveValue("49");
    fireEvent.click(within(dialog).getByRole("button", { name: "Continue" }));
    expect(await within(dialog).findByText("Say why the payment is refunded.")).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "Charged twice" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Continue" }));

    const password = await screen.findByRole("dialog", { name: "Confirm your password" });
    fireEvent.change(within(password).getByLabelText("Password"), { target: { value: "demo1234" } });
    // The password form's Continue waits for its validators.
    const passwordContinue = within(password).getByRole("button", { name: "Continue" });
    await waitFor(() => expect(passwordContinue).toBeEnabled());
    fireEvent.click(passwordContinue);
    expect(await screen.findByText("Refund of $49.00 issued")).toBeInTheDocument();
    expect(db.bodies.at(-1)).toEqual({
      method: "POST",
      path: "payments/p-1/refund",
      body: { version: 4, reason: "Charged twice" },
    });
    await waitFor(() => expect(screen.queryByRole("button", { name: "Refund" })).not.toBeInTheDocument());
  });

  it("shows admins their payment without the refund action, and says when a payment is not theirs", async () => {
    db.payments = [
      {
        id: "p-2",
        version: 1,
        accountId: "acc-1",
        accountName: "Account 01",
        subscriptionId: null,
        amount: 1000,
        currency: "EUR",
        status: "succeeded",
        method: "invoice",
        methodDetail: null,
        invoiceNumber: "INV-0007",
        date: day(2),
        refundedAmount: 0,
        failureReason: null,
      },
    ];
    await renderConsole("/payment/p-2", { role: "Admin" });
    expect(await screen.findByRole("heading", { name: "Payment INV-0007" })).toBeInTheDocument();
    expect(screen.getAllByText("€10.00").length).toBeGreaterThan(0);
    expect(screen.queryByRole("button", { name: "Refund" })).not.toBeInTheDocument();

    cleanup();
    await renderConsole("/payment/p-9", { role: "Admin" });
    expect(await screen.findByText("This record does not exist, or you cannot see it.")).toBeInTheDocument();
  });
});

/**
 * Every resource form is a react-admin form: its validators say what is wrong and nothing is sent;
 * the service's field errors (a 422 `errors` map) show under their fields; the input is kept.
 */
describe("resource forms (react-admin forms: validation, submit, server field errors)", () => {
  const fieldOf = (input: HTMLElement) => input.closest(".MuiFormControl-root") as HTMLElement;

  it("saved filters: a name is required and new, and the service's refusal shows on the field", async () => {
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
      http.post("*/api/saved-queries", async ({ request }) => {
        db.bodies.push({ method: "POST", path: "saved-queries", body: await request.json() });
        return HttpResponse.json(
          { message: "label: Keep at most 50 saved filters.", errors: { label: "Keep at most 50 saved filters." } },
          { status: 422 },
        );
      }),
    );
    await renderConsole('/accounts?filter={"status":"suspended"}', { role: "SuperAdmin" });
    const aside = await screen.findByRole("complementary");
    fireEvent.click(await within(aside).findByRole("button", { name: "Save current filters" }));
    const dialog = await screen.findByRole("dialog", { name: "Save these filters" });
    const name = within(dialog).getByLabelText("Name");

    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Give these filters a name.")).toBeInTheDocument();
    fireEvent.change(name, { target: { value: " uk " } });
    expect(await within(dialog).findByText("You already have saved filters with this name.")).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(db.bodies).toEqual([]);

    fireEvent.change(name, { target: { value: "Suspended" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(fieldOf(name)).findByText("Keep at most 50 saved filters.")).toBeInTheDocument();
    expect(db.bodies).toHaveLength(1);
    expect(name).toHaveValue("Suspended");
  });

  it("invite: says which fields are missing before sending, then shows the service's field error, as typed", async () => {
    const sent: unknown[] = [];
    server.use(
      http.post("*/api/invitations", async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(
          { message: "email: This email is already used.", errors: { email: "This email is already used." } },
          { status: 422 },
        );
      }),
    );
    await renderConsole("/users", { role: "Admin" });
    fireEvent.click(await screen.findByRole("button", { name: "Invite user" }));
    const dialog = await screen.findByRole("dialog", { name: "Invite a user" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    await waitFor(() => expect(within(dialog).getAllByText("Required")).toHaveLength(3));
    expect(sent).toEqual([]);

    const email = within(dialog).getByLabelText("Email *");
    fireEvent.change(email, { target: { value: "taken@example.com" } });
    fireEvent.change(within(dialog).getByLabelText("First name *"), { target: { value: "Nora" } });
    fireEvent.change(within(dialog).getByLabelText("Last name *"), { target: { value: "Hale" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    expect(await within(fieldOf(email)).findByText("This email is already used.")).toBeInTheDocument();
    expect(sent).toEqual([{ email: "taken@example.com", firstName: "Nora", lastName: "Hale", role: "User" }]);
    expect(email).toHaveValue("taken@example.com");
    expect(within(dialog).getByLabelText("First name *")).toHaveValue("Nora");
  });

  it("invite: sends the typed invitation (react-admin's create) and shows the link to share", async () => {
    server.use(
      http.post("*/api/invitations", async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        db.bodies.push({ method: "POST", path: "invitations", body });
        return HttpResponse.json({ id: "inv-1", code: "c0de", userId: "u-9", ...body }, { status: 201 });
      }),
    );
    await renderConsole("/users", { role: "Admin" });
    fireEvent.click(await screen.findByRole("button", { name: "Invite user" }));
    const dialog = await screen.findByRole("dialog", { name: "Invite a user" });
    fireEvent.change(within(dialog).getByLabelText("Email *"), { target: { value: " nora@example.com " } });
    fireEvent.change(within(dialog).getByLabelText("First name *"), { target: { value: "Nora" } });
    fireEvent.change(within(dialog).getByLabelText("Last name *"), { target: { value: "Hale" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    expect(await within(dialog).findByLabelText("Invitation link")).toHaveValue(
      `${window.location.origin}/invitation/c0de`,
    );
    expect(db.bodies.at(-1)).toEqual({
      method: "POST",
      path: "invitations",
      body: { email: "nora@example.com", firstName: "Nora", lastName: "Hale", role: "User" },
    });
  });

  it("change role: Save waits for another role, and the service's refusal shows on the role", async () => {
    server.use(
      http.post("*/api/users/:id/role", () =>
        HttpResponse.json(
          { message: "role: An account must keep an Admin.", errors: { role: "An account must keep an Admin." } },
          { status: 422 },
        ),
      ),
    );
    await renderConsole("/users/u-2", { role: "Admin" });
    fireEvent.click(await screen.findByRole("button", { name: "Change role" }));
    const dialog = await screen.findByRole("dialog", { name: "Change the role of Grace Hopper" });
    const save = within(dialog).getByRole("button", { name: "Change role" });
    expect(save).toBeDisabled();
    fireEvent.mouseDown(within(dialog).getByRole("combobox"));
    fireEvent.click(await screen.findByRole("option", { name: "Admin" }));
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    expect(await within(dialog).findByText("An account must keep an Admin.")).toBeInTheDocument();
    expect(within(dialog).getByRole("combobox")).toHaveTextContent("Admin");
  });

  it("refund: an amount out of range is refused before the password check; the service's refusal shows on it", async () => {
    db.payments = [
      {
        id: "p-1",
        version: 4,
        accountId: "acc-1",
        accountName: "Account 01",
        subscriptionId: null,
        amount: 4900,
        currency: "USD",
        status: "succeeded",
        method: "card",
        methodDetail: null,
        invoiceNumber: "INV-0042",
        date: day(10),
        refundedAmount: 0,
        failureReason: null,
      },
    ];
    server.use(
      http.post("*/api/users/password/check", () => HttpResponse.json({ isCorrect: true })),
      http.post("*/api/payments/:id/refund", () =>
        HttpResponse.json(
          { message: "amount: Refund at most $20.00.", errors: { amount: "Refund at most $20.00." } },
          { status: 422 },
        ),
      ),
    );
    await renderConsole("/payment/p-1", { role: "SuperAdmin" });
    fireEvent.click(await screen.findByRole("button", { name: "Refund" }));
    const dialog = await screen.findByRole("dialog", { name: "Refund payment INV-0042" });
    const amount = within(dialog).getByLabelText("Amount to refund (USD)");
    fireEvent.change(amount, { target: { value: "100" } });
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "Charged twice" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Continue" }));
    expect(await within(dialog).findByText("Enter an amount between 0.01 and $49.00.")).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "Confirm your password" })).not.toBeInTheDocument();

    fireEvent.change(amount, { target: { value: "30" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Continue" }));
    const password = await screen.findByRole("dialog", { name: "Confirm your password" });
    fireEvent.change(within(password).getByLabelText("Password"), { target: { value: "demo1234" } });
    // The password form's Continue waits for its validators.
    const passwordContinue = within(password).getByRole("button", { name: "Continue" });
    await waitFor(() => expect(passwordContinue).toBeEnabled());
    fireEvent.click(passwordContinue);
    const again = await screen.findByRole("dialog", { name: "Refund payment INV-0042" });
    expect(await within(again).findByText("Refund at most $20.00.")).toBeInTheDocument();
    expect(within(again).getByLabelText("Amount to refund (USD)")).toHaveValue("30");
    expect(within(again).getByLabelText("Reason")).toHaveValue("Charged twice");
  });

  it("rename box: a name over 60 characters is refused before sending; a good one is saved with the version", async () => {
    const device = {
      id: "d-1",
      version: 2,
      serialNumber: "SN-0001",
      typeCode: 6501,
      customBoxName: null,
      firmwareVersion: "4.2.1",
      accountId: "acc-1",
      accountName: "Account 01",
      businessId: null,
      businessName: null,
      status: "active",
      lastSeenAt: day(5),
      phoneBrand: null,
      phoneModel: null,
      phoneOs: null,
      createdAt: day(1),
    };
    server.use(
      http.get("*/api/devices/:id", () => HttpResponse.json(device)),
      http.post("*/api/devices/:id/custom-name", async ({ request }) => {
        const body = (await request.json()) as { customBoxName: string | null };
        db.bodies.push({ method: "POST", path: "devices/d-1/custom-name", body });
        Object.assign(device, { customBoxName: body.customBoxName, version: device.version + 1 });
        return HttpResponse.json(device);
      }),
    );
    await renderConsole("/devices/d-1", { role: "Admin" });
    fireEvent.click(await screen.findByRole("button", { name: "Rename box" }));
    const dialog = await screen.findByRole("dialog", { name: "Custom box name" });
    const name = within(dialog).getByLabelText("Box name");
    fireEvent.change(name, { target: { value: "x".repeat(61) } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Must be 60 characters or less")).toBeInTheDocument();
    expect(db.bodies).toEqual([]);

    fireEvent.change(name, { target: { value: "  Front desk " } });
    // react-admin's Save waits while the change is validated.
    const save = within(dialog).getByRole("button", { name: "Save" });
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(db.bodies).toEqual([
      { method: "POST", path: "devices/d-1/custom-name", body: { customBoxName: "Front desk", version: 2 } },
    ]);
    expect(await screen.findByRole("heading", { name: "Front desk" })).toBeInTheDocument();
  });

  it("firmware upload: says what is missing before uploading, then shows the service's refusal on its field", async () => {
    const uploads: string[] = [];
    server.use(
      http.post("*/api/firmware", async ({ request }) => {
        const form = await request.formData();
        uploads.push(`${String(form.get("firmwareVersion"))} ${form.has("file") ? "with" : "without"} a file`);
        return HttpResponse.json(
          {
            message: "firmwareVersion: 4.2.1 already exists for this device type.",
            errors: { firmwareVersion: "4.2.1 already exists for this device type." },
          },
          { status: 422 },
        );
      }),
    );
    await renderConsole("/firmware/upload", { role: "SuperAdmin" });
    const upload = await screen.findByRole("button", { name: "Upload" });
    fireEvent.click(upload);
    expect(await screen.findByText("Choose the firmware file.")).toBeInTheDocument();
    expect(screen.getByText("Use a version like 4.2.1 (optionally 4.2.1-beta).")).toBeInTheDocument();
    expect(screen.getByText("Required")).toBeInTheDocument();
    expect(uploads).toEqual([]);

    fireEvent.change(screen.getByTestId("firmware-file"), {
      target: { files: [new File(["firmware"], "gem-4.2.1.bin")] },
    });
    expect(await screen.findByText("gem-4.2.1.bin (8 B)")).toBeInTheDocument();
    const version = screen.getByLabelText("Version *");
    fireEvent.change(version, { target: { value: "4.2.1" } });
    fireEvent.change(screen.getByLabelText("Release notes *"), { target: { value: "Faster sync." } });
    fireEvent.click(upload);
    const field = version.closest(".MuiFormControl-root") as HTMLElement;
    expect(await within(field).findByText("4.2.1 already exists for this device type.")).toBeInTheDocument();
    expect(uploads).toEqual(["4.2.1 with a file"]);
    expect(version).toHaveValue("4.2.1");
    expect(screen.getByLabelText("Release notes *")).toHaveValue("Faster sync.");
  });
});
