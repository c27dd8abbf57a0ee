import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { SvgIconComponent } from "@mui/icons-material";
import HomeIcon from "@mui/icons-material/HomeOutlined";
import FeedIcon from "@mui/icons-material/DynamicFeedOutlined";
import PaymentsIcon from "@mui/icons-material/PaymentsOutlined";
import AccountsIcon from "@mui/icons-material/BusinessOutlined";
import AccountIcon from "@mui/icons-material/AccountBoxOutlined";
import UsersIcon from "@mui/icons-material/PeopleAltOutlined";
import GalleryIcon from "@mui/icons-material/PhotoLibraryOutlined";
import SettingsIcon from "@mui/icons-material/SettingsOutlined";
import DevicesIcon from "@mui/icons-material/DevicesOtherOutlined";
import FirmwareIcon from "@mui/icons-material/MemoryOutlined";
import AdvancedIcon from "@mui/icons-material/TuneOutlined";
import DiscountsIcon from "@mui/icons-material/LocalOfferOutlined";
import RecoverIcon from "@mui/icons-material/RestoreFromTrashOutlined";
import type { AccessRole } from "./roles";

/** Who may use a screen (spec §2 and §6). */
const ALL: AccessRole[] = ["All"];
const SUPER_ADMIN: AccessRole[] = ["SuperAdmin"];
const SUPER_ADMIN_ADMIN: AccessRole[] = ["SuperAdmin", "Admin"];
const STAFF: AccessRole[] = ["SuperAdmin", "Admin", "Manager"];
const OWN_ACCOUNT: AccessRole[] = ["User", "Admin", "Manager"];
const NOBODY: AccessRole[] = [];

type PageModule = { default: ComponentType };
type Page = LazyExoticComponent<ComponentType>;

export interface Screen {
  /** Route path, relative to the root, in react-router syntax. */
  path: string;
  /** i18n key of the screen's title. */
  title: string;
  roles: AccessRole[];
  /** A sidebar item: its icon, and the first path segments it highlights for (spec §2). */
  menu?: { icon: SvgIconComponent; segments: string[] };
  page: Page;
}

const placeholder = (): Promise<PageModule> => import("../custom/placeholder/ScreenPlaceholder");
const page = (load: () => Promise<PageModule>): Page => lazy(load);

/**
 * The one table of signed-in screens (spec §2): it drives the sidebar, the routes and the guard.
 * Order is the menu's order. Screens whose issue has not landed yet render their title only.
 */
export const SCREENS: Screen[] = [
  {
    path: "/",
    title: "screens.home",
    roles: ALL,
    menu: { icon: HomeIcon, segments: [""] },
    page: page(() => import("../custom/home/HomePage")),
  },
  {
    path: "/activity-feed",
    title: "screens.activityFeed",
    roles: ALL,
    menu: { icon: FeedIcon, segments: ["activity-feed"] },
    page: page(placeholder),
  },
  {
    path: "/payments",
    title: "screens.payments",
    roles: SUPER_ADMIN_ADMIN,
    menu: { icon: PaymentsIcon, segments: ["payments", "payment", "subscription"] },
    page: page(() => import("../resources/payments/PaymentsPage")),
  },
  {
    path: "/accounts",
    title: "screens.accounts",
    roles: SUPER_ADMIN,
    menu: { icon: AccountsIcon, segments: ["accounts"] },
    page: page(() => import("../resources/accounts/AccountList")),
  },
  {
    path: "/account",
    title: "screens.account",
    roles: OWN_ACCOUNT,
    menu: { icon: AccountIcon, segments: ["account"] },
    page: page(() => import("../resources/accounts/MyAccountPage")),
  },
  {
    path: "/users",
    title: "screens.users",
    roles: STAFF,
    menu: { icon: UsersIcon, segments: ["users"] },
    page: page(() => import("../resources/users/UserList")),
  },
  {
    path: "/gallery",
    title: "screens.gallery",
    roles: ALL,
    menu: { icon: GalleryIcon, segments: ["gallery"] },
    page: page(() => import("../custom/gallery/GalleryPage")),
  },
  {
    path: "/settings",
    title: "screens.settings",
    roles: NOBODY,
    menu: { icon: SettingsIcon, segments: ["settings"] },
    page: page(placeholder),
  },
  {
    path: "/devices",
    title: "screens.devices",
    roles: ALL,
    menu: { icon: DevicesIcon, segments: ["devices"] },
    page: page(() => import("../resources/devices/DeviceList")),
  },
  {
    path: "/firmware",
    title: "screens.firmware",
    roles: SUPER_ADMIN,
    menu: { icon: FirmwareIcon, segments: ["firmware"] },
    page: page(() => import("../resources/firmware/FirmwareList")),
  },
  {
    path: "/advanced-settings",
    title: "screens.advancedSettings",
    roles: SUPER_ADMIN,
    menu: { icon: AdvancedIcon, segments: ["advanced-settings"] },
    page: page(placeholder),
  },
  {
    path: "/discounts",
    title: "screens.discounts",
    roles: SUPER_ADMIN,
    menu: { icon: DiscountsIcon, segments: ["discounts"] },
    page: page(() => import("../resources/discounts/DiscountList")),
  },
  {
    path: "/recover/tests",
    title: "screens.recover",
    roles: ALL,
    menu: { icon: RecoverIcon, segments: ["recover"] },
    page: page(placeholder),
  },

  {
    path: "/gallery/item/:id",
    title: "screens.testDetail",
    roles: ALL,
    page: page(() => import("../custom/testDetail/TestDetailPage")),
  },
  {
    path: "/users/:userId",
    title: "screens.user",
    roles: ALL,
    page: page(() => import("../resources/users/UserShow")),
  },
  {
    path: "/accounts/:accountId",
    title: "screens.accountInfo",
    roles: ALL,
    page: page(() => import("../resources/accounts/AccountShow")),
  },
  {
    path: "/accounts/business/:businessId",
    title: "screens.business",
    roles: ALL,
    page: page(() => import("../resources/businesses/BusinessShow")),
  },
  {
    path: "/devices/:deviceId",
    title: "screens.device",
    roles: ALL,
    page: page(() => import("../resources/devices/DeviceShow")),
  },
  {
    path: "/subscription/:subscriptionId",
    title: "screens.subscription",
    roles: SUPER_ADMIN,
    page: page(() => import("../resources/subscriptions/SubscriptionShow")),
  },
  {
    path: "/payment/:paymentId",
    title: "screens.payment",
    roles: SUPER_ADMIN_ADMIN,
    page: page(() => import("../resources/payments/PaymentShow")),
  },
  {
    path: "/firmware/upload",
    title: "screens.firmwareUpload",
    roles: SUPER_ADMIN,
    page: page(() => import("../resources/firmware/FirmwareUpload")),
  },
  { path: "/lost-devices", title: "screens.lostDevices", roles: SUPER_ADMIN, page: page(placeholder) },
  { path: "/top-phones-used", title: "screens.topPhonesUsed", roles: SUPER_ADMIN, page: page(placeholder) },
  {
    path: "/top-phones-used/:phoneBrand/:phoneModel",
    title: "screens.topPhoneModel",
    roles: SUPER_ADMIN,
    page: page(placeholder),
  },
  { path: "/user-settings", title: "screens.userSettings", roles: ALL, page: page(placeholder) },
  {
    path: "/add-new-location",
    title: "screens.addNewLocation",
    roles: ["Admin"],
    page: page(() => import("../resources/businesses/BusinessCreate")),
  },
  { path: "/recover/accounts", title: "screens.recoverAccounts", roles: SUPER_ADMIN, page: page(placeholder) },
  { path: "/scheduled-actions", title: "screens.scheduledActions", roles: SUPER_ADMIN, page: page(placeholder) },
  {
    path: "/scheduled-actions/account-deletions",
    title: "screens.accountDeletions",
    roles: SUPER_ADMIN,
    page: page(placeholder),
  },
  {
    path: "/scheduled-actions/subscription-cancelations",
    title: "screens.subscriptionCancelations",
    roles: SUPER_ADMIN,
    page: page(placeholder),
  },
  {
    path: "/new-subscription",
    title: "screens.newSubscription",
    roles: ALL,
    page: page(() => import("../custom/status/NewSubscriptionPage")),
  },
];

export const MENU_SCREENS = SCREENS.filter((screen) => screen.menu);

/**
 * The screens a signed-in role may open, as react-admin's canAccess asks for them: the resource is
 * the screen's path without its leading slash.
 */
export function rolesForResource(resource: string): AccessRole[] | undefined {
  const path = resource.startsWith("/") ? resource : `/${resource}`;
  return SCREENS.find((screen) => screen.path === path)?.roles;
}
