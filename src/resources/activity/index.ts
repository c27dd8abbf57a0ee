import { lazy } from "react";

/** /activity-feed (spec §2, everyone): the screens table's page, loaded on demand. */
export const ActivityFeedPage = lazy(() => import("./ActivityFeedList"));
