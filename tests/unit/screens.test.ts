import { describe, expect, it } from "vitest";
import { ROLES, type Role } from "../../src/api/types";
import { canAccess } from "../../src/access/accessRules";
import { canAccessRoles } from "../../src/access/roles";
import { MENU_SCREENS, SCREENS } from "../../src/access/screens";
import { en } from "../../src/i18n/en";

const SA = "SuperAdmin";
const A = "Admin";
const M = "Manager";
const U = "User";
const EVERYONE: Role[] = [SA, A, M, U];

/** Spec §2, transcribed by hand: menu items in order, with who sees them. */
const SPEC_MENU: [title: string, path: string, roles: Role[]][] = [
  ["Home", "/", EVERYONE],
  ["Activity Feed", "/activity-feed", EVERYONE],
  ["Payments", "/payments", [SA, A]],
  ["Accounts", "/accounts", [SA]],
  ["Account", "/account", [U, A, M]],
  ["Users", "/users", [SA, A, M]],
  ["Gallery", "/gallery", EVERYONE],
  ["Settings", "/settings", []],
  ["Devices", "/devices", EVERYONE],
  ["Firmware", "/firmware", [SA]],
  ["Advanced Settings", "/advanced-settings", [SA]],
  ["Discounts", "/discounts", [SA]],
  ["Recover", "/recover/tests", EVERYONE],
];

/** Spec §2 "Detail and other routes". */
const SPEC_ROUTES: [path: string, roles: Role[]][] = [
  ["/gallery/item/:id", EVERYONE],
  ["/users/:userId", EVERYONE],
  ["/accounts/:accountId", EVERYONE],
  ["/accounts/business/:businessId", EVERYONE],
  ["/devices/:deviceId", EVERYONE],
  ["/subscription/:subscriptionId", [SA]],
  ["/payment/:paymentId", [SA, A]],
  ["/firmware/upload", [SA]],
  ["/lost-devices", [SA]],
  ["/top-phones-used", [SA]],
  ["/top-phones-used/:phoneBrand/:phoneModel", [SA]],
  ["/user-settings", EVERYONE],
  ["/add-new-location", [A]],
  ["/recover/accounts", [SA]],
  ["/scheduled-actions", [SA]],
  ["/scheduled-actions/account-deletions", [SA]],
  ["/scheduled-actions/subscription-cancelations", [SA]],
  ["/new-subscription", EVERYONE],
];

const titleOf = (key: string) =>
  key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en);

/** Route parameters named as react-admin names them (":id") or as the spec does (":userId"). */
const shape = (path: string) => path.replace(/:\w+/g, ":param");
const actor = (role: Role) => ({ id: `u-${role}`, role, accountId: "acc-1" });

describe("the screens table against spec §2", () => {
  it("lists the menu items in the spec's order with the spec's titles", () => {
    expect(MENU_SCREENS.map((screen) => [titleOf(screen.title), screen.path])).toEqual(
      SPEC_MENU.map(([title, path]) => [title, path]),
    );
  });

  it("has exactly the spec's signed-in routes", () => {
    const specPaths = [...SPEC_MENU.map(([, path]) => path), ...SPEC_ROUTES.map(([path]) => path)].sort();
    expect(SCREENS.map((screen) => shape(screen.path)).sort()).toEqual(specPaths.map(shape).sort());
  });

  const cases = [
    ...SPEC_MENU.map(([, path, roles]) => [path, roles] as const),
    ...SPEC_ROUTES.map(([path, roles]) => [path, roles] as const),
  ];
  for (const [path, allowed] of cases) {
    for (const role of ROLES) {
      const expected = allowed.includes(role);
      it(`${role} ${expected ? "may" : "may not"} open ${path}`, () => {
        const screen = SCREENS.find((candidate) => shape(candidate.path) === shape(path))!;
        expect(canAccess(actor(role), screen.access)).toBe(expected);
      });
    }
  }

  it("lets a signed-out visitor open only what is for all", () => {
    for (const [path, allowed] of cases) {
      const screen = SCREENS.find((candidate) => shape(candidate.path) === shape(path))!;
      expect(canAccess(null, screen.access)).toBe(allowed.length === ROLES.length);
    }
  });
});

describe("canAccessRoles (spec §6)", () => {
  it("passes a list containing the role, All or Guest", () => {
    expect(canAccessRoles(["Admin"], "Admin")).toBe(true);
    expect(canAccessRoles(["All"], "User")).toBe(true);
    expect(canAccessRoles(["Guest"], "Manager")).toBe(true);
    expect(canAccessRoles(["Guest"], null)).toBe(true);
  });
  it("fails otherwise", () => {
    expect(canAccessRoles(["Admin"], "Manager")).toBe(false);
    expect(canAccessRoles([], "SuperAdmin")).toBe(false);
    expect(canAccessRoles(["SuperAdmin"], null)).toBe(false);
  });
});
