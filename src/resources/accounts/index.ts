import AccountsIcon from "@mui/icons-material/BusinessOutlined";
import type { Account } from "../../api/resources";

/**
 * Accounts (spec §2: /accounts for super admins, /accounts/:accountId for all, /account for one's
 * own). Pages load on demand through the screens table; this module holds what the resource is.
 */
export const accounts = {
  name: "accounts",
  icon: AccountsIcon,
  recordRepresentation: (record: Account) => record.name,
  list: () => import("./AccountList"),
  show: () => import("./AccountShow"),
  ownAccount: () => import("./MyAccountPage"),
};
