import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import type { Business, Discount, Firmware, Payment } from "../../src/api/resources";
import type { Role } from "../../src/api/types";
import { renderConsole } from "./harness/renderConsole";
import { server } from "./harness/server";
import {
  day,
  db,
  device,
  discount,
  installResourceService,
  serveResources,
  tableRows,
} from "./harness/resourceService";

installResourceService();

/**
 * Issue 25, item 2 (keyboard everywhere): every list's record opens from the keyboard, for every
 * role — each row's name is a Tab stop (a link to the record's page, or a button opening its
 * dialog) and Enter on it opens the record. Chromium does the same by keyboard alone in
 * tests/e2e/keyboard.e2e.ts; this names each list and role where it is cheap to check.
 */

const firmware: Firmware = {
  id: "fw-1",
  version: 2,
  firmwareVersion: "4.2.1",
  deviceTypeCode: 6501,
  releaseNotes: "Faster start-up.",
  fileName: "gem-4.2.1.bin",
  fileSize: 1_048_576,
  sha256: "a".repeat(64),
  status: "published",
  uploadedById: "user-SuperAdmin",
  uploadedByName: "Ada SuperAdmin",
  uploadedAt: day(4),
};

const spring: Discount = {
  ...discount(2),
  id: "dc-1",
  code: "SPRING10",
  description: "Spring offer",
  redemptionCount: 3,
};

const business: Business = {
  id: "b-1",
  version: 1,
  name: "Antwerp counter",
  accountId: "acc-1",
  accountName: "Account 01",
  ownerId: null,
  ownerName: null,
  address: "Meir 1",
  city: "Antwerp",
  country: "BE",
  phone: "+32 3 000 00 00",
  createdAt: day(1),
};

const payment: Payment = {
  id: "p-1",
  version: 1,
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
};

/** A list answer of ra-data-simple-rest. */
const page = (resource: string, rows: unknown[]) =>
  HttpResponse.json(rows, { headers: { "Content-Range": `${resource} 0-${rows.length - 1}/${rows.length}` } });

/**
 * The lists beyond the harness's accounts, users and payments. A record's page asks for more than
 * this test looks at (its tests, its history…): those answer 404, the page says so, and the test
 * only checks where Enter took it.
 */
function serveOtherLists() {
  db.payments = [payment];
  const devices = [device(), device({ id: "d-2", serialNumber: "SN-0002" })];
  // Handlers added later come first: the catch-all, then the harness's service again, then these.
  server.use(http.get("*/api/*", () => HttpResponse.json({ message: "Not found." }, { status: 404 })));
  serveResources();
  server.use(
    http.get("*/api/devices", () => page("devices", devices)),
    http.get("*/api/devices/:id", ({ params }) => HttpResponse.json(devices.find((row) => row.id === params.id))),
    http.get("*/api/firmware", () => page("firmware", [firmware])),
    http.get("*/api/firmware/:id", () => HttpResponse.json(firmware)),
    http.get("*/api/discounts", () => page("discounts", [spring])),
    http.get("*/api/discounts/:id", () => HttpResponse.json(spring)),
    http.get("*/api/businesses", () => page("businesses", [business])),
    http.get("*/api/bookmarks", () => HttpResponse.json({ items: [] })),
    http.get("*/api/saved-queries", () => HttpResponse.json([])),
  );
}

/**
 * Tabs from the table's first Tab stop until `last` (or out of the table), and answers every
 * element that took the focus on the way, in order: what a keyboard reaches in the table.
 */
async function tabStopsOf(
  table: HTMLElement,
  user: ReturnType<typeof userEvent.setup>,
  last?: HTMLElement,
): Promise<HTMLElement[]> {
  const first = table.querySelector<HTMLElement>("a[href], button, input, [tabindex='0']");
  if (!first) return [];
  first.focus();
  const stops: HTMLElement[] = [];
  while (document.activeElement instanceof HTMLElement && table.contains(document.activeElement)) {
    stops.push(document.activeElement);
    if (document.activeElement === last || stops.length > 400) break;
    await user.tab();
  }
  return stops;
}

interface ListCase {
  role: Role;
  path: string;
  /** The first row's opener: its role and name. */
  opener: { role: "link" | "button"; name: string };
  /** Where Enter on it goes: a path, or the dialog it opens. */
  opens: { path: string } | { dialog: string };
}

const LISTS: ListCase[] = [
  // Accounts: newest first (Account 30), its name beside its bookmark star.
  {
    role: "SuperAdmin",
    path: "/accounts",
    opener: { role: "link", name: "Account 30" },
    opens: { path: "/accounts/acc-30" },
  },
  {
    role: "SuperAdmin",
    path: "/users",
    opener: { role: "link", name: "Ada Admin" },
    opens: { path: "/users/user-Admin" },
  },
  { role: "Admin", path: "/users", opener: { role: "link", name: "Ada Admin" }, opens: { path: "/users/user-Admin" } },
  // A manager selects nothing (no bulk actions): before, its rows had no Tab stop at all.
  {
    role: "Manager",
    path: "/users",
    opener: { role: "link", name: "Ada Admin" },
    opens: { path: "/users/user-Admin" },
  },
  ...(["SuperAdmin", "Admin", "Manager", "User"] as Role[]).map((role): ListCase => ({
    role,
    path: "/devices",
    opener: { role: "link", name: "SN-0001" },
    opens: { path: "/devices/d-1" },
  })),
  {
    role: "SuperAdmin",
    path: "/payments",
    opener: { role: "link", name: "INV-0042" },
    opens: { path: "/payment/p-1" },
  },
  { role: "Admin", path: "/payments", opener: { role: "link", name: "INV-0042" }, opens: { path: "/payment/p-1" } },
  // Firmware and discounts open in a dialog over the list.
  {
    role: "SuperAdmin",
    path: "/firmware",
    opener: { role: "button", name: "4.2.1" },
    opens: { dialog: "Firmware 4.2.1" },
  },
  {
    role: "SuperAdmin",
    path: "/discounts",
    opener: { role: "button", name: "SPRING10" },
    opens: { dialog: "Discount SPRING10" },
  },
];

describe("every list's records open from the keyboard (issue 25)", () => {
  for (const { role, path, opener, opens } of LISTS) {
    it(`${path} as ${role}: each row's name is a Tab stop, and Enter on it opens ${"path" in opens ? opens.path : `the dialog ${opens.dialog}`}`, async () => {
      serveOtherLists();
      const user = userEvent.setup();
      await renderConsole(path, { role });
      const table = await screen.findByRole("table");
      await waitFor(() => expect(tableRows().length).toBeGreaterThan(0));
      // Every row has its opener in the same column (the first row's), reached by Tab, rows in order.
      const column = (await within(table).findByRole(opener.role, { name: opener.name })).closest("td")!.cellIndex;
      const openers = tableRows().map((row) => {
        const cell = (row as HTMLTableRowElement).cells[column];
        return within(cell).getByRole(opener.role);
      });
      for (const element of openers) expect(element.tabIndex).toBe(0);
      // Tab reaches them in row order (the first three rows: 25 rows of Tab take long in jsdom).
      const some = openers.slice(0, 3);
      const stops = await tabStopsOf(table, user, some.at(-1));
      expect(stops.filter((stop) => openers.includes(stop))).toEqual(some);

      const first = within(table).getByRole(opener.role, { name: opener.name });
      first.focus();
      await user.keyboard("{Enter}");
      if ("path" in opens) {
        await waitFor(() => expect(window.location.pathname).toBe(opens.path));
      } else {
        expect(await screen.findByRole("dialog", { name: opens.dialog })).toBeInTheDocument();
        expect(window.location.pathname).toBe(path);
      }
    });
  }

  it("a record's page opens its related records' rows the same way (an account's businesses and users)", async () => {
    serveOtherLists();
    const user = userEvent.setup();
    await renderConsole("/accounts/acc-1", { role: "SuperAdmin" });
    fireEvent.click(await screen.findByRole("tab", { name: "Businesses" }));
    // The tab names the panel it shows, and the panel its tab.
    const panel = await screen.findByRole("tabpanel", { name: "Businesses" });
    expect(screen.getByRole("tab", { name: "Businesses" })).toHaveAttribute("aria-controls", panel.id);
    const business = await within(await screen.findByRole("table")).findByRole("link", { name: "Antwerp counter" });
    expect(business).toHaveAttribute("href", "/accounts/business/b-1");
    fireEvent.click(screen.getByRole("tab", { name: "Users" }));
    const person = await within(await screen.findByRole("table")).findByRole("link", { name: "Ada Manager" });
    person.focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(window.location.pathname).toBe("/users/user-Manager"));
  });

  it("keeps the accounts row's Tab stops in reading order: its checkbox, its star, then its name", async () => {
    serveOtherLists();
    const user = userEvent.setup();
    await renderConsole("/accounts", { role: "SuperAdmin" });
    const table = await screen.findByRole("table");
    const name = await within(table).findByRole("link", { name: "Account 30" });
    const row = name.closest("tr")!;
    const box = within(row).getByRole("checkbox", { name: "Select this row" });
    box.focus();
    await user.tab();
    expect(document.activeElement).toBe(within(row).getByRole("button", { name: "Bookmark" }));
    await user.tab();
    expect(document.activeElement).toBe(name);
    // Then the next row's checkbox: nothing else of this row (its cells hold no other control).
    await user.tab();
    expect(document.activeElement).toBe(within(row.nextElementSibling as HTMLElement).getByRole("checkbox"));
  });
});

describe("the own account page's tabs (found auditing every screen)", () => {
  it("offers a user no Users tab: the service refuses them the users list, and the tab loaded forever", async () => {
    serveOtherLists();
    await renderConsole("/account", { role: "User" });
    await screen.findByRole("tab", { name: "Devices" });
    expect(screen.queryByRole("tab", { name: "Users" })).not.toBeInTheDocument();
  });

  it("offers a manager the Users tab", async () => {
    serveOtherLists();
    await renderConsole("/account", { role: "Manager" });
    expect(await screen.findByRole("tab", { name: "Users" })).toBeInTheDocument();
  });
});

describe("the profile menu from the keyboard", () => {
  it("opens on its first item (Enter on the button), and the arrows go down to Logout", async () => {
    const user = userEvent.setup();
    await renderConsole("/", { role: "Manager" });
    const profile = await within(await screen.findByRole("banner")).findByRole("button", { name: /, Profile$/ });
    profile.focus();
    await user.keyboard("{Enter}");
    const menu = await screen.findByRole("menu");
    await waitFor(() => expect(within(menu).getByRole("menuitem", { name: "My Profile" })).toHaveFocus());
    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(within(menu).getByRole("menuitem", { name: "Logout" })).toHaveFocus();
  });
});

describe("the bulk actions bar while nothing is selected", () => {
  it("is hidden, so Tab does not stop on buttons no one sees; selecting a row shows it", async () => {
    serveOtherLists();
    await renderConsole("/accounts", { role: "SuperAdmin" });
    await waitFor(() => expect(tableRows()).toHaveLength(25));
    // (A hidden element has no accessible name: found by its title.)
    const unselect = screen.getByTitle("Unselect");
    expect(unselect).not.toBeVisible();
    expect(screen.queryByRole("button", { name: "Bookmark selected" })).not.toBeInTheDocument();
    fireEvent.click(within(tableRows()[0]).getByRole("checkbox", { name: "Select this row" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Unselect" })).toBeVisible());
    expect(screen.getByRole("button", { name: "Bookmark selected" })).toBeVisible();
  });
});
