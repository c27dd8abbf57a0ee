import LocationIcon from "@mui/icons-material/StorefrontOutlined";
import type { Business } from "../../api/resources";

/** Businesses, the locations of an account (spec §2: /accounts/business/:businessId, /add-new-location). */
export const businesses = {
  name: "businesses",
  icon: LocationIcon,
  recordRepresentation: (record: Business) => record.name,
  show: () => import("./BusinessShow"),
  create: () => import("./BusinessCreate"),
};
export { BusinessTable } from "./BusinessTable";
