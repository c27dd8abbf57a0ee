import { DataTable, useCanAccess, useResourceContext } from "react-admin";
import { contractColumns, hiddenColumnsOf } from "./contractColumns";
import { ContractFacets } from "./contractFacets";
import { ListAside, ResourceList } from "./ResourceList";
import { ServerExportButton } from "./ServerExportButton";

/**
 * The list of a resource that has no page of its own: everything from its contract (its columns,
 * facets, search, sorts, export), titled `screens.<resource>`. A screen shows it with
 * `contractScreen()` (src/access/screenTable.ts); a resource grows its own page when it needs one.
 */
export default function ContractList() {
  const resource = useResourceContext()!;
  const { canAccess: mayExport } = useCanAccess({ resource, action: "export" });
  return (
    <ResourceList
      resource={resource}
      title={`screens.${resource}`}
      aside={
        <ListAside>
          <ContractFacets resource={resource} />
        </ListAside>
      }
    >
      <DataTable
        rowClick={false}
        hiddenColumns={hiddenColumnsOf(resource)}
        bulkActionButtons={mayExport ? <ServerExportButton selection /> : false}
      >
        {contractColumns(resource)}
      </DataTable>
    </ResourceList>
  );
}
