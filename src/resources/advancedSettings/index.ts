import { lazy } from "react";

/** /advanced-settings (spec §2, super admins): the screens table's page, loaded on demand. */
export const AdvancedSettingsPage = lazy(() => import("./AdvancedSettingsPage"));
