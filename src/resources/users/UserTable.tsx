import { useTranslate } from "react-admin";
import type { User } from "../../api/resources";
import { DateTimeText } from "../shared/fields";
import { paths } from "../shared/paths";
import { RelatedRecordsTable } from "../shared/RelatedRecordsTable";
import { StatusChip } from "../shared/StatusChip";
import { UserName } from "./UserName";
import { columnFor } from "../shared/columns";

const Column = columnFor<User>();

/** The users of the account (or business) in context. */
export function UserTable({ target = "accountId" }: { target?: "accountId" | "businessId" }) {
  const translate = useTranslate();
  return (
    <RelatedRecordsTable
      reference="users"
      target={target}
      sort={{ field: "lastName", order: "ASC" }}
      rowPath={paths.user}
    >
      <Column source="lastName" label="resources.users.fields.name" render={(record) => <UserName user={record} />} />
      <Column source="email" />
      <Column source="role" render={(record) => translate(`roles.${record.role}`)} />
      <Column source="status" render={(record) => <StatusChip status={record.status} />} />
      <Column source="lastSignInAt" render={(record) => <DateTimeText value={record.lastSignInAt} />} />
    </RelatedRecordsTable>
  );
}
