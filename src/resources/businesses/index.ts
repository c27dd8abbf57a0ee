import { lazy } from "react";
import LocationIcon from "@mui/icons-material/StorefrontOutlined";
import type { Business } from "../../api/resources";
import type { ResourceConfig } from "../shared/resourceConfig";

/**
 * Businesses, the locations of an account. Their pages have the spec's own routes
 * (/accounts/business/:businessId, /add-new-location), so the resource registers none.
 */
export const businesses = {
  icon: LocationIcon,
  recordRepresentation: (record: Business) => record.name,
} satisfies ResourceConfig;

export const BusinessShowPage = lazy(() => import("./BusinessShow"));
export const BusinessCreatePage = lazy(() => import("./BusinessCreate"));
