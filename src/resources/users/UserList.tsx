import { lazy } from "react";
import { Button } from "@mui/material";
import PersonAddIcon from "@mui/icons-material/PersonAddAlt";
import PersonIcon from "@mui/icons-material/PersonOutline";
import { DataTable, useCanAccess, useTranslate } from "react-admin";
import type { User } from "../../api/resources";
import { paths } from "../shared/paths";
import { ResourceList } from "../shared/ResourceList";
import { BulkActionAndExport } from "../shared/ServerExportButton";
import { GraceGuard } from "../shared/GraceNote";
import { OnDemand, useDialogOnDemand } from "../shared/dialogOnDemand";
import { ContractListAside } from "../shared/contractFacets";
import { USER_COLUMNS } from "./UserTable";
import { accountColumn, contractColumns, dayColumn, hiddenColumnsOf } from "../shared/contractColumns";

// What acts on the list loads after its rows: its dialog (dialogOnDemand.ts), its bulk action beside
// the table (react-admin draws the folded bulk bar with it), not before it.
const loadInviteDialog = () => import("./InviteDialog");
const InviteDialog = lazy(() => loadInviteDialog().then((module) => ({ default: module.InviteDialog })));
const BulkDisableButton = lazy(() => import("./userActions").then((module) => ({ default: module.BulkDisableButton })));

/** /users (super admin, admin, manager): the people of the accounts the caller may see. */
export default function UserList() {
  const translate = useTranslate();
  const inviting = useDialogOnDemand(loadInviteDialog);
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
              <Button variant="contained" startIcon={<PersonAddIcon />} {...inviting.trigger}>
                {translate("resources.users.invite.button")}
              </Button>
            </GraceGuard>
          )
        }
        aside={<ContractListAside resource="users" icons={{ role: <PersonIcon /> }} />}
      >
        <DataTable
          rowClick={(id) => paths.user(String(id))}
          hiddenColumns={hiddenColumnsOf("users")}
          bulkActionButtons={
            mayDisable ? (
              <BulkActionAndExport mayExport={mayExport}>
                <BulkDisableButton />
              </BulkActionAndExport>
            ) : (
              false
            )
          }
        >
          {contractColumns<User>("users", {
            ...USER_COLUMNS,
            accountName: accountColumn(allAccounts),
            createdAt: dayColumn("createdAt"),
          })}
        </DataTable>
      </ResourceList>
      <OnDemand opened={inviting.opened}>
        <InviteDialog open={inviting.open} onClose={inviting.close} />
      </OnDemand>
    </>
  );
}
