import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { SvgIconComponent } from "@mui/icons-material";
import HomeIcon from "@mui/icons-material/HomeOutlined";
import FeedIcon from "@mui/icons-material/DynamicFeedOutlined";
import AccountIcon from "@mui/icons-material/AccountBoxOutlined";
import SettingsIcon from "@mui/icons-material/SettingsOutlined";
import AdvancedIcon from "@mui/icons-material/TuneOutlined";
import RecoverIcon from "@mui/icons-material/RestoreFromTrashOutlined";
import { ActivityFeedPage } from "../resources/activity";
import { AdvancedSettingsPage } from "../resources/advancedSettings";
import { accounts, OwnAccountPage } from "../resources/accounts";
import { BusinessCreatePage, BusinessShowPage } from "../resources/businesses";
import { devices } from "../resources/devices";
import { discounts } from "../resources/discounts";
import { firmware, FirmwareUploadPage } from "../resources/firmware";
import { LostDevicesPage } from "../resources/lostDevices";
import { payments, PaymentShowPage } from "../resources/payments";
import { RecoverAccountsPage, RecoverTestsPage } from "../resources/recover";
import {
  AccountDeletionsPage,
  ScheduledActionsPage,
  SubscriptionCancelationsPage,
} from "../resources/scheduledActions";
import { SubscriptionShowPage } from "../resources/subscriptions";
import { GalleryPage, tests, TestDetailPage } from "../resources/tests";
import { users } from "../resources/users";
import { lazyPage } from "../custom/startup/lazyPage";
import { loadHomePage } from "../custom/startup/routeCode";
import type { AccessQuery } from "./accessRules";

type Page = LazyExoticComponent<ComponentType>;

export interface Screen {
  /** Route path, relative to the root, in react-router syntax. */
  path: string;
  /** i18n key of the screen's title. */
  title: string;
  /** What authProvider.canAccess is asked before the screen opens (src/access/accessRules.ts). */
  access: Omit<AccessQuery, "record">;
  /** A sidebar item: its icon, and the first path segments it highlights for (spec §2). */
  menu?: { icon: SvgIconComponent; segments: string[] };
  /** The screen's own page; without one, the path is a route of its registered resource. */
  page?: Page;
}

const placeholder = lazy(() => import("../custom/placeholder/ScreenPlaceholder"));
const screen = (resource: string, action = "list") => ({ resource, action });

/**
 * The one table of signed-in screens (spec §2): the sidebar (its order is the menu's), the
 * document title, and the question put to canAccess before a screen opens. Resource pages come
 * from the resource's registration (src/Console.tsx); the others are listed with their page.
 * Screens the console does not offer yet render their title only.
 */
export const SCREENS: Screen[] = [
  {
    path: "/",
    title: "screens.home",
    access: screen("home"),
    menu: { icon: HomeIcon, segments: [""] },
    page: lazyPage(loadHomePage),
  },
  {
    path: "/activity-feed",
    title: "screens.activityFeed",
    access: screen("activity-feed"),
    menu: { icon: FeedIcon, segments: ["activity-feed"] },
    page: ActivityFeedPage,
  },
  {
    path: "/payments",
    title: "screens.payments",
    access: screen("payments"),
    menu: { icon: payments.icon, segments: ["payments", "payment", "subscription"] },
  },
  {
    path: "/accounts",
    title: "screens.accounts",
    access: screen("accounts"),
    menu: { icon: accounts.icon, segments: ["accounts"] },
  },
  {
    path: "/account",
    title: "screens.account",
    access: screen("accounts", "own"),
    menu: { icon: AccountIcon, segments: ["account"] },
    page: OwnAccountPage,
  },
  {
    path: "/users",
    title: "screens.users",
    access: screen("users"),
    menu: { icon: users.icon, segments: ["users"] },
  },
  {
    path: "/gallery",
    title: "screens.gallery",
    access: screen("tests"),
    menu: { icon: tests.icon, segments: ["gallery"] },
    page: GalleryPage,
  },
  {
    path: "/settings",
    title: "screens.settings",
    access: screen("settings"),
    menu: { icon: SettingsIcon, segments: ["settings"] },
    page: placeholder,
  },
  {
    path: "/devices",
    title: "screens.devices",
    access: screen("devices"),
    menu: { icon: devices.icon, segments: ["devices"] },
  },
  {
    path: "/firmware",
    title: "screens.firmware",
    access: screen("firmware"),
    menu: { icon: firmware.icon, segments: ["firmware"] },
  },
  {
    path: "/advanced-settings",
    title: "screens.advancedSettings",
    access: screen("advanced-settings"),
    menu: { icon: AdvancedIcon, segments: ["advanced-settings"] },
    page: AdvancedSettingsPage,
  },
  {
    path: "/discounts",
    title: "screens.discounts",
    access: screen("discounts"),
    menu: { icon: discounts.icon, segments: ["discounts"] },
  },
  {
    path: "/recover/tests",
    title: "screens.recover",
    access: screen("recover-tests"),
    menu: { icon: RecoverIcon, segments: ["recover"] },
    page: RecoverTestsPage,
  },

  { path: "/gallery/item/:id", title: "screens.testDetail", access: screen("tests", "show"), page: TestDetailPage },
  { path: "/users/:id", title: "screens.user", access: screen("users", "show") },
  { path: "/accounts/:id", title: "screens.accountInfo", access: screen("accounts", "show") },
  {
    path: "/accounts/business/:id",
    title: "screens.business",
    access: screen("businesses", "show"),
    page: BusinessShowPage,
  },
  { path: "/devices/:id", title: "screens.device", access: screen("devices", "show") },
  {
    path: "/subscription/:id",
    title: "screens.subscription",
    access: screen("subscriptions", "show"),
    page: SubscriptionShowPage,
  },
  {
    path: "/payment/:id",
    title: "screens.payment",
    access: screen("payments", "show"),
    page: PaymentShowPage,
  },
  {
    path: "/firmware/upload",
    title: "screens.firmwareUpload",
    access: screen("firmware", "create"),
    page: FirmwareUploadPage,
  },
  { path: "/lost-devices", title: "screens.lostDevices", access: screen("lost-devices"), page: LostDevicesPage },
  {
    path: "/top-phones-used",
    title: "screens.topPhonesUsed",
    access: screen("top-phones-used"),
    page: lazy(() => import("../custom/topPhones/TopPhonesPage")),
  },
  {
    path: "/top-phones-used/:phoneBrand/:phoneModel",
    title: "screens.topPhoneModel",
    access: screen("top-phones-used", "show"),
    page: lazy(() => import("../custom/topPhones/PhoneModelPage")),
  },
  {
    path: "/user-settings",
    title: "screens.userSettings",
    access: screen("user-settings"),
    page: lazy(() => import("../custom/userSettings/UserSettingsPage")),
  },
  {
    path: "/add-new-location",
    title: "screens.addNewLocation",
    access: screen("businesses", "addLocation"),
    page: BusinessCreatePage,
  },
  {
    path: "/recover/accounts",
    title: "screens.recoverAccounts",
    access: screen("recover-accounts"),
    page: RecoverAccountsPage,
  },
  {
    path: "/scheduled-actions",
    title: "screens.scheduledActions",
    access: screen("scheduled-actions"),
    page: ScheduledActionsPage,
  },
  {
    path: "/scheduled-actions/account-deletions",
    title: "screens.accountDeletions",
    access: screen("scheduled-actions"),
    page: AccountDeletionsPage,
  },
  {
    path: "/scheduled-actions/subscription-cancelations",
    title: "screens.subscriptionCancelations",
    access: screen("scheduled-actions"),
    page: SubscriptionCancelationsPage,
  },
  {
    path: "/new-subscription",
    title: "screens.newSubscription",
    access: screen("new-subscription"),
    page: lazy(() => import("../custom/newSubscription/NewSubscriptionPage")),
  },
];

export const MENU_SCREENS = SCREENS.filter((item) => item.menu);
