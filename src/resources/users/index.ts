import UsersIcon from "@mui/icons-material/PeopleAltOutlined";
import type { User } from "../../api/resources";
import { fullName } from "../../authProvider/identity";

/** Users (spec §2: /users for super admin, admin, manager; /users/:userId for all, also My Profile). */
export const users = {
  name: "users",
  icon: UsersIcon,
  recordRepresentation: (record: User) => fullName(record.firstName, record.lastName),
  list: () => import("./UserList"),
  show: () => import("./UserShow"),
};
export { UserTable } from "./UserTable";
