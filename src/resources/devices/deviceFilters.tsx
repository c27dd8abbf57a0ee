import DevicesIcon from "@mui/icons-material/DevicesOtherOutlined";
import { DEVICE_STATUSES } from "../../api/resources";
import { deviceTypeName } from "../../api/tests";
import { DateFacet, OptionsFacet } from "../shared/facets";
import { ListAside } from "../shared/ResourceList";
import { DEVICE_TYPE_CHOICES } from "./deviceTypes";

/** The devices' filter sidebar: search, saved filters, status, type, last seen. */
export function DeviceListAside() {
  return (
    <ListAside>
      <OptionsFacet label="resources.shared.facets.status" source="status" options={DEVICE_STATUSES} />
      <OptionsFacet
        label="resources.shared.facets.type"
        source="typeCode"
        options={DEVICE_TYPE_CHOICES.map((choice) => choice.id)}
        optionLabel={(code) => deviceTypeName(Number(code))}
        icon={<DevicesIcon />}
      />
      <DateFacet label="resources.shared.facets.lastSeen" source="lastSeenAt" />
    </ListAside>
  );
}
