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
import SubscriptionIcon from "@mui/icons-material/CardMembershipOutlined";
import { lazyPage } from "../custom/startup/lazyPage";
import { SCREEN_TABLE, type MenuIcon, type ScreenEntry } from "./screenTable";

const MENU_ICONS: Record<MenuIcon, SvgIconComponent> = {
  home: HomeIcon,
  activity: FeedIcon,
  payments: PaymentsIcon,
  accounts: AccountsIcon,
  account: AccountIcon,
  users: UsersIcon,
  gallery: GalleryIcon,
  settings: SettingsIcon,
  devices: DevicesIcon,
  firmware: FirmwareIcon,
  advancedSettings: AdvancedIcon,
  discounts: DiscountsIcon,
  recover: RecoverIcon,
};

type Page = LazyExoticComponent<ComponentType>;

/** A screen of the table (screenTable.ts), ready to draw: its page component and its menu icon. */
export interface Screen extends Omit<ScreenEntry, "menu"> {
  /** i18n key of the screen's title. */
  title: string;
  menu?: { icon: SvgIconComponent; segments: string[] };
  /** The page, loaded on demand (drawn at once when start-up preloaded it: lazyPage.ts). */
  page: Page;
}

const placeholder = lazy(() => import("../custom/placeholder/ScreenPlaceholder"));

export const SCREENS: Screen[] = SCREEN_TABLE.map(({ menu, title, ...entry }) => ({
  ...entry,
  title: `screens.${title}`,
  ...(menu ? { menu: { icon: MENU_ICONS[menu.icon], segments: menu.segments } } : {}),
  page: entry.load ? lazyPage(entry.load) : placeholder,
}));

export const MENU_SCREENS = SCREENS.filter((item) => item.menu);

/** The menu while an inactive subscription sends everyone to /new-subscription: that page alone. */
export const INACTIVE_MENU: Screen[] = SCREENS.filter((item) => item.path === "/new-subscription").map((item) => ({
  ...item,
  menu: { icon: SubscriptionIcon, segments: ["new-subscription"] },
}));
