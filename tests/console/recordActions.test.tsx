import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type { Device, Payment, User } from "../../src/api/resources";
import type { Role } from "../../src/api/types";
import { renderConsole } from "./harness/renderConsole";
import { device } from "./harness/resourceService";
import { server } from "./harness/server";

/**
 * The 409 rule of record actions (docs/api-resources.md "Versions and 409"): an action sent with
 * a version someone else has moved on is refused; the console says the record changed and
 * RELOADS it (a new GET of the record), so the page shows the current version and the next try
 * carries it. A small service answers the records and the actions with that rule.
 */
const CONFLICT_TOAST =
  "This record was changed by someone else. Reloaded: the latest version is shown with your edits on top.";

const day = (index: number) => new Date(Date.UTC(2026, 0, 1 + index)).toISOString();

const user = (id: string, role: Role): User => ({
  id,
  version: 3,
  firstName: id === "u-2" ? "Grace" : "Ada",
  lastName: id === "u-2" ? "Hopper" : role,
  email: `${id}@example.com`,
  role,
  accountId: "acc-1",
  accountName: "Account 01",
  businessId: null,
  businessName: null,
  status: "active",
  lastSignInAt: day(3),
  avatar: null,
  createdAt: day(1),
});

const payment = (): Payment => ({
  id: "p-1",
  version: 4,
  accountId: "acc-1",
  accountName: "Account 01",
  subscriptionId: null,
  amount: 4900,
  currency: "USD",
  status: "succeeded",
  method: "card",
  methodDetail: "Visa •••• 4242",
  invoiceNumber: "INV-0042",
  date: day(10),
  refundedAmount: 0,
  failureReason: null,
});

interface Db {
  users: User[];
  devices: Device[];
  payments: Payment[];
  /** "GET users/u-2", "POST users/u-2/role"… in order. */
  calls: string[];
  bodies: { path: string; body: Record<string, unknown> }[];
}

let db: Db;

type Resource = "users" | "devices" | "payments";
const rowsOf = (resource: Resource) => db[resource] as unknown as (Record<string, unknown> & { version: number })[];

/** POST {resource}/{id}/{action} with the version rule; `apply` changes the stored record. */
function serveAction(
  resource: Resource,
  action: string,
  apply: (row: Record<string, unknown>, body: Record<string, unknown>) => void,
) {
  return http.post(`*/api/${resource}/:id/${action}`, async ({ params, request }) => {
    const path = `${resource}/${String(params.id)}/${action}`;
    const body = (await request.json()) as Record<string, unknown>;
    db.calls.push(`POST ${path}`);
    db.bodies.push({ path, body });
    const row = rowsOf(resource).find((item) => item.id === params.id);
    if (!row) return HttpResponse.json({ message: "Not found." }, { status: 404 });
    if (body.version !== row.version) {
      return HttpResponse.json({ message: "This record was changed by someone else." }, { status: 409 });
    }
    apply(row, body);
    row.version += 1;
    return HttpResponse.json(row);
  });
}

// The first render of the console in a worker is slow (the pages' modules load on demand, and
// react-admin and MUI set themselves up): paid once here, on a user's page, rather than inside
// whichever test comes first.
beforeAll(async () => {
  await Promise.all([
    import("../../src/Console"),
    import("../../src/resources/users/UserShow"),
    import("../../src/resources/devices/DeviceShow"),
    import("../../src/resources/payments/PaymentShow"),
  ]);
  serveService();
  await renderConsole("/users/u-2", { role: "Admin" });
  await screen.findByRole("button", { name: "Change role" });
  cleanup();
  server.resetHandlers();
  window.localStorage.clear();
}, 60_000);

function serveService() {
  db = {
    users: [user("u-2", "User"), ...(["SuperAdmin", "Admin"] as Role[]).map((role) => user(`user-${role}`, role))],
    devices: [device()],
    payments: [payment()],
    calls: [],
    bodies: [],
  };
  server.use(
    ...(["users", "devices", "payments"] as const).map((resource) =>
      http.get(`*/api/${resource}/:id`, ({ params }) => {
        db.calls.push(`GET ${resource}/${String(params.id)}`);
        const row = rowsOf(resource).find((item) => item.id === params.id);
        return row ? HttpResponse.json(row) : HttpResponse.json({ message: "Not found." }, { status: 404 });
      }),
    ),
    ...["users", "devices", "payments", "businesses", "accounts"].map((resource) =>
      http.get(`*/api/${resource}`, () => HttpResponse.json([], { headers: { "Content-Range": `${resource} */0` } })),
    ),
    http.get("*/api/bookmarks", () => HttpResponse.json({ items: [] })),
    serveAction("users", "role", (row, body) => (row.role = body.role)),
    serveAction("devices", "mark-lost", (row) => (row.status = "lost")),
    serveAction("payments", "refund", (row, body) => {
      const refunded = typeof body.amount === "number" ? body.amount : Number(row.amount) - Number(row.refundedAmount);
      row.refundedAmount = Number(row.refundedAmount) + refunded;
      if (row.refundedAmount === row.amount) row.status = "refunded";
    }),
    http.post("*/api/users/password/check", async ({ request }) => {
      const { password } = (await request.json()) as { password: string };
      return HttpResponse.json({ isCorrect: password === "demo1234" });
    }),
  );
}

beforeEach(serveService);

/** The record's GETs after the action's last POST: the reload. */
const getsAfterLastPost = (record: string) => {
  const lastPost = db.calls.findLastIndex((call) => call.startsWith("POST "));
  return db.calls.slice(lastPost + 1).filter((call) => call === `GET ${record}`);
};

describe("a 409 on a record action reloads the record", () => {
  it("change role: says the record changed, shows the new version, and retries with it", async () => {
    await renderConsole("/users/u-2", { role: "Admin" });
    expect(await screen.findByRole("heading", { name: "Grace Hopper" })).toBeInTheDocument();
    // Someone else renames the user meanwhile.
    Object.assign(db.users[0], { version: 4, lastName: "Murray" });

    fireEvent.click(await screen.findByRole("button", { name: "Change role" }));
    const dialog = await screen.findByRole("dialog", { name: "Change the role of Grace Hopper" });
    fireEvent.mouseDown(within(dialog).getByRole("combobox"));
    fireEvent.click(await screen.findByRole("option", { name: "Manager" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Change role" }));

    expect(await screen.findByText(CONFLICT_TOAST)).toBeInTheDocument();
    expect(db.bodies.at(-1)).toEqual({ path: "users/u-2/role", body: { role: "Manager", version: 3 } });
    await waitFor(() => expect(getsAfterLastPost("users/u-2").length).toBeGreaterThan(0));
    // (The page behind the open dialog is aria-hidden.)
    expect(await screen.findByRole("heading", { name: "Grace Murray", hidden: true })).toBeInTheDocument();

    // The dialog kept the chosen role; the next try carries the version on screen.
    const again = screen.getByRole("dialog", { name: "Change the role of Grace Murray" });
    expect(within(again).getByRole("combobox")).toHaveTextContent("Manager");
    fireEvent.click(within(again).getByRole("button", { name: "Change role" }));
    await waitFor(() =>
      expect(db.bodies.at(-1)).toEqual({ path: "users/u-2/role", body: { role: "Manager", version: 4 } }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(db.users[0]).toMatchObject({ role: "Manager", version: 5 });
  });

  it("mark lost: says the record changed, shows the new version, and retries with it", async () => {
    await renderConsole("/devices/d-1", { role: "Admin" });
    expect(await screen.findByRole("heading", { name: "SN-0001" })).toBeInTheDocument();
    Object.assign(db.devices[0], { version: 2, customBoxName: "Front desk" });

    fireEvent.click(await screen.findByRole("button", { name: "Mark lost" }));
    const confirm = await screen.findByRole("dialog", { name: "Mark SN-0001 as lost?" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Confirm" }));

    expect(await screen.findByText(CONFLICT_TOAST)).toBeInTheDocument();
    expect(db.bodies.at(-1)).toEqual({ path: "devices/d-1/mark-lost", body: { version: 1 } });
    await waitFor(() => expect(getsAfterLastPost("devices/d-1").length).toBeGreaterThan(0));
    expect(await screen.findByRole("heading", { name: "Front desk" })).toBeInTheDocument();

    fireEvent.click(await screen.findByRole("button", { name: "Mark lost" }));
    const retry = await screen.findByRole("dialog", { name: "Mark Front desk as lost?" });
    fireEvent.click(within(retry).getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(db.bodies.at(-1)).toEqual({ path: "devices/d-1/mark-lost", body: { version: 2 } }));
    expect(await screen.findByText("Lost")).toBeInTheDocument();
  });

  it("refund: says the record changed, shows the new version, keeps the reason, and retries with it", async () => {
    await renderConsole("/payment/p-1", { role: "SuperAdmin" });
    expect(await screen.findByRole("heading", { name: "Payment INV-0042" })).toBeInTheDocument();
    // Nothing refunded yet reads as nothing, like every empty detail, not as a blank.
    expect(screen.getByText("Refunded").nextElementSibling).toHaveTextContent(/^—$/);
    // Someone else refunds $10.00 meanwhile.
    Object.assign(db.payments[0], { version: 5, refundedAmount: 1000 });

    fireEvent.click(await screen.findByRole("button", { name: "Refund" }));
    const dialog = await screen.findByRole("dialog", { name: "Refund payment INV-0042" });
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "Charged twice" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Continue" }));
    const password = await screen.findByRole("dialog", { name: "Confirm your password" });
    fireEvent.change(within(password).getByLabelText("Password"), { target: { value: "demo1234" } });
    // The password form's Continue waits for its validators.
    const passwordContinue = within(password).getByRole("button", { name: "Continue" });
    await waitFor(() => expect(passwordContinue).toBeEnabled());
    fireEvent.click(passwordContinue);

    expect(await screen.findByText(CONFLICT_TOAST)).toBeInTheDocument();
    expect(db.bodies.at(-1)).toEqual({ path: "payments/p-1/refund", body: { version: 4, reason: "Charged twice" } });
    await waitFor(() => expect(getsAfterLastPost("payments/p-1").length).toBeGreaterThan(0));
    // The page shows what was refunded meanwhile; the untouched amount follows what is left.
    expect(await screen.findByText("$10.00")).toBeInTheDocument();
    const again = await screen.findByRole("dialog", { name: "Refund payment INV-0042" });
    await waitFor(() => expect(within(again).getByLabelText("Amount to refund (USD)")).toHaveValue("39"));
    expect(within(again).getByLabelText("Reason")).toHaveValue("Charged twice");
  });

  it("refund: a decimal comma is refused at its field, and the password step says the amount", async () => {
    await renderConsole("/payment/p-1", { role: "SuperAdmin" });
    fireEvent.click(await screen.findByRole("button", { name: "Refund" }));
    const dialog = await screen.findByRole("dialog", { name: "Refund payment INV-0042" });
    const amount = within(dialog).getByLabelText("Amount to refund (USD)");
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "Goodwill" } });
    // One and a half, written the European way: read as 15 it paid back ten times the money.
    fireEvent.change(amount, { target: { value: "1,5" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Continue" }));
    expect(await within(dialog).findByText("Enter an amount between 0.01 and $49.00.")).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "Confirm your password" })).not.toBeInTheDocument();

    fireEvent.change(amount, { target: { value: "1.50" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Continue" }));
    const password = await screen.findByRole("dialog", { name: "Confirm your password" });
    expect(within(password).getByText("$1.50 will be paid back. Enter your password to continue.")).toBeInTheDocument();
  });

  it("refund: typing is guarded from a reload while the dialog is open, not once it is cancelled", async () => {
    /** Whether a reload now would ask the browser's "Leave site?" question. */
    const reloadAsks = () => {
      const reload = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(reload);
      return reload.defaultPrevented;
    };
    await renderConsole("/payment/p-1", { role: "SuperAdmin" });
    fireEvent.click(await screen.findByRole("button", { name: "Refund" }));
    const dialog = await screen.findByRole("dialog", { name: "Refund payment INV-0042" });
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "Goodwill" } });
    await waitFor(() => expect(reloadAsks()).toBe(true));
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Refund payment INV-0042" })).not.toBeInTheDocument(),
    );
    expect(reloadAsks()).toBe(false);
  });
});
