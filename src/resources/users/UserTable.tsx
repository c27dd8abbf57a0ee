import type { ReactNode } from "react";
import { useTranslate } from "react-admin";
import type { User } from "../../api/resources";
import { DateTimeText } from "../shared/fields";
import { paths } from "../shared/paths";
import { RelatedRecordsTable } from "../shared/RelatedRecordsTable";
import { StatusChip } from "../shared/StatusChip";
import { UserName } from "./UserName";
import { columnFor } from "../shared/columns";

const Column = columnFor<User>();

/** The users of the account (or business) in context; `empty`: what shows when there are none. */
export function UserTable({ target = "accountId", empty }: { target?: "accountId" | "businessId"; empty?: ReactNode }) {
  const translate = useTranslate();
  return (
    <RelatedRecordsTable
      reference="users"
      target={target}
      sort={{ field: "lastName", order: "ASC" }}
      rowPath={paths.user}
      empty={empty}
    >
      <Column source="lastName" label="resources.users.fields.name" render={(record) => <UserName user={record} />} />
      <Column source="email" truncate />
      <Column source="role" render={(record) => translate(`roles.${record.role}`)} />
      <Column source="status" render={(record) => <StatusChip status={record.status} />} />
      <Column source="lastSignInAt" render={(record) => <DateTimeText value={record.lastSignInAt} />} />
    </RelatedRecordsTable>
  );
}
