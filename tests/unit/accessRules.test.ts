import { describe, expect, it } from "vitest";
import { actorOf, canAccess } from "../../src/access/accessRules";
import type { Role } from "../../src/api/types";

/** authProvider.canAccess's answers for records: each action reaches its own rule. */
const actor = (role: Role, id = `u-${role}`, accountId = "acc-1") => ({ id, role, accountId });
const ask = (role: Role | null, resource: string, action: string, record?: unknown) =>
  canAccess(role ? actor(role) : null, { resource, action, record });

describe("record rules through canAccess", () => {
  const user = { id: "u-9", accountId: "acc-1", role: "User" as Role };

  it("changes a role or disables a user within the change log's rules", () => {
    expect(ask("Admin", "users", "changeRole", user)).toBe(true);
    expect(ask("Admin", "users", "changeRole", { ...user, accountId: "acc-2" })).toBe(false);
    expect(ask("Admin", "users", "changeRole", { ...user, role: "SuperAdmin" })).toBe(false);
    expect(ask("Admin", "users", "changeRole", { ...user, id: "u-Admin" })).toBe(false);
    expect(ask("Manager", "users", "changeRole", user)).toBe(false);
    expect(ask("Manager", "users", "disable", user)).toBe(false);
    expect(ask("Manager", "users", "changeRole")).toBe(false);
    expect(ask("Admin", "users", "changeRole")).toBe(true);
  });

  it("deletes a user: super admins, never themselves", () => {
    expect(ask("SuperAdmin", "users", "delete", user)).toBe(true);
    expect(ask("SuperAdmin", "users", "delete", { ...user, id: "u-SuperAdmin" })).toBe(false);
    expect(ask("Admin", "users", "delete", user)).toBe(false);
  });

  it("renames and marks lost the account's active devices (admins, super admins)", () => {
    const device = { accountId: "acc-1", status: "active" };
    expect(ask("Admin", "devices", "rename", device)).toBe(true);
    expect(ask("Admin", "devices", "markLost", device)).toBe(true);
    expect(ask("Admin", "devices", "markLost", { ...device, status: "lost" })).toBe(false);
    expect(ask("Admin", "devices", "rename", { ...device, accountId: "acc-2" })).toBe(false);
    expect(ask("Manager", "devices", "markLost")).toBe(false);
    expect(ask("Admin", "devices", "markLost")).toBe(true);
  });

  it("refunds what is left of a succeeded or disputed payment (super admins)", () => {
    const payment = { status: "succeeded", amount: 100, refundedAmount: 0 };
    expect(ask("SuperAdmin", "payments", "refund", payment)).toBe(true);
    expect(ask("SuperAdmin", "payments", "refund", { ...payment, refundedAmount: 100 })).toBe(false);
    expect(ask("SuperAdmin", "payments", "refund", { ...payment, status: "failed" })).toBe(false);
    expect(ask("Admin", "payments", "refund", payment)).toBe(false);
  });

  it("cancels or resumes a subscription of one's account (admins, super admins)", () => {
    const subscription = { accountId: "acc-1", status: "active", cancelAtPeriodEnd: false };
    expect(ask("Admin", "subscriptions", "cancel", subscription)).toBe(true);
    expect(ask("Admin", "subscriptions", "resume", subscription)).toBe(false);
    expect(ask("Admin", "subscriptions", "resume", { ...subscription, cancelAtPeriodEnd: true })).toBe(true);
    expect(ask("Manager", "subscriptions", "cancel", subscription)).toBe(false);
  });

  it("edits an account: super admins every field, the owner their own account's", () => {
    const account = { id: "acc-1", ownerId: "u-Admin" };
    expect(ask("SuperAdmin", "accounts", "edit", account)).toBe(true);
    expect(ask("Admin", "accounts", "edit", account)).toBe(false);
    expect(ask("Admin", "accounts", "editOwn", account)).toBe(true);
    expect(ask("Manager", "accounts", "editOwn", account)).toBe(false);
    // The owner's form is react-admin's edit of the resource "account", asked about the account shown.
    expect(ask("Admin", "account", "edit", account)).toBe(true);
    expect(ask("Manager", "account", "edit", account)).toBe(false);
  });

  it("reads an account's storage: super admins any account's, admins their own (the service's rule)", () => {
    expect(ask("SuperAdmin", "accounts", "storage", { id: "acc-2" })).toBe(true);
    expect(ask("Admin", "accounts", "storage", { id: "acc-1" })).toBe(true);
    expect(ask("Admin", "accounts", "storage", { id: "acc-2" })).toBe(false);
    expect(ask("Manager", "accounts", "storage", { id: "acc-1" })).toBe(false);
    expect(ask("User", "accounts", "storage", { id: "acc-1" })).toBe(false);
  });

  it("adds a location: the account's admin or a super admin; the /add-new-location page is an Admin's", () => {
    expect(ask("Admin", "businesses", "create", { id: "acc-1", accountId: "acc-1" })).toBe(true);
    expect(ask("Admin", "businesses", "create", { id: "acc-2", accountId: "acc-2" })).toBe(false);
    expect(ask("SuperAdmin", "businesses", "create", { id: "acc-2", accountId: "acc-2" })).toBe(true);
    expect(ask("SuperAdmin", "businesses", "addLocation")).toBe(false);
    expect(ask("Admin", "businesses", "addLocation")).toBe(true);
  });

  it("exports: super admins everything; admins devices, payments and businesses; users download is super admin only", () => {
    expect(ask("SuperAdmin", "users", "export")).toBe(true);
    expect(ask("Admin", "users", "export")).toBe(false);
    expect(ask("Admin", "devices", "export")).toBe(true);
    expect(ask("Manager", "devices", "export")).toBe(false);
  });

  it("answers no to a guest for any record action, and to anyone for an action it does not know (super admins aside)", () => {
    expect(ask(null, "devices", "rename", { accountId: "acc-1", status: "active" })).toBe(false);
    expect(ask("Admin", "devices", "teleport")).toBe(false);
    expect(ask("SuperAdmin", "devices", "teleport")).toBe(true);
  });
});

describe("page and action rules through canAccess (spec §2, §6, docs/api.md)", () => {
  const roles = ["SuperAdmin", "Admin", "Manager", "User", null] as const;
  /** Who, of super admin, admin, manager, user and a guest, gets a yes. */
  const who = (resource: string, action: string, record?: unknown) =>
    roles.filter((role) => ask(role, resource, action, record));

  it("lets everyone list and restore their deleted tests; picking whose activity: admins and up", () => {
    expect(who("deleted-tests", "list")).toEqual(roles);
    expect(who("deleted-tests", "restore")).toEqual(roles);
    expect(who("activity", "list")).toEqual(roles);
    expect(who("activity", "filterByActor")).toEqual(["SuperAdmin", "Admin"]);
  });

  it("offers, without a record, the actions their contracts declare: a refund, restoring an account, marking found", () => {
    expect(who("payments", "refund")).toEqual(["SuperAdmin"]);
    expect(who("deleted-accounts", "restore")).toEqual(["SuperAdmin"]);
    expect(who("lost-devices", "markFound")).toEqual(["SuperAdmin"]);
    expect(who("scheduled-actions", "cancel")).toEqual(["SuperAdmin"]);
    expect(who("scheduled-actions", "run")).toEqual(["SuperAdmin"]);
    expect(who("businesses", "create")).toEqual(["SuperAdmin", "Admin"]);
    expect(who("users", "delete")).toEqual(["SuperAdmin"]);
  });

  it("answers react-admin's actions on a declared resource from its contract: every signed-in user lists devices", () => {
    expect(who("devices", "list")).toEqual(["SuperAdmin", "Admin", "Manager", "User", null]);
    expect(who("devices", "show")).toEqual(["SuperAdmin", "Admin", "Manager", "User", null]);
    expect(who("users", "list")).toEqual(["SuperAdmin", "Admin", "Manager"]);
    expect(who("payments", "show")).toEqual(["SuperAdmin", "Admin"]);
    // An action it has no route for is a super admin's, as any undeclared question.
    expect(who("payments", "create")).toEqual(["SuperAdmin"]);
  });

  it("sends everyone to /new-subscription, where only Admins pay", () => {
    expect(who("new-subscription", "list")).toEqual(roles);
    expect(who("new-subscription", "start")).toEqual(["Admin"]);
  });

  it("offers admins the exports of what they filter: devices, payments, businesses", () => {
    for (const resource of ["devices", "payments", "businesses"]) {
      expect(who(resource, "export"), resource).toEqual(["SuperAdmin", "Admin"]);
    }
    for (const resource of ["accounts", "users", "subscriptions", "firmware", "discounts"]) {
      expect(who(resource, "export"), resource).toEqual(["SuperAdmin"]);
    }
  });

  it("answers no to a guest for what needs a signed-in user, instead of failing", () => {
    for (const [resource, action] of [
      ["accounts", "saveQueries"],
      ["accounts", "bookmark"],
      ["users", "invite"],
      ["users", "disable"],
      ["devices", "rename"],
      ["devices", "notifyOwner"],
      ["payments", "export"],
    ]) {
      expect(who(resource, action), `${resource}.${action}`).not.toContain(null);
    }
  });

  it("edits a user where some field is editable: super admins any, admins their account's, anyone themselves", () => {
    const colleague = { id: "u-9", accountId: "acc-1" };
    expect(who("users", "edit", colleague)).toEqual(["SuperAdmin", "Admin"]);
    expect(who("users", "edit", { ...colleague, accountId: "acc-2" })).toEqual(["SuperAdmin"]);
    expect(ask("Manager", "users", "edit", { id: "u-Manager", accountId: "acc-1" })).toBe(true);
    expect(ask("User", "users", "edit", { id: "u-User", accountId: "acc-1" })).toBe(true);
  });

  it("offers in the role picker the roles the actor may hand out, and no picker without an option", () => {
    expect(who("users", "assignRole", { role: "Manager" })).toEqual(["SuperAdmin", "Admin"]);
    expect(who("users", "assignRole", { role: "SuperAdmin" })).toEqual(["SuperAdmin"]);
    expect(who("users", "assignRole")).toEqual([]);
  });

  it("offers a new invitation link for an invited user only, to whoever may invite into its account", () => {
    const invited = { id: "u-9", accountId: "acc-1", role: "User", status: "invited" };
    expect(who("users", "reinvite", invited)).toEqual(["SuperAdmin", "Admin"]);
    expect(who("users", "reinvite", { ...invited, accountId: "acc-2" })).toEqual(["SuperAdmin"]);
    expect(who("users", "reinvite", { ...invited, role: "SuperAdmin" })).toEqual(["SuperAdmin"]);
    for (const status of ["active", "disabled"]) {
      expect(who("users", "reinvite", { ...invited, status }), status).toEqual([]);
    }
    // Without a record: the route's declared gate.
    expect(who("users", "reinvite")).toEqual(["SuperAdmin", "Admin"]);
  });

  it("invites into an account its admins and super admins; without one, the users list's Invite", () => {
    expect(who("users", "invite")).toEqual(["SuperAdmin", "Admin"]);
    expect(who("users", "invite", { id: "acc-1", accountId: "acc-1" })).toEqual(["SuperAdmin", "Admin"]);
    expect(who("users", "invite", { id: "acc-2", accountId: "acc-2" })).toEqual(["SuperAdmin"]);
  });

  it("offers disabling users, renaming boxes and the owner's emails to admins and super admins", () => {
    expect(who("users", "disable")).toEqual(["SuperAdmin", "Admin"]);
    expect(who("devices", "rename")).toEqual(["SuperAdmin", "Admin"]);
    expect(who("devices", "notifyOwner")).toEqual(["SuperAdmin", "Admin"]);
    expect(who("devices", "notifyOwner", { accountId: "acc-2" })).toEqual(["SuperAdmin"]);
  });
});

describe("actorOf", () => {
  it("reads the session's user as the rules' actor, and a session without a role as a guest", () => {
    expect(actorOf({ id: "u1", role: "Manager", accountId: "acc-1" })).toEqual({
      id: "u1",
      role: "Manager",
      accountId: "acc-1",
    });
    expect(actorOf({ id: "", role: null, accountId: "" })).toBeNull();
  });
});
