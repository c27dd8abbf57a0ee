import { useState } from "react";
import { Button } from "@mui/material";
import AddIcon from "@mui/icons-material/Add";
import { DataTable, useCanAccess, useTranslate } from "react-admin";
import { useNavigate } from "react-router-dom";
import type { Device } from "../../api/resources";
import { CreateDialog } from "../shared/FormDialog";
import { paths } from "../shared/paths";
import { ResourceList } from "../shared/ResourceList";
import { ServerExportButton } from "../shared/ServerExportButton";
import { BulkMarkLostButton } from "./deviceActions";
import { DeviceListAside } from "./deviceFilters";
import { DeviceFields } from "./deviceInputs";
import { accountColumn, contractColumns, dayColumn, hiddenColumnsOf } from "../shared/contractColumns";
import { DEVICE_COLUMNS } from "./DeviceTable";

const phoneOf = (device: Device) => [device.phoneBrand, device.phoneModel].filter(Boolean).join(" ");

/** /devices (all): the testing devices the caller may see, with the phones used with them. */
export default function DeviceList() {
  const translate = useTranslate();
  const { canAccess: mayCreate } = useCanAccess({ resource: "devices", action: "create" });
  const { canAccess: mayMarkLost } = useCanAccess({ resource: "devices", action: "markLost" });
  const { canAccess: mayExport } = useCanAccess({ resource: "devices", action: "export" });
  const { canAccess: allAccounts } = useCanAccess({ resource: "accounts", action: "list" });
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  return (
    <>
      <ResourceList
        resource="devices"
        title="screens.devices"
        subtitle={translate("resources.devices.subtitle")}
        headerActions={
          mayCreate && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              {translate("resources.devices.create")}
            </Button>
          )
        }
        aside={<DeviceListAside />}
      >
        <DataTable
          rowClick={(id) => paths.device(String(id))}
          hiddenColumns={hiddenColumnsOf("devices")}
          bulkActionButtons={
            mayMarkLost ? (
              <>
                <BulkMarkLostButton />
                {mayExport && <ServerExportButton selection />}
              </>
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
      <CreateDialog
        resource="devices"
        open={creating}
        title={translate("resources.devices.createTitle")}
        onClose={() => setCreating(false)}
        defaultValues={{ status: "active", typeCode: 5001 }}
        onCreated={(record) => navigate(paths.device(String(record.id)))}
      >
        <DeviceFields />
      </CreateDialog>
    </>
  );
}
