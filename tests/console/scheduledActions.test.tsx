import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type { ScheduledAction } from "../../src/api/lifecycle";
import { CONTRACT, SCHEDULED_ACTION } from "../fixtures/contract";
import { renderConsole } from "./harness/renderConsole";
import { reply, server } from "./harness/server";

/**
 * /scheduled-actions and its two kinds (spec §2, super admins; docs/api.md "Lifecycle"): the lists
 * as GET scheduled-actions answers them (the contract's rows, which the service tests assert), each
 * route with its filter; Cancel and Run now after a confirmation and the password re-check (the
 * service refuses both without a recent one: 403), the service's refusals said, and the not-found
 * view for anyone else.
 */
interface Db {
  actions: ScheduledAction[];
  lists: URL[];
  posts: string[];
  /** The msw service's password re-check, as the real one keeps it for 5 minutes. */
  rechecked: boolean;
}
let db: Db;

/** A subscription cancelation: the contract's row, as the service answers that kind. */
const CANCELATION: ScheduledAction = {
  ...SCHEDULED_ACTION,
  id: "90000000-0000-4000-8000-000000000002",
  kind: "subscription-cancelation",
  accountId: "acc-4",
  accountName: "Beryl Traders",
  subscriptionId: "sub-4",
  plan: "Pro",
  reason: "unpaid",
  runAt: "2026-11-27T09:00:00.000Z",
  requestedById: null,
  requestedByName: null,
};
const DELETION = SCHEDULED_ACTION;

/** The service's list filters (ra-data-simple-rest's `filter` JSON) on the msw side. */
function matches(action: ScheduledAction, filter: Record<string, unknown>): boolean {
  return Object.entries(filter).every(([key, value]) =>
    key === "q"
      ? action.accountName.toLowerCase().includes(String(value).toLowerCase())
      : action[key as keyof ScheduledAction] === value,
  );
}

function serve() {
  server.use(
    http.get("*/api/scheduled-actions", ({ request }) => {
      const url = new URL(request.url);
      db.lists.push(url);
      const filter = JSON.parse(url.searchParams.get("filter") ?? "{}") as Record<string, unknown>;
      const rows = db.actions.filter((action) => matches(action, filter));
      const range = rows.length ? `0-${rows.length - 1}` : "*";
      return HttpResponse.json(rows, {
        headers: { "Content-Range": `scheduled-actions ${range}/${rows.length}` },
      });
    }),
    http.post("*/api/users/password/check", async ({ request }) => {
      const { password } = (await request.json()) as { password: string };
      db.posts.push("users/password/check");
      db.rechecked = password === "demo1234";
      return reply(db.rechecked ? CONTRACT.passwordCheck.correct : CONTRACT.passwordCheck.incorrect);
    }),
    http.post("*/api/scheduled-actions/:id/:verb", ({ params }) => {
      const verb = String(params.verb);
      db.posts.push(`scheduled-actions/${String(params.id)}/${verb}`);
      if (!db.rechecked) return reply(CONTRACT.lifecycle.recheck);
      const action = db.actions.find((row) => row.id === params.id);
      if (!action || action.state !== "pending") return reply(CONTRACT.lifecycle.notPending);
      const answer = verb === "cancel" ? CONTRACT.lifecycle.canceled : CONTRACT.lifecycle.ran;
      Object.assign(action, { ...answer.body, id: action.id, kind: action.kind, accountName: action.accountName });
      return reply(answer, action);
    }),
  );
}

beforeEach(() => {
  // Only Date: "in N days" is counted from now.
  vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-24T10:00:00.000Z") });
  db = { actions: [{ ...CANCELATION }, { ...DELETION }], lists: [], posts: [], rechecked: false };
  serve();
});

afterEach(() => {
  vi.useRealTimers();
});

const rows = () => within(screen.getByRole("table")).getAllByRole("row").slice(1);
const rowOf = (text: string) => rows().find((row) => within(row).queryByText(text))!;
const filterOf = (url: URL) => JSON.parse(url.searchParams.get("filter") ?? "{}") as Record<string, unknown>;
const headers = () =>
  within(screen.getByRole("table"))
    .getAllByRole("columnheader")
    .map((cell) => cell.textContent);

describe("the lists, one per route", () => {
  it("/scheduled-actions/account-deletions: the pending deletions, soonest first, with who asked", async () => {
    await renderConsole("/scheduled-actions/account-deletions", { role: "SuperAdmin" });
    expect(await screen.findByRole("heading", { name: "Account Deletions" })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(filterOf(db.lists[0]!)).toEqual({ kind: "account-deletion", state: "pending" });
    expect(JSON.parse(db.lists[0]!.searchParams.get("sort")!)).toEqual(["runAt", "ASC"]);
    const row = rowOf(DELETION.accountName);
    expect(within(row).getByRole("link", { name: DELETION.accountName })).toHaveAttribute("href", "/accounts/acc-9");
    expect(within(row).getByText("Owner's request")).toBeInTheDocument();
    expect(within(row).getByText("12/05/2026, 09:00 AM")).toBeInTheDocument();
    expect(within(row).getByText("in 11 days")).toBeInTheDocument();
    expect(within(row).getByRole("link", { name: "Sam Super" })).toHaveAttribute("href", "/users/user-1");
    // Small, on one line each: Cancel outlined, Run now a red text button.
    const cancel = within(row).getByRole("button", { name: "Cancel" });
    const run = within(row).getByRole("button", { name: "Run now" });
    expect(cancel).toHaveClass("MuiButton-sizeSmall", "MuiButton-outlined", "MuiButton-colorPrimary");
    expect(run).toHaveClass("MuiButton-sizeSmall", "MuiButton-text", "MuiButton-colorError");
    for (const button of [cancel, run]) expect(button).toHaveStyle({ whiteSpace: "nowrap" });
    // One kind: no kind column; deletions have no plan.
    expect(headers()).not.toContain("Kind");
    expect(headers()).not.toContain("Plan");
  });

  it("/scheduled-actions/subscription-cancelations: the plan, the reason in words, and the service as who asked", async () => {
    await renderConsole("/scheduled-actions/subscription-cancelations", { role: "SuperAdmin" });
    expect(await screen.findByRole("heading", { name: "Subscription Cancelations" })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(filterOf(db.lists[0]!)).toEqual({ kind: "subscription-cancelation", state: "pending" });
    const row = rowOf(CANCELATION.accountName);
    expect(within(row).getByText("Pro")).toBeInTheDocument();
    expect(within(row).getByText("Unpaid")).toBeInTheDocument();
    expect(within(row).getByText("in 3 days")).toBeInTheDocument();
    expect(within(row).getByText("The service")).toBeInTheDocument();
    expect(headers()).toContain("Plan");
  });

  it("/scheduled-actions: every kind, with tabs to each route's list", async () => {
    await renderConsole("/scheduled-actions", { role: "SuperAdmin" });
    expect(await screen.findByRole("heading", { name: "Scheduled Actions" })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(filterOf(db.lists[0]!)).toEqual({ state: "pending" });
    expect(headers()).toContain("Kind");
    expect(within(rowOf(CANCELATION.accountName)).getByText("Subscription cancelation")).toBeInTheDocument();
    expect(within(rowOf(DELETION.accountName)).getByText("Account deletion")).toBeInTheDocument();
    const tabs = screen.getByRole("tablist", { name: "Scheduled Actions" });
    expect(within(tabs).getByRole("tab", { name: "All" })).toHaveAttribute("aria-selected", "true");
    expect(within(tabs).getByRole("tab", { name: "Account Deletions" })).toHaveAttribute(
      "href",
      "/scheduled-actions/account-deletions",
    );
    fireEvent.click(within(tabs).getByRole("tab", { name: "Subscription Cancelations" }));
    expect(await screen.findByRole("heading", { name: "Subscription Cancelations" })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(filterOf(db.lists.at(-1)!)).toEqual({ kind: "subscription-cancelation", state: "pending" });
  });

  it("shows the history by state: what came of each, and no actions on it", async () => {
    db.actions.push({
      ...CONTRACT.lifecycle.canceled.body,
      id: "90000000-0000-4000-8000-000000000003",
      accountName: "Jade Works",
    });
    await renderConsole("/scheduled-actions/account-deletions?filter=%7B%22state%22%3A%22canceled%22%7D", {
      role: "SuperAdmin",
    });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(filterOf(db.lists.at(-1)!)).toEqual({ kind: "account-deletion", state: "canceled" });
    const row = rowOf("Jade Works");
    expect(within(row).getByText("Canceled")).toBeInTheDocument();
    expect(within(row).getByText(/Canceled by a super admin/)).toBeInTheDocument();
    expect(within(row).getByText("11/24/2026, 10:00 AM")).toBeInTheDocument();
    expect(within(row).queryByRole("button", { name: "Cancel" })).not.toBeInTheDocument();
    expect(within(row).queryByText(/in \d+ days/)).not.toBeInTheDocument();
  });

  it("says when nothing is scheduled", async () => {
    db.actions = [];
    await renderConsole("/scheduled-actions/account-deletions", { role: "SuperAdmin" });
    expect(await screen.findByText("Nothing scheduled")).toBeInTheDocument();
  });
});

/** Continue is enabled once the form has validated the typed password. */
async function submitWith(button: HTMLElement) {
  await waitFor(() => expect(button).toBeEnabled());
  fireEvent.click(button);
}

/** Cancel or Run now on a row: the confirmation, then the password dialog. */
async function confirmAndRecheck(account: string, button: string, title: string, effect: string, password: string) {
  await waitFor(() => expect(rowOf(account)).toBeDefined());
  fireEvent.click(within(rowOf(account)).getByRole("button", { name: button }));
  const confirm = await screen.findByRole("dialog", { name: title });
  expect(within(confirm).getByText(effect)).toBeInTheDocument();
  const go = within(confirm).getByRole("button", { name: button === "Cancel" ? "Cancel it" : "Run now" });
  // Run now is said in the warning colour.
  expect(go).toHaveClass(button === "Cancel" ? "RaConfirm-confirmPrimary" : "RaConfirm-confirmWarning");
  fireEvent.click(go);
  const dialog = await screen.findByRole("dialog", { name: "Confirm your password" });
  // The confirmation has closed: the password dialog is the only one.
  await waitFor(() => expect(screen.queryByRole("dialog", { name: title, hidden: true })).not.toBeInTheDocument());
  fireEvent.change(within(dialog).getByLabelText("Password"), { target: { value: password } });
  await submitWith(within(dialog).getByRole("button", { name: "Continue" }));
  return dialog;
}

describe("Cancel and Run now, after the password re-check", () => {
  it("cancels an account deletion: says the account is active again, asks the password, then the list has none", async () => {
    await renderConsole("/scheduled-actions/account-deletions", { role: "SuperAdmin" });
    const dialog = await confirmAndRecheck(
      DELETION.accountName,
      "Cancel",
      `Cancel the account deletion of ${DELETION.accountName}?`,
      `The deletion is withdrawn: ${DELETION.accountName} is active again.`,
      "wrong-password",
    );
    expect(await within(dialog).findByText("Incorrect password. Please try again.")).toBeInTheDocument();
    expect(db.posts).toEqual(["users/password/check"]);
    fireEvent.change(within(dialog).getByLabelText("Password"), { target: { value: "demo1234" } });
    await submitWith(within(dialog).getByRole("button", { name: "Continue" }));
    expect(await screen.findByText(`The account deletion of ${DELETION.accountName} is canceled`)).toBeInTheDocument();
    expect(db.posts).toEqual([
      "users/password/check",
      "users/password/check",
      `scheduled-actions/${DELETION.id}/cancel`,
    ]);
    expect(await screen.findByText("Nothing scheduled")).toBeInTheDocument();
  });

  it("runs a subscription cancelation now, saying the grace period starts", async () => {
    await renderConsole("/scheduled-actions/subscription-cancelations", { role: "SuperAdmin" });
    await confirmAndRecheck(
      CANCELATION.accountName,
      "Run now",
      `Run the subscription cancelation of ${CANCELATION.accountName} now?`,
      `The subscription of ${CANCELATION.accountName} is canceled now: the account is read-only for 21 days, then it is deleted unless it starts a new subscription.`,
      "demo1234",
    );
    expect(
      await screen.findByText(`The subscription cancelation of ${CANCELATION.accountName} is carried out`),
    ).toBeInTheDocument();
    expect(db.posts).toEqual(["users/password/check", `scheduled-actions/${CANCELATION.id}/run`]);
    expect(await screen.findByText("Nothing scheduled")).toBeInTheDocument();
  });

  it("sends nothing when the confirmation or the password dialog is closed", async () => {
    await renderConsole("/scheduled-actions", { role: "SuperAdmin" });
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(within(rowOf(DELETION.accountName)).getByRole("button", { name: "Run now" }));
    const confirm = await screen.findByRole("dialog", {
      name: `Run the account deletion of ${DELETION.accountName} now?`,
    });
    expect(within(confirm).getByText(/This cannot be undone/)).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole("button", { name: "Keep it scheduled" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    fireEvent.click(within(rowOf(DELETION.accountName)).getByRole("button", { name: "Run now" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Run now" }));
    const password = await screen.findByRole("dialog", { name: "Confirm your password" });
    fireEvent.click(within(password).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(db.posts).toEqual([]);
    expect(rows()).toHaveLength(2);
  });

  it("says the service's 409 when the action is no longer pending, and shows it as it is now", async () => {
    await renderConsole("/scheduled-actions/account-deletions", { role: "SuperAdmin" });
    await waitFor(() => expect(rows()).toHaveLength(1));
    // Meanwhile the scheduler carried it out.
    Object.assign(db.actions[1]!, CONTRACT.lifecycle.ran.body);
    await confirmAndRecheck(
      DELETION.accountName,
      "Cancel",
      `Cancel the account deletion of ${DELETION.accountName}?`,
      `The deletion is withdrawn: ${DELETION.accountName} is active again.`,
      "demo1234",
    );
    expect(await screen.findByText(CONTRACT.lifecycle.notPending.body.message)).toBeInTheDocument();
    expect(db.posts).toEqual(["users/password/check", `scheduled-actions/${DELETION.id}/cancel`]);
    // Reloaded: it is no longer among the pending ones.
    expect(await screen.findByText("Nothing scheduled")).toBeInTheDocument();
  });

  it("says the service's 403 when the password re-check has lapsed", async () => {
    server.use(
      http.post("*/api/users/password/check", () => {
        db.posts.push("users/password/check");
        return reply(CONTRACT.passwordCheck.correct);
      }),
    );
    await renderConsole("/scheduled-actions/subscription-cancelations", { role: "SuperAdmin" });
    await waitFor(() => expect(rows()).toHaveLength(1));
    const listed = db.lists.length;
    await confirmAndRecheck(
      CANCELATION.accountName,
      "Cancel",
      `Cancel the subscription cancelation of ${CANCELATION.accountName}?`,
      `The subscription of ${CANCELATION.accountName} stays past due with full access, and the service does not cancel it on its own again.`,
      "demo1234",
    );
    expect(await screen.findByText(CONTRACT.lifecycle.recheck.body.message)).toBeInTheDocument();
    // Fetched again after the refusal, as after any answer.
    await waitFor(() => expect(db.lists.length).toBeGreaterThan(listed));
    // Nothing changed: the row is still there, with its actions.
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rowOf(CANCELATION.accountName)).getByRole("button", { name: "Cancel" })).toBeEnabled();
  });
});

describe("who may open them", () => {
  for (const path of [
    "/scheduled-actions",
    "/scheduled-actions/account-deletions",
    "/scheduled-actions/subscription-cancelations",
  ]) {
    it(`${path} is the not-found view for an admin, and nothing is asked`, async () => {
      await renderConsole(path, { role: "Admin" });
      expect(await screen.findByText("Page not found.")).toBeInTheDocument();
      expect(db.lists).toHaveLength(0);
    });
  }
});
