import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type { Account, Invitation, InvitationCreate } from "../../src/api/resources";
import { renderConsole } from "./harness/renderConsole";
import { server } from "./harness/server";
import { account, day, db, installResourceService, user } from "./harness/resourceService";

/**
 * Staffing an account from its own page (issue 26 item 2): its Users tab invites into it (the users
 * list's invite dialog, the account already chosen), lists who was invited and has not signed up
 * (an invitation is its invited user, status Invited: docs/api-resources.md), and a new account
 * with nobody says to invite its first user, who can then be chosen as the owner.
 */
installResourceService();

/** A new account as POST accounts answers it: no owner, no users. */
const newAccount = (): Account => ({
  ...account(31),
  id: "acc-new",
  name: "Garnet House",
  ownerId: null,
  ownerName: null,
  businessCount: 1,
  userCount: 0,
  deviceCount: 0,
  testCount: 0,
});

/** POST invitations as the service answers it (Invitation), its user listed as invited from then on. */
function serveInvitations() {
  server.use(
    http.post("*/api/invitations", async ({ request }) => {
      const body = (await request.json()) as InvitationCreate;
      db.bodies.push({ method: "POST", path: "invitations", body });
      const accountId = body.accountId ?? "acc-1";
      db.users.push({
        ...user("u-new", body.role, accountId),
        firstName: body.firstName,
        lastName: body.lastName,
        email: body.email,
        status: "invited",
        lastSignInAt: null,
      });
      const target = db.accounts.find((item) => item.id === accountId);
      if (target) target.userCount += 1;
      const answer: Invitation = {
        id: "inv-1",
        code: "c0de",
        email: body.email,
        role: body.role,
        accountId,
        businessId: null,
        userId: "u-new",
        expiresAt: day(30),
        createdAt: day(0),
      };
      return HttpResponse.json(answer, { status: 201 });
    }),
  );
}

const openUsersTab = async () => fireEvent.click(await screen.findByRole("tab", { name: "Users" }));

describe("an account's Users tab (issue 26 item 2)", () => {
  it("a new account says to invite its first user, invites them into it as its Admin, and lists them as invited", async () => {
    db.accounts.push(newAccount());
    serveInvitations();
    await renderConsole("/accounts/acc-new", { role: "SuperAdmin" });
    expect(await screen.findByRole("heading", { name: "Garnet House" })).toBeInTheDocument();
    await openUsersTab();
    const users = await screen.findByRole("region", { name: "Users" });
    expect(await within(users).findByText("No users yet")).toBeInTheDocument();
    expect(users).toHaveTextContent("Invite the account's first user. Once invited, they can be chosen as its owner.");
    // An empty state, not an empty table; one Invite, in it.
    expect(within(users).queryByRole("table")).not.toBeInTheDocument();
    expect(within(users).getAllByRole("button", { name: "Invite user" })).toHaveLength(1);

    fireEvent.click(within(users).getByRole("button", { name: "Invite user" }));
    const dialog = await screen.findByRole("dialog", { name: "Invite a user to Garnet House" });
    // The account is chosen already: no picker. The first user is offered as its Admin.
    expect(within(dialog).queryByLabelText(/^Account/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole("combobox", { name: "Role" })).toHaveTextContent("Admin");
    fireEvent.change(within(dialog).getByLabelText("Email *"), { target: { value: "ines@garnet.example.com" } });
    fireEvent.change(within(dialog).getByLabelText("First name *"), { target: { value: "Ines" } });
    fireEvent.change(within(dialog).getByLabelText("Last name *"), { target: { value: "Moreau" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    // The dialog stays with the link to share while the tab fills in behind it.
    expect(await within(dialog).findByLabelText("Invitation link")).toHaveValue(
      `${window.location.origin}/invitation/c0de`,
    );
    expect(db.bodies.at(-1)).toEqual({
      method: "POST",
      path: "invitations",
      body: {
        email: "ines@garnet.example.com",
        firstName: "Ines",
        lastName: "Moreau",
        role: "Admin",
        accountId: "acc-new",
      },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    const table = await within(screen.getByRole("region", { name: "Users" })).findByRole("table");
    const row = within(table).getByRole("row", { name: /Ines Moreau/ });
    expect(row).toHaveTextContent("ines@garnet.example.com");
    expect(row).toHaveTextContent("Invited");
    // Inviting more comes from the tab's header now.
    expect(
      within(screen.getByRole("region", { name: "Users" })).getByRole("button", { name: "Invite user" }),
    ).toBeInTheDocument();
  });

  it("says on the Owner field how an account without users gets one", async () => {
    db.accounts.push(newAccount());
    await renderConsole("/accounts/acc-new", { role: "SuperAdmin" });
    const owner = await screen.findByLabelText("Owner");
    const field = owner.closest(".MuiFormControl-root") as HTMLElement;
    expect(field).toHaveTextContent(
      "No users yet: invite the account's first user from the Users tab, then choose the owner here.",
    );
  });

  it("offers an account's admin Invite on its own account's page, inviting into it", async () => {
    db.users.push({ ...user("u-pending", "User"), firstName: "Paul", lastName: "Pending", status: "invited" });
    serveInvitations();
    await renderConsole("/account", { role: "Admin" });
    await openUsersTab();
    const users = await screen.findByRole("region", { name: "Users" });
    const pending = await within(users).findByRole("row", { name: /Paul Pending/ });
    expect(pending).toHaveTextContent("Invited");
    fireEvent.click(within(users).getByRole("button", { name: "Invite user" }));
    const dialog = await screen.findByRole("dialog", { name: "Invite a user to Account 01" });
    // An account with people: the usual default role.
    expect(within(dialog).getByRole("combobox", { name: "Role" })).toHaveTextContent("User");
  });

  it("offers no Invite to a manager, who lists the account's users", async () => {
    await renderConsole("/account", { role: "Manager" });
    await openUsersTab();
    const users = await screen.findByRole("region", { name: "Users" });
    expect(await within(users).findByRole("table")).toBeInTheDocument();
    expect(within(users).queryByRole("button", { name: "Invite user" })).not.toBeInTheDocument();
  });
});
