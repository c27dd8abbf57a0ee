import DevicesIcon from "@mui/icons-material/DevicesOtherOutlined";
import { deviceTypeName } from "../../api/tests";
import { OptionsFacet } from "../shared/facets";
import { DEVICE_TYPE_CHOICES } from "./deviceTypes";

/** Spec §3's device types, by name, on a field that holds a type code (a device's, a firmware's). */
export function DeviceTypeFacet({ source }: { source: string }) {
  return (
    <OptionsFacet
      label="resources.shared.facets.type"
      source={source}
      options={DEVICE_TYPE_CHOICES.map((choice) => choice.id)}
      optionLabel={(code) => deviceTypeName(Number(code))}
      icon={<DevicesIcon />}
    />
  );
}
