import { lazy } from "react";
import { lazyPage } from "../../custom/startup/lazyPage";
import { loadAccountList } from "../../custom/startup/routeCode";
import AccountsIcon from "@mui/icons-material/BusinessOutlined";
import type { Account } from "../../api/resources";
import type { ResourceConfig } from "../shared/resourceConfig";

/** Accounts (spec §2): /accounts for super admins, /accounts/:accountId for all. */
export const accounts = {
  icon: AccountsIcon,
  recordRepresentation: (record: Account) => record.name,
  list: lazyPage(loadAccountList),
  edit: lazy(() => import("./AccountShow")),
} satisfies ResourceConfig;

/** /account: the signed-in user's own account (user, admin, manager). */
export const OwnAccountPage = lazy(() => import("./MyAccountPage"));
