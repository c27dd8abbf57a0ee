/** Subscriptions (docs/api-resources.md "Subscriptions"): cancel and resume are their actions. */
import type { Static } from "typebox";
import { PLAN_INTERVALS, SUBSCRIPTION_STATES } from "../resources";
import { declareResource } from "./declare";
import * as fieldSchema from "./fields";

export const subscriptionRecord = fieldSchema.record("subscription", {
  id: fieldSchema.id(),
  version: fieldSchema.version(),
  accountId: fieldSchema.id(),
  accountName: fieldSchema.text(),
  plan: fieldSchema.text(),
  /** Minor units per interval. */
  price: fieldSchema.integer(),
  currency: fieldSchema.text(),
  interval: fieldSchema.oneOf(PLAN_INTERVALS),
  status: fieldSchema.oneOf(SUBSCRIPTION_STATES),
  currentPeriodStart: fieldSchema.date(),
  currentPeriodEnd: fieldSchema.date(),
  /** The subscription ends at currentPeriodEnd instead of renewing. */
  cancelAtPeriodEnd: fieldSchema.boolean(),
  canceledAt: fieldSchema.dateOrNull(),
  /** While canceled: when the 21-day grace period ends and the account is deleted. */
  graceEndsAt: fieldSchema.dateOrNull(),
});
export type Subscription = Static<typeof subscriptionRecord>;

/** q searches plan and account name. */
export const subscriptionsContract = declareResource<Subscription>()({
  name: "subscriptions",
  label: "subscription",
  sorts: ["currentPeriodEnd", "currentPeriodStart", "plan", "price", "status", "accountName", "cancelAtPeriodEnd"],
  defaultSort: ["currentPeriodEnd", "ASC"],
  filters: { status: "exact", plan: "exact", accountId: "exact", cancelAtPeriodEnd: "exact" },
  search: true,
  representation: "plan",
  references: { accountId: "accounts" },
  access: {
    list: ["SuperAdmin", "Admin"],
    get: ["SuperAdmin", "Admin"],
    export: ["SuperAdmin"],
    // Admins on their own account's subscriptions (the service's rule, subscription.ts).
    actions: { cancel: ["SuperAdmin", "Admin"], resume: ["SuperAdmin", "Admin"] },
  },
});
