import { useState } from "react";
import { Button } from "@mui/material";
import PersonAddIcon from "@mui/icons-material/PersonAddAlt";
import { DataTable, useCanAccess, useTranslate } from "react-admin";
import type { User } from "../../api/resources";
import { AccountLink, DateTimeText } from "../shared/fields";
import { paths } from "../shared/paths";
import { ResourceList } from "../shared/ResourceList";
import { ServerExportButton } from "../shared/ServerExportButton";
import { StatusChip } from "../shared/StatusChip";
import { GraceGuard } from "../shared/GraceNote";
import { InviteDialog } from "./InviteDialog";
import { BulkDisableButton } from "./userActions";
import { UserListAside } from "./userFilters";
import { UserName } from "./UserName";
import { columnFor } from "../shared/columns";

const Column = columnFor<User>();

/** /users (super admin, admin, manager): the people of the accounts the caller may see. */
export default function UserList() {
  const translate = useTranslate();
  const [inviting, setInviting] = useState(false);
  const { canAccess: mayInvite } = useCanAccess({ resource: "users", action: "invite" });
  const { canAccess: mayDisable } = useCanAccess({ resource: "users", action: "disable" });
  const { canAccess: mayExport } = useCanAccess({ resource: "users", action: "export" });
  const { canAccess: allAccounts } = useCanAccess({ resource: "accounts", action: "list" });
  return (
    <>
      <ResourceList
        resource="users"
        title="screens.users"
        subtitle={translate("resources.users.subtitle")}
        headerActions={
          mayInvite && (
            <GraceGuard write="POST /api/invitations" note="end">
              <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setInviting(true)}>
                {translate("resources.users.invite.button")}
              </Button>
            </GraceGuard>
          )
        }
        aside={<UserListAside />}
      >
        <DataTable
          rowClick={(id) => paths.user(String(id))}
          hiddenColumns={["createdAt"]}
          bulkActionButtons={
            mayDisable ? (
              <>
                <BulkDisableButton />
                {mayExport && <ServerExportButton selection />}
              </>
            ) : (
              false
            )
          }
        >
          <Column
            source="lastName"
            label="resources.users.fields.name"
            render={(record) => <UserName user={record} />}
          />
          <Column source="email" truncate />
          <Column source="role" render={(record) => translate(`roles.${record.role}`)} />
          {allAccounts && <Column source="accountName" render={(record) => <AccountLink record={record} />} />}
          <Column source="businessName" />
          <Column source="status" render={(record) => <StatusChip status={record.status} />} />
          <Column source="lastSignInAt" render={(record) => <DateTimeText value={record.lastSignInAt} />} />
          <Column source="createdAt" render={(record) => <DateTimeText value={record.createdAt} dateOnly />} />
        </DataTable>
      </ResourceList>
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
    </>
  );
}
