/** Subscriptions (docs/api-resources.md "Subscriptions"): cancel and resume are their actions. */
import { PLAN_INTERVALS, SUBSCRIPTION_STATES } from "../resources";
import { declareResource } from "./declare";
import * as field from "./fields";

/** q searches plan and account name. */
export const subscriptionsContract = declareResource({
  name: "subscriptions",
  label: "subscription",
  description: "Subscriptions: list, cancel and resume; the plans, a price quote and a new subscription's start.",
  fields: {
    id: field.id(),
    version: field.version(),
    accountId: field.id(),
    accountName: field.text(),
    plan: field.text(),
    /** Minor units per interval. */
    price: field.integer(),
    currency: field.text(),
    interval: field.oneOf(PLAN_INTERVALS),
    // Its own words: a canceled subscription is not its account's grace period once a new one started.
    status: field.oneOf(SUBSCRIPTION_STATES, "subscriptionStatus"),
    currentPeriodStart: field.date(),
    currentPeriodEnd: field.date(),
    /** The subscription ends at currentPeriodEnd instead of renewing. */
    cancelAtPeriodEnd: field.boolean(),
    canceledAt: field.dateOrNull(),
    /** While canceled: when the 21-day grace period ends and the account is deleted. */
    graceEndsAt: field.dateOrNull(),
  },
  columns: ["accountName", "plan", "price", "status", "currentPeriodEnd", "cancelAtPeriodEnd"],
  sorts: ["currentPeriodEnd", "currentPeriodStart", "plan", "price", "status", "accountName", "cancelAtPeriodEnd"],
  defaultSort: ["currentPeriodEnd", "ASC"],
  filters: { status: "exact", plan: "exact", accountId: "exact", cancelAtPeriodEnd: "exact" },
  search: true,
  representation: "plan",
  references: { accountId: "accounts" },
  money: { price: "currency" },
  access: {
    list: ["SuperAdmin", "Admin"],
    get: ["SuperAdmin", "Admin"],
    export: ["SuperAdmin"],
    // Admins on their own account's subscriptions (the service's rule, subscription.ts).
    actions: { cancel: ["SuperAdmin", "Admin"], resume: ["SuperAdmin", "Admin"] },
  },
});
export type Subscription = field.RecordOf<typeof subscriptionsContract.fields>;
