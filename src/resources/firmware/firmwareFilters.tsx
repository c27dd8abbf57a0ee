import DevicesIcon from "@mui/icons-material/DevicesOtherOutlined";
import { FIRMWARE_STATUSES } from "../../api/resources";
import { deviceTypeName } from "../../api/tests";
import { DEVICE_TYPE_CHOICES } from "../devices/deviceTypes";
import { DateFacet, OptionsFacet } from "../shared/facets";
import { ListAside } from "../shared/ResourceList";

/** The firmware's filter sidebar: search, saved filters, device type, status, upload date. */
export function FirmwareListAside() {
  return (
    <ListAside>
      <OptionsFacet
        label="resources.shared.facets.type"
        source="deviceTypeCode"
        options={DEVICE_TYPE_CHOICES.map((choice) => choice.id)}
        optionLabel={(code) => deviceTypeName(Number(code))}
        icon={<DevicesIcon />}
      />
      <OptionsFacet label="resources.shared.facets.status" source="status" options={FIRMWARE_STATUSES} />
      <DateFacet label="resources.firmware.fields.uploadedAt" source="uploadedAt" />
    </ListAside>
  );
}
