import { useState } from "react";
import { Button } from "@mui/material";
import AddIcon from "@mui/icons-material/Add";
import { DataTable, useCanAccess, useResourceContext, useTranslate, type RaRecord } from "react-admin";
import { CONTRACTS } from "../../api/contract";
import { contractColumns, hiddenColumnsOf } from "./contractColumns";
import { ContractListAside } from "./contractFacets";
import { ContractInputs } from "./ContractInput";
import { contractEdit } from "./editableFields";
import { CreateDialog, EditDialog } from "./FormDialog";
import { ResourceList } from "./ResourceList";
import { opensInPlace } from "./rowOpener";
import { ServerExportButton } from "./ServerExportButton";

/**
 * The list of a resource that has no page of its own: everything from its contract (its columns,
 * facets, search, sorts, export), titled `screens.<resource>`; where the contract declares an edit
 * form (`editable`), a record opens in an edit dialog and the list creates one, with the inputs
 * the contract draws. A contract's `screen` shows it (src/access/screenTable.ts); a
 * resource grows its own page when it needs one.
 */
export default function ContractList() {
  const resource = useResourceContext()!;
  const translate = useTranslate();
  const { editable, representation } = CONTRACTS[resource]!;
  const { canAccess: mayExport } = useCanAccess({ resource, action: "export" });
  const { canAccess: mayCreate } = useCanAccess({ resource, action: "create" });
  const { canAccess: mayEdit } = useCanAccess({ resource, action: "edit" });
  const [creating, setCreating] = useState(false);
  // The row opened: its id, and its name for the dialog's title.
  const [editing, setEditing] = useState<RaRecord | null>(null);
  const name = translate(`resources.${resource}.name`, { smart_count: 1 });
  return (
    <>
      <ResourceList
        resource={resource}
        title={`screens.${resource}`}
        headerActions={
          editable && mayCreate ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              {translate("ra.action.create")}
            </Button>
          ) : undefined
        }
        aside={<ContractListAside resource={resource} />}
      >
        <DataTable
          rowClick={editable && mayEdit ? opensInPlace((_id, record) => setEditing(record)) : false}
          hiddenColumns={hiddenColumnsOf(resource)}
          bulkActionButtons={mayExport ? <ServerExportButton selection /> : false}
        >
          {contractColumns(resource)}
        </DataTable>
      </ResourceList>
      {editable && (
        <>
          <CreateDialog
            resource={resource}
            open={creating}
            title={translate("ra.page.create", { name })}
            onClose={() => setCreating(false)}
          >
            <ContractInputs resource={resource} />
          </CreateDialog>
          <EditDialog
            {...contractEdit(resource)}
            id={editing === null ? null : String(editing.id)}
            title={translate("resources.shared.editTitle", { name: String(editing?.[representation] ?? name) })}
            onClose={() => setEditing(null)}
          >
            <ContractInputs resource={resource} />
          </EditDialog>
        </>
      )}
    </>
  );
}
