import { lazy } from "react";
import { Box, Button } from "@mui/material";
import UploadIcon from "@mui/icons-material/UploadFile";
import { DataTable, useTranslate } from "react-admin";
import { Link } from "react-router-dom";
import type { Firmware } from "../../api/resources";
import { FirmwareDownloadButton } from "./FirmwareFile";
import { DeviceTypeText } from "../shared/fields";
import { formatBytes } from "../shared/money";
import { paths } from "../shared/paths";
import { ResourceList } from "../shared/ResourceList";
import { ExportOrDeleteBulkActions } from "../shared/ServerExportButton";
import { DeviceTypeFacet } from "../devices/deviceFilters";
import { ContractListAside } from "../shared/contractFacets";
import { columnFor } from "../shared/columns";
import { contractColumns, hiddenColumnsOf } from "../shared/contractColumns";
import { opensInPlace } from "../shared/rowOpener";
import { OnDemand, useRowDialogOnDemand } from "../shared/dialogOnDemand";

const Column = columnFor<Firmware>();
// The edit dialog (its form) loads as the table is approached (dialogOnDemand.ts), not with the list.
const loadEditDialog = () => import("./FirmwareEditDialog");
const FirmwareEditDialog = lazy(() => loadEditDialog().then((module) => ({ default: module.FirmwareEditDialog })));

/** /firmware (super admin): firmware builds; a row opens its release notes and status. */
export default function FirmwareList() {
  const translate = useTranslate();
  const editing = useRowDialogOnDemand(loadEditDialog);
  return (
    <>
      <ResourceList
        resource="firmware"
        title="screens.firmware"
        subtitle={translate("resources.firmware.subtitle")}
        headerActions={
          <Button component={Link} to={paths.firmwareUpload} variant="contained" startIcon={<UploadIcon />}>
            {translate("resources.firmware.upload.button")}
          </Button>
        }
        aside={
          <ContractListAside
            resource="firmware"
            own={{ deviceTypeCode: <DeviceTypeFacet source="deviceTypeCode" /> }}
          />
        }
      >
        <div {...editing.approach}>
          <DataTable
            rowClick={opensInPlace(editing.open)}
            hiddenColumns={hiddenColumnsOf("firmware")}
            bulkActionButtons={<ExportOrDeleteBulkActions />}
          >
            {contractColumns<Firmware>("firmware", {
              deviceTypeCode: { render: (record) => <DeviceTypeText code={record.deviceTypeCode} /> },
              fileSize: { render: (record) => formatBytes(record.fileSize) },
              sha256: {
                render: (record) => (
                  <Box component="code" title={record.sha256} sx={{ fontSize: 12 }}>
                    {record.sha256.slice(0, 12)}…
                  </Box>
                ),
              },
            })}
            <Column label="" disableSort render={(record) => <FirmwareDownloadButton build={record} />} />
          </DataTable>
        </div>
      </ResourceList>
      <OnDemand opened={editing.opened}>
        <FirmwareEditDialog id={editing.id} onClose={editing.close} />
      </OnDemand>
    </>
  );
}
