import { useGetOne, useTranslate } from "react-admin";
import type { Firmware } from "../../api/resources";
import { ContractInput } from "../shared/ContractInput";
import { onlyFields } from "../shared/editableFields";
import { EditDialog } from "../shared/FormDialog";
import { FirmwareFileDetails } from "./FirmwareFile";

const pick = onlyFields(["version", "releaseNotes", "status"]);

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
      <ContractInput resource="firmware" source="status" />
      <ContractInput resource="firmware" source="releaseNotes" multiline minRows={4} fullWidth />
    </EditDialog>
  );
}
