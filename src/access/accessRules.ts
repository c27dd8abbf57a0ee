/**
 * The one answer to "may this user do this" (spec §2, §6 and its change log), as react-admin asks
 * it: `authProvider.canAccess({ resource, action, record })`. Screens, menu items, routes, buttons
 * and record rules all come here. Page actions (list, edit, create, or a screen's own name) say who
 * opens a page; with a record, the same question asks about that record. The service checks the
 * same rules (docs/api-resources.md): hiding a button is not security.
 */
import type { Role } from "../api/types";
import { CONTRACTS } from "../api/contract";
import type { ResourceAccess, RouteAccess } from "../api/contract/declare";
import {
  assignableRoles,
  canAddBusiness,
  canBookmark,
  canCancelSubscription,
  canChangeRole,
  canDisableUser,
  canEditBusiness,
  canEditOwnAccount,
  canInvite,
  canInviteInto,
  canManageRecords,
  canMarkLost,
  canRefund,
  canReinviteUser,
  canRenameDevice,
  canResumeSubscription,
  canSaveQueries,
  editableUserFields,
  type Actor,
} from "../resources/shared/permissions";
import { canDeleteTest } from "../custom/testDetail/testRules";
import { mayReadAccountStorage } from "../api/storage";
import { canAccessRoles, type AccessRole } from "./roles";

export interface AccessQuery {
  resource: string;
  action: string;
  record?: unknown;
}

/** Who opens a page (spec §2 and §6). */
const ALL: AccessRole[] = ["All"];
const SUPER_ADMIN: AccessRole[] = ["SuperAdmin"];
const SUPER_ADMIN_ADMIN: AccessRole[] = ["SuperAdmin", "Admin"];
const OWN_ACCOUNT: AccessRole[] = ["User", "Admin", "Manager"];
// Stryker disable next-line ArrayDeclaration: a list naming no role (whatever it holds) lets nobody in
const NOBODY: AccessRole[] = [];

/** A rule: the signed-in user (null for a guest) and, when asked about one, the record. */
type Rule = (actor: Actor | null, record?: unknown) => boolean;
/** Records reach the rules untyped (react-admin's RaRecord); each rule names the shape it reads. */
type RecordRule = (actor: Actor, record: never) => boolean;

const page =
  (roles: AccessRole[]): Rule =>
  (actor) =>
    canAccessRoles(roles, actor?.role ?? null);

const signedIn =
  (rule: (actor: Actor) => boolean): Rule =>
  (actor) =>
    actor !== null && rule(actor);

/**
 * An action on a record by a signed-in user. Asked without a record it answers for the page:
 * whether it opens (by default for all) or whether the action is offered at all.
 */
const forRecord =
  (rule: RecordRule, withoutRecord: Rule = page(ALL)): Rule =>
  (actor, record) =>
    record === undefined ? withoutRecord(actor) : actor !== null && rule(actor, record as never);

/**
 * A gate the contract declares (src/api/contract): its roles, or spec §6's "All" for a route any
 * signed-in user may call (the screens' guard asks for a sign-in first).
 */
const gate = (access: RouteAccess): Rule => page(access === "signedIn" ? ALL : [...access]);

/**
 * Who may call a resource's route, as its contract declares it for both sides: the service guards
 * the route with the same declaration, so a button is offered exactly where the call goes through
 * (a record's own rules come on top, with forRecord). Read when asked, so a rule naming a route
 * its contract lacks fails where it is asked, not the whole module.
 */
const declared =
  (resource: string, route: Exclude<keyof ResourceAccess, "actions">): Rule =>
  (actor) =>
    gate(CONTRACTS[resource]!.access[route]!)(actor);
/** The same for a record action (POST {resource}/{id}/{action}). */
const declaredAction =
  (resource: string, action: string): Rule =>
  (actor) =>
    gate(CONTRACTS[resource]!.access.actions![action]!)(actor);

/**
 * resource → action → rule: screens, product verbs, and a record's own rules. react-admin's own
 * actions on a declared resource that have no rule here are its contract's (declaredRule); any
 * other question is for super admins only.
 */
/** The owner's own account: its name and owner (PUT /api/account), the account's owner only. */
const editOwnAccount = forRecord(canEditOwnAccount, page(NOBODY));

const RULES: Record<string, Record<string, Rule>> = {
  // Screens of their own (spec §2): the action is "list", as react-admin asks for a page.
  home: { list: page(ALL) },
  "activity-feed": { list: page(ALL) },
  // Its list (GET activity): everyone, scoped by the service; picking whose entries: admins and up.
  activity: { filterByActor: page(SUPER_ADMIN_ADMIN) },
  settings: { list: page(NOBODY) },
  "recover-tests": { list: page(ALL) },
  // Their lists and restores (docs/api.md "Recover tests"): everyone restores within their scope,
  // which the service applies; accounts are super admins' (below).
  "deleted-tests": {
    restore: page(ALL),
    // The service lets everyone export their own; only super admins get the button.
    export: page(SUPER_ADMIN),
  },
  "user-settings": { list: page(ALL) },
  // Everyone of an inactive account lands there (the redirect); Admins pay (docs/api.md "New subscription").
  "new-subscription": { list: page(ALL), start: page(["Admin"]) },

  // Super admins' screens (spec §6). A missing entry says the same (canAccess's fallback); they are
  // named so the table reads whole.
  // Stryker disable ObjectLiteral: an entry of super admins' actions only answers as no entry does
  "advanced-settings": { list: page(SUPER_ADMIN) },
  "recover-accounts": { list: page(SUPER_ADMIN) },
  "deleted-accounts": { restore: declaredAction("accounts", "restore") },
  // Mark found gives a lost device back to its account: super admins, as the service says.
  "lost-devices": { markFound: declaredAction("devices", "mark-found") },
  "top-phones-used": { list: page(SUPER_ADMIN), show: page(SUPER_ADMIN) },
  // Cancel and Run now, each after a password re-check (docs/api.md "Lifecycle").
  // Stryker restore ObjectLiteral

  tests: {
    list: page(ALL),
    show: page(ALL),
    // Spec §9: whoever sees tests downloads a selection of them (the service scopes the tests).
    bulkDownload: page(ALL),
    // Spec §6: the user's account is the test's, and an Admin, the creator or the business's Manager.
    delete: forRecord(canDeleteTest),
  },
  accounts: {
    // Every field of any account: super admins. Without a record: the page's edit forms (the
    // owner's own form included, see editOwn).
    edit: forRecord(canManageRecords),
    own: page(OWN_ACCOUNT),
    editOwn: editOwnAccount,
    // What the account holds against its quota (docs/api.md "Storage quota"): the service's own rule.
    storage: forRecord(
      (actor, account: { id: string }) => mayReadAccountStorage(actor, account.id),
      page(SUPER_ADMIN_ADMIN),
    ),
    saveQueries: signedIn(canSaveQueries),
    bookmark: signedIn(canBookmark),
  },
  businesses: {
    // Everyone's pickers list an account's businesses (the contract); the console has no page of
    // all businesses, and its list question is a super admin's, as any undeclared one.
    list: page(SUPER_ADMIN),
    edit: forRecord(canEditBusiness),
    // Asked with the account ({ accountId }) the location would belong to.
    create: forRecord(
      (actor, business: { accountId: string }) => canAddBusiness(actor, business.accountId),
      declared("businesses", "create"),
    ),
    // The /add-new-location page is an Admin's (spec §2); super admins add from the account's page.
    addLocation: page(["Admin"]),
  },
  users: {
    edit: forRecord(
      (actor, user: Parameters<typeof editableUserFields>[1]) => editableUserFields(actor, user).length > 0,
    ),
    delete: forRecord(
      (actor, user: { id: string }) => declared("users", "delete")(actor) && actor.id !== user.id,
      declared("users", "delete"),
    ),
    // The roles offered in the role pickers, each asked as { role }.
    assignRole: forRecord(
      (actor, option: { role: Role }) => assignableRoles(actor).includes(option.role),
      page(NOBODY),
    ),
    changeRole: forRecord(
      canChangeRole,
      signedIn((actor) => assignableRoles(actor).length > 0),
    ),
    disable: forRecord(
      canDisableUser,
      signedIn((actor) => assignableRoles(actor).length > 0),
    ),
    // A new invitation link, for an invited user only; without a record: whether it is ever offered.
    reinvite: forRecord(canReinviteUser, declaredAction("users", "invitation")),
    // Without a record: the users list's Invite; asked with an account ({ accountId }): into that one.
    invite: forRecord(
      (actor, target: { accountId: string }) => canInviteInto(actor, target.accountId),
      signedIn(canInvite),
    ),
  },
  devices: {
    edit: forRecord(canManageRecords),
    // Test records name the device they were made with: such a device is marked lost, never deleted.
    delete: forRecord(
      (actor, device: { hasTests: boolean }) => declared("devices", "delete")(actor) && !device.hasTests,
      declared("devices", "delete"),
    ),
    // Without a record: whether the list offers the actions (to the actor's own account's devices).
    rename: forRecord(
      canRenameDevice,
      signedIn((actor) => canRenameDevice(actor, actor)),
    ),
    markLost: forRecord(
      canMarkLost,
      signedIn((actor) => canRenameDevice(actor, actor)),
    ),
    // The owner's emails about the device (docs/api.md "Public flows"): as renaming.
    notifyOwner: forRecord(
      canRenameDevice,
      signedIn((actor) => canRenameDevice(actor, actor)),
    ),
  },
  // The owner's form on their own account edits the resource "account" (dataProvider/resourceRoutes.ts),
  // and react-admin's edit asks it here, about the account shown.
  account: { edit: editOwnAccount },
  payments: {
    refund: forRecord(canRefund, declaredAction("payments", "refund")),
  },
  subscriptions: {
    // The subscription's own page is super admins'; admins read theirs on the account's page.
    show: page(SUPER_ADMIN),
    cancel: forRecord(canCancelSubscription),
    resume: forRecord(canResumeSubscription),
  },
};

/** react-admin's actions, by the route of the contract each one calls. */
const ROUTE_OF_ACTION: Record<string, Exclude<keyof ResourceAccess, "actions">> = {
  list: "list",
  show: "get",
  // Stryker disable StringLiteral: every contract's create, update and delete is super admins' or has a rule of its own above, as an undeclared question answers
  create: "create",
  edit: "update",
  delete: "delete",
  // Stryker restore StringLiteral
  export: "export",
};

/** The contract's gate for a react-admin action on a declared resource, when it declares that route. */
function declaredRule(resource: string, action: string): Rule | undefined {
  const route = ROUTE_OF_ACTION[action];
  // Stryker disable next-line ConditionalExpression: a contract's access has no key "undefined" either
  const access = route === undefined ? undefined : CONTRACTS[resource]?.access[route];
  return access === undefined ? undefined : gate(access);
}

/** The answer for a user (null: a guest). */
export function canAccess(actor: Actor | null, { resource, action, record }: AccessQuery): boolean {
  const rule = RULES[resource]?.[action] ?? declaredRule(resource, action);
  if (rule === undefined) return actor?.role === "SuperAdmin";
  return rule(actor, record);
}

/** The signed-in user as the rules read them, from the session's fields. */
export function actorOf(user: { id: string; role: Role | null; accountId: string }): Actor | null {
  return user.role === null ? null : { id: user.id, role: user.role, accountId: user.accountId };
}
