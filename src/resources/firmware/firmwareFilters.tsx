import { FIRMWARE_STATUSES } from "../../api/resources";
import { DeviceTypeFacet } from "../devices/deviceFilters";
import { DateFacet, StatusFacet } from "../shared/facets";
import { ListAside } from "../shared/ResourceList";

/** The firmware's filter sidebar: search, saved filters, device type, status, upload date. */
export function FirmwareListAside() {
  return (
    <ListAside>
      <DeviceTypeFacet source="deviceTypeCode" />
      <StatusFacet options={FIRMWARE_STATUSES} />
      <DateFacet label="resources.firmware.fields.uploadedAt" source="uploadedAt" />
    </ListAside>
  );
}
