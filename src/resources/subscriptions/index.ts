import SubscriptionIcon from "@mui/icons-material/AutorenewOutlined";
import type { Subscription } from "../../api/resources";

/** Subscriptions (spec §2: listed under /payments?section=subscription; /subscription/:id for super admins). */
export const subscriptions = {
  name: "subscriptions",
  icon: SubscriptionIcon,
  recordRepresentation: (record: Subscription) => `${record.accountName} · ${record.plan}`,
  show: () => import("./SubscriptionShow"),
};
export { SubscriptionList } from "./SubscriptionList";
export { AccountSubscription, SubscriptionActions, SubscriptionSummary } from "./SubscriptionCard";
