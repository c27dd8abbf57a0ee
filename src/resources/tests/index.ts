import { lazy } from "react";
import { lazyPage } from "../../custom/startup/lazyPage";
import { loadGalleryPage } from "../../custom/startup/routeCode";
import GalleryIcon from "@mui/icons-material/PhotoLibraryOutlined";
import type { ApiTest } from "../../api/tests";
import type { ResourceConfig } from "../shared/resourceConfig";

/**
 * Test records. Their pages have the spec's own routes (/gallery and /gallery/item/:id), so the
 * resource registers none; react-admin's hooks and cache serve them under the name "tests".
 */
export const tests = {
  icon: GalleryIcon,
  recordRepresentation: (record: ApiTest) => record.name,
} satisfies ResourceConfig;

export const GalleryPage = lazyPage(loadGalleryPage);
export const TestDetailPage = lazy(() => import("../../custom/testDetail/TestDetailPage"));
