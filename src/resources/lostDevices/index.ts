import { lazy } from "react";

/** /lost-devices (spec §2, super admins): the screens table's page, loaded on demand. */
export const LostDevicesPage = lazy(() => import("./LostDeviceList"));
