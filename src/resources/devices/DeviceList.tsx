import { lazy } from "react";
import { Button } from "@mui/material";
import AddIcon from "@mui/icons-material/Add";
import { DataTable, useCanAccess, useTranslate } from "react-admin";
import type { Device } from "../../api/resources";
import { OnDemand, useDialogOnDemand } from "../shared/dialogOnDemand";
import { paths } from "../shared/paths";
import { ResourceList } from "../shared/ResourceList";
import { BulkActionAndExport } from "../shared/ServerExportButton";
import { DeviceTypeFacet } from "./deviceFilters";
import { ContractListAside } from "../shared/contractFacets";
import { accountColumn, contractColumns, dayColumn, hiddenColumnsOf } from "../shared/contractColumns";
import { DEVICE_COLUMNS } from "./DeviceTable";

// What acts on the list loads after its rows: its dialog (dialogOnDemand.ts), its bulk action beside
// the table (react-admin draws the folded bulk bar with it), not before it.
const loadCreateDialog = () => import("./DeviceCreateDialog");
const DeviceCreateDialog = lazy(loadCreateDialog);
const BulkMarkLostButton = lazy(() =>
  import("./deviceActions").then((module) => ({ default: module.BulkMarkLostButton })),
);

const phoneOf = (device: Device) => [device.phoneBrand, device.phoneModel].filter(Boolean).join(" ");

/** /devices (all): the testing devices the caller may see, with the phones used with them. */
export default function DeviceList() {
  const translate = useTranslate();
  const { canAccess: mayCreate } = useCanAccess({ resource: "devices", action: "create" });
  const { canAccess: mayMarkLost } = useCanAccess({ resource: "devices", action: "markLost" });
  const { canAccess: mayExport } = useCanAccess({ resource: "devices", action: "export" });
  const { canAccess: allAccounts } = useCanAccess({ resource: "accounts", action: "list" });
  const creating = useDialogOnDemand(loadCreateDialog);
  return (
    <>
      <ResourceList
        resource="devices"
        title="screens.devices"
        subtitle={translate("resources.devices.subtitle")}
        headerActions={
          mayCreate && (
            <Button variant="contained" startIcon={<AddIcon />} {...creating.trigger}>
              {translate("resources.devices.create")}
            </Button>
          )
        }
        aside={<ContractListAside resource="devices" own={{ typeCode: <DeviceTypeFacet source="typeCode" /> }} />}
      >
        <DataTable
          rowClick={(id) => paths.device(String(id))}
          hiddenColumns={hiddenColumnsOf("devices")}
          bulkActionButtons={
            mayMarkLost ? (
              <BulkActionAndExport mayExport={mayExport}>
                <BulkMarkLostButton />
              </BulkActionAndExport>
            ) : (
              false
            )
          }
        >
          {contractColumns<Device>("devices", {
            ...DEVICE_COLUMNS,
            accountName: accountColumn(allAccounts),
            phoneModel: { label: "resources.devices.fields.phone", render: phoneOf },
            createdAt: dayColumn("createdAt"),
          })}
        </DataTable>
      </ResourceList>
      <OnDemand opened={creating.opened}>
        <DeviceCreateDialog open={creating.open} onClose={creating.close} />
      </OnDemand>
    </>
  );
}
