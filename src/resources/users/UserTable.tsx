import type { ReactNode } from "react";
import type { User } from "../../api/resources";
import { paths } from "../shared/paths";
import { RelatedRecordsTable } from "../shared/RelatedRecordsTable";
import { contractColumns, type ColumnChoice } from "../shared/contractColumns";
import { UserName } from "./UserName";

/** What every list of users draws its own way: the name with its avatar, the email cut to fit. */
export const USER_COLUMNS = {
  lastName: { label: "resources.users.fields.name", render: (record) => <UserName user={record} /> },
  email: { truncate: true },
} satisfies Record<string, ColumnChoice<User>>;

/** The users of the account (or business) in context; `empty`: what shows when there are none. */
export function UserTable({ target = "accountId", empty }: { target?: "accountId" | "businessId"; empty?: ReactNode }) {
  return (
    <RelatedRecordsTable reference="users" target={target} rowPath={paths.user} empty={empty}>
      {contractColumns<User>("users", USER_COLUMNS, ["lastName", "email", "role", "status", "lastSignInAt"])}
    </RelatedRecordsTable>
  );
}
