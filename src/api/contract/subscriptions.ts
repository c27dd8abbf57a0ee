/** Subscriptions (docs/api-resources.md "Subscriptions"): cancel and resume are their actions. */
import type { Static } from "typebox";
import { PLAN_INTERVALS, SUBSCRIPTION_STATES } from "../resources";
import { declareResource } from "./declare";
import { field, record } from "./fields";

export const subscriptionRecord = record("subscription", {
  id: field.id(),
  version: field.version(),
  accountId: field.id(),
  accountName: field.text(),
  plan: field.text(),
  /** Minor units per interval. */
  price: field.integer(),
  currency: field.text(),
  interval: field.oneOf(PLAN_INTERVALS),
  status: field.oneOf(SUBSCRIPTION_STATES),
  currentPeriodStart: field.date(),
  currentPeriodEnd: field.date(),
  /** The subscription ends at currentPeriodEnd instead of renewing. */
  cancelAtPeriodEnd: field.boolean(),
  canceledAt: field.dateOrNull(),
  /** While canceled: when the 21-day grace period ends and the account is deleted. */
  graceEndsAt: field.dateOrNull(),
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
});
