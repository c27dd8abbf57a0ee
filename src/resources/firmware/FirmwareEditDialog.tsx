import { SelectInput, TextInput, required, useGetOne, useTranslate } from "react-admin";
import { FIRMWARE_STATUSES, type Firmware } from "../../api/resources";
import { EditDialog } from "../shared/FormDialog";
import { statusLabelKey } from "../shared/status";
import { FirmwareFileDetails } from "./FirmwareFile";

const pick = (data: Record<string, unknown>) => ({
  version: data.version,
  releaseNotes: data.releaseNotes,
  status: data.status,
});

/** A firmware build opened from its row: its release notes and status, edited over the list. */
export function FirmwareEditDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
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
