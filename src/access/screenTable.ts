/**
 * The one table of signed-in screens (spec §2): each screen once, with its path, title, the
 * question put to canAccess before it opens, its sidebar item, and its page's code. From it come
 * the routes and react-admin's resource views (src/Console.tsx), the sidebar and the screen guard
 * (screens.tsx, ScreenRoutes.tsx), the document titles, and what start-up loads beside its calls
 * (custom/startup/routeCode.ts).
 *
 * Plain data and import() only: start-up reads it before React and MUI are loaded (the sidebar's
 * icons are named here and drawn by screens.tsx).
 */
import type { ComponentType } from "react";
import type { PageLoad } from "../custom/startup/lazyPage";
import { CONTRACTS } from "../api/contract";
import type { MenuIcon } from "../api/contract/declare";
import type { AccessQuery } from "./accessRules";

export type { MenuIcon };

export interface ScreenEntry {
  /** Route path, relative to the root, in react-router syntax. */
  path: string;
  /** The screen's title: its message under `screens` in src/i18n/en.ts (start-up itself draws none). */
  title: string;
  /** What authProvider.canAccess is asked before the screen opens (src/access/accessRules.ts). */
  access: Omit<AccessQuery, "record">;
  /** A sidebar item (the table's order is the menu's), and the first path segments it highlights for. */
  menu?: { icon: MenuIcon; segments: string[] };
  /** The page's code; a screen without one shows its title only (not offered yet). */
  load?: PageLoad<ComponentType>;
  /**
   * The page is react-admin's view of a resource (its List or Edit controller, its links): the
   * resource registers it instead of a route of its own.
   */
  view?: { resource: string; as: "list" | "edit" };
  /**
   * A page people open the console on and the menu's lists: its code loads beside start-up's calls
   * when a visit starts at it, and once the first page is drawn.
   */
  preload?: true;
}

const screen = (resource: string, action = "list") => ({ resource, action });

/**
 * The screens the contracts declare (`screen`), for the resources with no page of their own: each
 * its list at /{name}, in the menu, drawn from its contract (ContractList), titled `screens.{name}`,
 * open to whom its contract lets list.
 */
const declaredScreens = (): ScreenEntry[] =>
  Object.values(CONTRACTS).flatMap(({ name, screen: declared }) =>
    declared
      ? [
          {
            path: `/${name}`,
            title: name,
            access: screen(name),
            menu: { icon: declared.icon, segments: [name] },
            load: () => import("../resources/shared/ContractList"),
            view: { resource: name, as: "list" as const },
          },
        ]
      : [],
  );

export const SCREEN_TABLE: ScreenEntry[] = [
  {
    path: "/",
    title: "home",
    access: screen("home"),
    menu: { icon: "home", segments: [""] },
    load: () => import("../custom/home/HomePage"),
    preload: true,
  },
  {
    path: "/activity-feed",
    title: "activityFeed",
    access: screen("activity-feed"),
    menu: { icon: "activity", segments: ["activity-feed"] },
    load: () => import("../resources/activity/ActivityFeedList"),
  },
  {
    path: "/payments",
    title: "payments",
    access: screen("payments"),
    menu: { icon: "payments", segments: ["payments", "payment", "subscription"] },
    load: () => import("../resources/payments/PaymentsPage"),
    view: { resource: "payments", as: "list" },
    preload: true,
  },
  {
    path: "/accounts",
    title: "accounts",
    access: screen("accounts"),
    menu: { icon: "accounts", segments: ["accounts"] },
    load: () => import("../resources/accounts/AccountList"),
    view: { resource: "accounts", as: "list" },
    preload: true,
  },
  {
    path: "/account",
    title: "account",
    access: screen("accounts", "own"),
    menu: { icon: "account", segments: ["account"] },
    load: () => import("../resources/accounts/MyAccountPage"),
  },
  {
    path: "/users",
    title: "users",
    access: screen("users"),
    menu: { icon: "users", segments: ["users"] },
    load: () => import("../resources/users/UserList"),
    view: { resource: "users", as: "list" },
    preload: true,
  },
  {
    path: "/gallery",
    title: "gallery",
    access: screen("tests"),
    menu: { icon: "gallery", segments: ["gallery"] },
    load: () => import("../custom/gallery/GalleryPage"),
    preload: true,
  },
  {
    path: "/settings",
    title: "settings",
    access: screen("settings"),
    menu: { icon: "settings", segments: ["settings"] },
  },
  {
    path: "/devices",
    title: "devices",
    access: screen("devices"),
    menu: { icon: "devices", segments: ["devices"] },
    load: () => import("../resources/devices/DeviceList"),
    view: { resource: "devices", as: "list" },
    preload: true,
  },
  {
    path: "/firmware",
    title: "firmware",
    access: screen("firmware"),
    menu: { icon: "firmware", segments: ["firmware"] },
    load: () => import("../resources/firmware/FirmwareList"),
    view: { resource: "firmware", as: "list" },
    preload: true,
  },
  {
    path: "/advanced-settings",
    title: "advancedSettings",
    access: screen("advanced-settings"),
    menu: { icon: "advancedSettings", segments: ["advanced-settings"] },
    load: () => import("../resources/advancedSettings/AdvancedSettingsPage"),
  },
  {
    path: "/discounts",
    title: "discounts",
    access: screen("discounts"),
    menu: { icon: "discounts", segments: ["discounts"] },
    load: () => import("../resources/discounts/DiscountList"),
    view: { resource: "discounts", as: "list" },
    preload: true,
  },
  ...declaredScreens(),
  {
    path: "/recover/tests",
    title: "recover",
    access: screen("recover-tests"),
    menu: { icon: "recover", segments: ["recover"] },
    load: () => import("../resources/recover/DeletedTestList"),
  },

  {
    path: "/gallery/item/:id",
    title: "testDetail",
    access: screen("tests", "show"),
    load: () => import("../custom/testDetail/TestDetailPage"),
  },
  {
    path: "/users/:id",
    title: "user",
    access: screen("users", "show"),
    load: () => import("../resources/users/UserShow"),
    view: { resource: "users", as: "edit" },
  },
  {
    path: "/accounts/:id",
    title: "accountInfo",
    access: screen("accounts", "show"),
    load: () => import("../resources/accounts/AccountShow"),
    view: { resource: "accounts", as: "edit" },
  },
  {
    path: "/accounts/business/:id",
    title: "business",
    access: screen("businesses", "show"),
    load: () => import("../resources/businesses/BusinessShow"),
  },
  {
    path: "/devices/:id",
    title: "device",
    access: screen("devices", "show"),
    load: () => import("../resources/devices/DeviceShow"),
    view: { resource: "devices", as: "edit" },
  },
  {
    path: "/subscription/:id",
    title: "subscription",
    access: screen("subscriptions", "show"),
    load: () => import("../resources/subscriptions/SubscriptionShow"),
  },
  {
    path: "/payment/:id",
    title: "payment",
    access: screen("payments", "show"),
    load: () => import("../resources/payments/PaymentShow"),
  },
  {
    path: "/firmware/upload",
    title: "firmwareUpload",
    access: screen("firmware", "create"),
    load: () => import("../resources/firmware/FirmwareUpload"),
  },
  {
    path: "/lost-devices",
    title: "lostDevices",
    access: screen("lost-devices"),
    load: () => import("../resources/lostDevices/LostDeviceList"),
  },
  {
    path: "/top-phones-used",
    title: "topPhonesUsed",
    access: screen("top-phones-used"),
    load: () => import("../custom/topPhones/TopPhonesPage"),
  },
  {
    path: "/top-phones-used/:phoneBrand/:phoneModel",
    title: "topPhoneModel",
    access: screen("top-phones-used", "show"),
    load: () => import("../custom/topPhones/PhoneModelPage"),
  },
  {
    path: "/user-settings",
    title: "userSettings",
    access: screen("user-settings"),
    load: () => import("../custom/userSettings/UserSettingsPage"),
  },
  {
    path: "/add-new-location",
    title: "addNewLocation",
    access: screen("businesses", "addLocation"),
    load: () => import("../resources/businesses/BusinessCreate"),
  },
  {
    path: "/recover/accounts",
    title: "recoverAccounts",
    access: screen("recover-accounts"),
    load: () => import("../resources/recover/DeletedAccountList"),
  },
  {
    path: "/scheduled-actions",
    title: "scheduledActions",
    access: screen("scheduled-actions"),
    load: () =>
      import("../resources/scheduledActions/ScheduledActionsScreens").then((m) => ({ default: m.AllActions })),
  },
  {
    path: "/scheduled-actions/account-deletions",
    title: "accountDeletions",
    access: screen("scheduled-actions"),
    load: () =>
      import("../resources/scheduledActions/ScheduledActionsScreens").then((m) => ({ default: m.AccountDeletions })),
  },
  {
    path: "/scheduled-actions/subscription-cancelations",
    title: "subscriptionCancelations",
    access: screen("scheduled-actions"),
    load: () =>
      import("../resources/scheduledActions/ScheduledActionsScreens").then((m) => ({
        default: m.SubscriptionCancelations,
      })),
  },
  {
    path: "/new-subscription",
    title: "newSubscription",
    access: screen("new-subscription"),
    load: () => import("../custom/newSubscription/NewSubscriptionPage"),
  },
];
