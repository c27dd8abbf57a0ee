import { useTranslate } from "react-admin";
import { useNavigate } from "react-router-dom";
import { CreateDialog } from "../shared/FormDialog";
import { paths } from "../shared/paths";
import { DeviceFields } from "./deviceInputs";

/** "Register device", from the devices list and the command palette: a new device opens its page once created. */
export default function DeviceCreateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <CreateDialog
      resource="devices"
      open={open}
      title={translate("resources.devices.createTitle")}
      onClose={onClose}
      defaultValues={{ status: "active", typeCode: 5001 }}
      onCreated={(record) => navigate(paths.device(String(record.id)))}
    >
      <DeviceFields />
    </CreateDialog>
  );
}
