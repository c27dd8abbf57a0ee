import { lazy } from "react";
import SubscriptionIcon from "@mui/icons-material/AutorenewOutlined";
import type { Subscription } from "../../api/resources";
import type { ResourceConfig } from "../shared/resourceConfig";

/** Subscriptions: listed under /payments?section=subscription; /subscription/:id for super admins. */
export const subscriptions = {
  icon: SubscriptionIcon,
  recordRepresentation: (record: Subscription) => `${record.accountName} · ${record.plan}`,
} satisfies ResourceConfig;

export const SubscriptionShowPage = lazy(() => import("./SubscriptionShow"));
