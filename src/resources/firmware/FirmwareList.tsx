import { useState } from "react";
import { Box, Button } from "@mui/material";
import UploadIcon from "@mui/icons-material/UploadFile";
import {
  BulkDeleteWithConfirmButton,
  DataTable,
  SelectInput,
  TextInput,
  required,
  useGetOne,
  useTranslate,
} from "react-admin";
import { Link } from "react-router-dom";
import { FIRMWARE_STATUSES, type Firmware } from "../../api/resources";
import { EditDialog } from "../shared/FormDialog";
import { FirmwareDownloadButton, FirmwareFileDetails } from "./FirmwareFile";
import { DeviceTypeText } from "../shared/fields";
import { formatBytes } from "../shared/money";
import { paths } from "../shared/paths";
import { ResourceList } from "../shared/ResourceList";
import { ServerExportButton } from "../shared/ServerExportButton";
import { statusLabelKey } from "../shared/status";
import { FirmwareListAside } from "./firmwareFilters";
import { columnFor } from "../shared/columns";
import { contractColumns, hiddenColumnsOf } from "../shared/contractColumns";
import { opensInPlace } from "../shared/rowOpener";

const Column = columnFor<Firmware>();

const pick = (data: Record<string, unknown>) => ({
  version: data.version,
  releaseNotes: data.releaseNotes,
  status: data.status,
});

function FirmwareEditDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const translate = useTranslate();
  const { data } = useGetOne<Firmware>("firmware", { id: id ?? "" }, { enabled: id !== null });
  return (
    <EditDialog
      resource="firmware"
      id={id}
      write="PUT /api/firmware/{id}"
      title={translate("resources.firmware.editTitle", { version: data?.firmwareVersion ?? "" })}
      onClose={onClose}
      transform={pick}
    >
      {data && <FirmwareFileDetails build={data} />}
      <SelectInput
        source="status"
        choices={FIRMWARE_STATUSES.map((status) => ({ id: status, name: statusLabelKey(status) }))}
        validate={required()}
      />
      <TextInput source="releaseNotes" multiline minRows={4} fullWidth validate={required()} />
    </EditDialog>
  );
}

/** /firmware (super admin): firmware builds; a row opens its release notes and status. */
export default function FirmwareList() {
  const translate = useTranslate();
  const [editing, setEditing] = useState<string | null>(null);
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
        aside={<FirmwareListAside />}
      >
        <DataTable
          rowClick={opensInPlace(setEditing)}
          hiddenColumns={hiddenColumnsOf("firmware")}
          bulkActionButtons={
            <>
              <ServerExportButton selection />
              <BulkDeleteWithConfirmButton mutationMode="pessimistic" />
            </>
          }
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
      </ResourceList>
      <FirmwareEditDialog id={editing} onClose={() => setEditing(null)} />
    </>
  );
}
