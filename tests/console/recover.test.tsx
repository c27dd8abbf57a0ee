import { beforeEach, describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type { DeletedAccount, DeletedTest } from "../../src/api/recover";
import { CONTRACT, DELETED_ACCOUNT, DELETED_TEST } from "../fixtures/contract";
import { renderConsole } from "./harness/renderConsole";
import { account } from "./harness/resourceService";
import { reply, server } from "./harness/server";

/**
 * /recover/tests and /recover/accounts (spec §2, §9): the lists as GET deleted-tests and
 * deleted-accounts answer them (rows of the contract's shape, which the service tests assert),
 * restoring one or many tests (POST deleted-tests/restore, all or none), restoring an account
 * (POST accounts/{id}/restore with the row's version), the empty states and who may open them.
 */
interface Db {
  tests: DeletedTest[];
  accounts: DeletedAccount[];
  lists: URL[];
  posts: { path: string; body: unknown }[];
}
let db: Db;

const second: DeletedTest = {
  ...DELETED_TEST,
  id: "test-deleted-2",
  name: "Ruby parcel 4",
  deletedById: null,
  deletedByName: null,
  daysLeft: 2,
};

const page = <T,>(unit: string, rows: T[], url: URL) => {
  const [start, end] = JSON.parse(url.searchParams.get("range") ?? "[0,24]") as [number, number];
  const slice = rows.slice(start, end + 1);
  const range = slice.length ? `${start}-${start + slice.length - 1}` : "*";
  return HttpResponse.json(slice, { headers: { "Content-Range": `${unit} ${range}/${rows.length}` } });
};

function serve() {
  server.use(
    http.get("*/api/deleted-tests", ({ request }) => {
      const url = new URL(request.url);
      db.lists.push(url);
      return page("deleted-tests", db.tests, url);
    }),
    http.get("*/api/deleted-accounts", ({ request }) => {
      const url = new URL(request.url);
      db.lists.push(url);
      return page("deleted-accounts", db.accounts, url);
    }),
    http.post("*/api/deleted-tests/restore", async ({ request }) => {
      const body = (await request.json()) as { ids: string[] };
      db.posts.push({ path: "deleted-tests/restore", body });
      const missing = body.ids.find((id) => !db.tests.some((row) => row.id === id));
      if (missing) return reply(CONTRACT.recover.tests.notRestorable(missing));
      db.tests = db.tests.filter((row) => !body.ids.includes(row.id));
      return reply(CONTRACT.recover.tests.restored(body.ids));
    }),
    http.post("*/api/deleted-accounts/restore", async ({ request }) => {
      const body = (await request.json()) as { ids: string[] };
      db.posts.push({ path: "deleted-accounts/restore", body });
      const missing = body.ids.find((id) => !db.accounts.some((row) => row.id === id));
      if (missing) return reply(CONTRACT.recover.accounts.notRestorableMany(missing));
      db.accounts = db.accounts.filter((row) => !body.ids.includes(row.id));
      return reply(CONTRACT.recover.accounts.restored(body.ids));
    }),
    http.post("*/api/accounts/:id/restore", async ({ params, request }) => {
      const body = (await request.json()) as { version: number };
      db.posts.push({ path: `accounts/${String(params.id)}/restore`, body });
      const row = db.accounts.find((r) => r.id === params.id)!;
      if (row.version !== body.version) return reply(CONTRACT.recover.accounts.stale);
      db.accounts = db.accounts.filter((r) => r.id !== params.id);
      return HttpResponse.json(account(9));
    }),
  );
}

beforeEach(() => {
  db = { tests: [{ ...DELETED_TEST }, { ...second }], accounts: [{ ...DELETED_ACCOUNT }], lists: [], posts: [] };
  serve();
});

const rows = () => within(screen.getByRole("table")).getAllByRole("row").slice(1);
const rowOf = (text: string) => rows().find((row) => within(row).queryByText(text))!;

describe("/recover/tests", () => {
  it("lists deleted tests: who deleted each and when, the days left; newest deletion first", async () => {
    await renderConsole("/recover/tests", { role: "Admin" });
    expect(await screen.findByRole("heading", { name: "Recover" })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(JSON.parse(db.lists[0]!.searchParams.get("sort")!)).toEqual(["deletedAt", "DESC"]);
    const row = rowOf(DELETED_TEST.name);
    expect(within(row).getByRole("link", { name: "Ada Admin" })).toHaveAttribute("href", "/users/user-2");
    expect(within(row).getByText("12 days left")).toBeInTheDocument();
    expect(within(row).getByText("11/20/2026, 09:00 AM")).toBeInTheDocument();
    const other = rowOf("Ruby parcel 4");
    expect(within(other).getByText("Not recorded")).toBeInTheDocument();
    expect(within(other).getByText("2 days left")).toBeInTheDocument();
  });

  it("restores one test from its row: one call, the toast, and it leaves the list", async () => {
    await renderConsole("/recover/tests", { role: "User" });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.queryByRole("link", { name: "Recover Accounts" })).not.toBeInTheDocument();
    fireEvent.click(within(rowOf(DELETED_TEST.name)).getByRole("button", { name: "Restore" }));
    expect(await screen.findByText("Test restored")).toBeInTheDocument();
    expect(db.posts).toEqual([{ path: "deleted-tests/restore", body: { ids: [DELETED_TEST.id] } }]);
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it("restores the selected tests as a bulk action, in one call", async () => {
    await renderConsole("/recover/tests", { role: "Manager" });
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByRole("checkbox", { name: "Select all" }));
    expect(await screen.findByText("2 items selected")).toBeInTheDocument();
    // The bulk action is the Restore outside the table's rows.
    const bulk = screen.getAllByRole("button", { name: "Restore" }).find((button) => !button.closest("tbody"));
    fireEvent.click(bulk!);
    expect(await screen.findByText("2 tests restored")).toBeInTheDocument();
    expect(db.posts).toEqual([{ path: "deleted-tests/restore", body: { ids: [DELETED_TEST.id, second.id] } }]);
    expect(await screen.findByText("Nothing to recover")).toBeInTheDocument();
  });

  it("says the service's refusal when a test cannot be restored any more, and keeps the list", async () => {
    await renderConsole("/recover/tests", { role: "Admin" });
    await waitFor(() => expect(rows()).toHaveLength(2));
    db.tests = db.tests.filter((row) => row.id !== second.id);
    fireEvent.click(within(rowOf("Ruby parcel 4")).getByRole("button", { name: "Restore" }));
    expect(await screen.findByText(CONTRACT.recover.tests.notRestorable(second.id).body.message)).toBeInTheDocument();
  });

  it("leads super admins to Recover Accounts, and only them", async () => {
    await renderConsole("/recover/tests", { role: "SuperAdmin" });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByRole("link", { name: "Recover Accounts" })).toHaveAttribute("href", "/recover/accounts");
  });

  it("has a plain empty state", async () => {
    db.tests = [];
    await renderConsole("/recover/tests", { role: "User" });
    expect(await screen.findByText("Nothing to recover")).toBeInTheDocument();
    expect(screen.getByText(/After 15 days they are removed for good/)).toBeInTheDocument();
  });
});

describe("/recover/accounts", () => {
  it("lists scheduled deletions and restores one with its version, after a confirmation", async () => {
    await renderConsole("/recover/accounts", { role: "SuperAdmin" });
    expect(await screen.findByRole("heading", { name: "Recover Accounts" })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(1));
    const row = rowOf(DELETED_ACCOUNT.name);
    expect(within(row).getByText("12 days left")).toBeInTheDocument();
    expect(within(row).getByRole("link", { name: "Sam Super" })).toHaveAttribute("href", "/users/user-1");
    fireEvent.click(within(row).getByRole("button", { name: "Restore" }));
    const confirm = await screen.findByRole("dialog", { name: `Restore ${DELETED_ACCOUNT.name}?` });
    fireEvent.click(within(confirm).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("Account restored")).toBeInTheDocument();
    expect(db.posts).toEqual([
      { path: `accounts/${DELETED_ACCOUNT.id}/restore`, body: { version: DELETED_ACCOUNT.version } },
    ]);
    expect(await screen.findByText("No account waiting for deletion")).toBeInTheDocument();
  });

  it("restores the selected accounts together after one confirmation", async () => {
    const other = { ...DELETED_ACCOUNT, id: "acc-9", name: "Opal House", email: "opal@example.com" };
    db.accounts.push(other);
    await renderConsole("/recover/accounts", { role: "SuperAdmin" });
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByRole("checkbox", { name: "Select all" }));
    expect(await screen.findByText("2 items selected")).toBeInTheDocument();
    const bulk = screen.getAllByRole("button", { name: "Restore" }).find((button) => !button.closest("tbody"));
    fireEvent.click(bulk!);
    const confirm = await screen.findByRole("dialog", { name: "Restore 2 accounts?" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("2 accounts restored")).toBeInTheDocument();
    expect(db.posts).toEqual([{ path: "deleted-accounts/restore", body: { ids: [DELETED_ACCOUNT.id, other.id] } }]);
    expect(await screen.findByText("No account waiting for deletion")).toBeInTheDocument();
  });

  it("is not there for an admin: the not-found view, and no list asked for", async () => {
    await renderConsole("/recover/accounts", { role: "Admin" });
    expect(await screen.findByText("Page not found.")).toBeInTheDocument();
    expect(db.lists).toHaveLength(0);
  });
});
