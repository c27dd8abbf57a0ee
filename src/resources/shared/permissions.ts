/**
 * Who may do what on the resource screens (spec §2, §6 and its change log). The screens table
 * already decides who opens a screen; these rules decide which actions a screen offers. The
 * service checks the same rules (docs/api-resources.md): hiding a button is not security.
 */
import type { Device, Payment, Subscription, User } from "../../api/resources";
import { mayCancelSubscription, mayResumeSubscription, userFieldsEditableBy } from "../../api/rules";
import { ROLES, type Role } from "../../api/types";

/** The signed-in user, as the rules need them. */
export interface Actor {
  id: string;
  role: Role;
  accountId: string;
}

const isSuperAdmin = (actor: Actor) => actor.role === "SuperAdmin";
const isAdminOf = (actor: Actor, accountId: string) => actor.role === "Admin" && actor.accountId === accountId;

/** Create, edit and delete records through the list and edit views: super admins. */
export const canManageRecords = (actor: Actor): boolean => isSuperAdmin(actor);

/** Saved account filters and bookmarks: super admins only (change log). */
export const canSaveQueries = (actor: Actor): boolean => isSuperAdmin(actor);
export const canBookmark = (actor: Actor): boolean => isSuperAdmin(actor);

// Users --------------------------------------------------------------------------------------

/** Invite a person: super admins into any account, admins into their own. */
export const canInvite = (actor: Actor): boolean => isSuperAdmin(actor) || actor.role === "Admin";

/** Invite a person into this account (its page's Users tab): super admins any, admins their own. */
export const canInviteInto = (actor: Actor, accountId: string): boolean =>
  isSuperAdmin(actor) || isAdminOf(actor, accountId);

/** The roles an actor may hand out (an admin cannot make a super admin). */
export function assignableRoles(actor: Actor): Role[] {
  if (isSuperAdmin(actor)) return [...ROLES];
  if (actor.role === "Admin") return ROLES.filter((role) => role !== "SuperAdmin");
  return [];
}

/**
 * Change a user's role (change log: Admin; super admins too). Never one's own role; an admin only
 * within their account and never a super admin's.
 */
export function canChangeRole(actor: Actor, target: Pick<User, "id" | "accountId" | "role">): boolean {
  if (actor.id === target.id) return false;
  if (isSuperAdmin(actor)) return true;
  return isAdminOf(actor, target.accountId) && target.role !== "SuperAdmin";
}

/** Disable or enable a user: same reach as changing the role. */
export const canDisableUser = canChangeRole;

/**
 * A new invitation link (the earlier one stops working): only for an invited user, with the same
 * reach as changing the role — whoever may invite into the user's account, and an admin never for
 * a super admin.
 */
export const canReinviteUser = (actor: Actor, target: Pick<User, "id" | "accountId" | "role" | "status">): boolean =>
  target.status === "invited" && canChangeRole(actor, target);

/** The user fields an actor may edit on a user's page; empty: read-only. */
export function editableUserFields(actor: Actor, target: Pick<User, "id" | "accountId">): (keyof User)[] {
  return userFieldsEditableBy(actor, target);
}

// Devices ------------------------------------------------------------------------------------

/** Change the custom box name: admins of the device's account (change log), super admins. */
export const canRenameDevice = (actor: Actor, device: Pick<Device, "accountId">): boolean =>
  isSuperAdmin(actor) || isAdminOf(actor, device.accountId);

/** Mark a device lost: as renaming, and only an active device. */
export const canMarkLost = (actor: Actor, device: Pick<Device, "accountId" | "status">): boolean =>
  device.status === "active" && canRenameDevice(actor, device);

// Payments and subscriptions -----------------------------------------------------------------

/** Refund: super admins, a succeeded or disputed payment with something left to refund. */
export const canRefund = (actor: Actor, payment: Pick<Payment, "status" | "amount" | "refundedAmount">): boolean =>
  isSuperAdmin(actor) &&
  (payment.status === "succeeded" || payment.status === "disputed") &&
  payment.refundedAmount < payment.amount;

const manageSubscription = (actor: Actor, subscription: Pick<Subscription, "accountId">) =>
  isSuperAdmin(actor) || isAdminOf(actor, subscription.accountId);

/** Cancel at period end (change log: admin and super admin manage subscriptions). */
export const canCancelSubscription = (
  actor: Actor,
  subscription: Pick<Subscription, "accountId" | "status" | "cancelAtPeriodEnd"> & { currentPeriodEnd?: string },
): boolean => manageSubscription(actor, subscription) && mayCancelSubscription(subscription);

/** Undo a cancel at period end before the period ends. */
export const canResumeSubscription = (
  actor: Actor,
  subscription: Pick<Subscription, "accountId" | "status" | "cancelAtPeriodEnd"> & { currentPeriodEnd?: string },
): boolean => manageSubscription(actor, subscription) && mayResumeSubscription(subscription);

// Accounts and businesses --------------------------------------------------------------------

/** The account owner changes the account's owner and name (change log), on /account. */
export const canEditOwnAccount = (actor: Actor, account: { id: string; ownerId: string | null }): boolean =>
  actor.accountId === account.id && account.ownerId === actor.id;

/** Add a location (spec §2: admin only) — super admins add them from the account's page. */
export const canAddBusiness = (actor: Actor, accountId: string): boolean =>
  isSuperAdmin(actor) || isAdminOf(actor, accountId);

/** Edit a business, its owner included (change log: Admin changes business owner). */
export const canEditBusiness = (actor: Actor, business: { accountId: string }): boolean =>
  isSuperAdmin(actor) || isAdminOf(actor, business.accountId);
