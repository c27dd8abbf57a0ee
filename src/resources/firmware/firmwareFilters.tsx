import { DeviceTypeFacet } from "../devices/deviceFilters";
import { ContractFacets } from "../shared/contractFacets";
import { ListAside } from "../shared/ResourceList";

/** The firmware's filter sidebar: search, saved filters, device type, status, upload date. */
export function FirmwareListAside() {
  return (
    <ListAside>
      <ContractFacets resource="firmware" own={{ deviceTypeCode: <DeviceTypeFacet source="deviceTypeCode" /> }} />
    </ListAside>
  );
}
