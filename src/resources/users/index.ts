import { lazy } from "react";
import { lazyPage } from "../../custom/startup/lazyPage";
import { loadUserList } from "../../custom/startup/routeCode";
import UsersIcon from "@mui/icons-material/PeopleAltOutlined";
import type { User } from "../../api/resources";
import { fullName } from "../../authProvider/identity";
import type { ResourceConfig } from "../shared/resourceConfig";

/** Users (spec §2: /users for super admin, admin, manager; /users/:userId for all, also My Profile). */
export const users = {
  icon: UsersIcon,
  recordRepresentation: (record: User) => fullName(record.firstName, record.lastName),
  list: lazyPage(loadUserList),
  edit: lazy(() => import("./UserShow")),
} satisfies ResourceConfig;
