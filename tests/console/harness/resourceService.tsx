import { beforeAll, beforeEach, expect } from "vitest";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type {
  Account,
  Business,
  Device,
  Discount,
  Payment,
  SavedQuery,
  User,
  Versioned,
} from "../../../src/api/resources";
import type { Role } from "../../../src/api/types";
import { STORAGE_CONTRACT } from "../../fixtures/storageContract";
import { renderConsole } from "./renderConsole";
import { reply, server } from "./server";

/**
 * A small in-memory service answering docs/api-resources.md the way a conforming service would:
 * lists with sort/range/filter and Content-Range, getOne, PUT with the version rule (409) and
 * field errors (422), actions, saved queries kept per user across page loads.
 */
export interface Db {
  accounts: Account[];
  users: User[];
  payments: Payment[];
  savedQueries: SavedQuery[];
  /** Every request, "METHOD path?query". */
  requests: URL[];
  bodies: { method: string; path: string; body: unknown }[];
}

export const day = (index: number) => new Date(Date.UTC(2026, 0, 1 + index)).toISOString();

export const account = (index: number): Account => ({
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

/** A device of acc-1 (the signed-in staff's account in the harness). */
export const business = (overrides: Partial<Business> = {}): Business => ({
  id: "b-1",
  version: 2,
  name: "Antwerp lab",
  accountId: "acc-1",
  accountName: "Account 01",
  ownerId: null,
  ownerName: null,
  address: "Hoveniersstraat 22",
  city: "Antwerp",
  country: "BE",
  phone: "+32 3 555 0105",
  createdAt: day(2),
  ...overrides,
});

export const device = (overrides: Partial<Device> = {}): Device => ({
  id: "d-1",
  version: 1,
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
  phoneBrand: "Google",
  phoneModel: "Pixel 9",
  phoneOs: "Android 15",
  notifyOwner: true,
  hasTests: false,
  createdAt: day(1),
  ...overrides,
});

export const discount = (index: number): Discount => ({
  id: `disc-${index}`,
  version: 1,
  code: `CODE${index}`,
  description: `Discount number ${index}`,
  kind: "percent",
  percentOff: 10,
  amountOff: null,
  currency: null,
  validFrom: null,
  validTo: null,
  redemptionLimit: null,
  redemptionCount: 0,
  active: true,
  createdAt: day(index),
});

export const user = (id: string, role: Role, accountId = "acc-1"): User => ({
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

export let db: Db;

export function freshDb(): Db {
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

export function matches(row: Row, filter: Record<string, unknown>): boolean {
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

export function serveList(resource: "accounts" | "users" | "payments") {
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

export function serveOne(resource: "accounts" | "users" | "payments") {
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

export function serveResources() {
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
    // An account's storage (its page shows it to super admins and its admins): the contract's example.
    http.get("*/api/accounts/:id/storage", ({ request }) => {
      db.requests.push(new URL(request.url));
      return reply(STORAGE_CONTRACT.ok);
    }),
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

export const listRequests = (resource: string) => db.requests.filter((url) => url.pathname === `/api/${resource}`);
export const lastQuery = (resource: string) => {
  const url = listRequests(resource).at(-1)!;
  return {
    sort: JSON.parse(url.searchParams.get("sort")!) as [string, string],
    range: JSON.parse(url.searchParams.get("range")!) as [number, number],
    filter: JSON.parse(url.searchParams.get("filter") ?? "{}") as Record<string, unknown>,
  };
};
export const tableRows = () => within(screen.getByRole("table")).getAllByRole("row").slice(1);

/**
 * Installs the in-memory service for a test file: a fresh database before each test, and one
 * render of the accounts list first.
 */
export function installResourceService(): void {
  // The first render of the console in a worker is slow (the pages' modules load on demand, and
  // react-admin and MUI set themselves up): paid once here, on the accounts list, rather than inside
  // whichever test comes first.
  beforeAll(async () => {
    await Promise.all([
      import("../../../src/Console"),
      import("../../../src/resources/accounts/AccountShow"),
      import("../../../src/resources/accounts/MyAccountPage"),
      import("../../../src/resources/users/UserList"),
      import("../../../src/resources/users/UserShow"),
      import("../../../src/resources/payments/PaymentShow"),
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
}
