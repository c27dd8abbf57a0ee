/** Scheduled actions: what the lifecycle will carry out, super admins only (docs/api.md "Lifecycle"). */
import type { Static } from "typebox";
import {
  SCHEDULED_ACTION_KINDS,
  SCHEDULED_ACTION_REASONS,
  SCHEDULED_ACTION_STATES,
  SCHEDULED_ACTIONS,
} from "../lifecycle";
import { declareResource } from "./declare";
import * as fieldSchema from "./fields";

/** A scheduled action as GET scheduled-actions answers it. */
export const scheduledActionRecord = fieldSchema.record("scheduled action", {
  id: fieldSchema.id(),
  /** pending until the scheduler carries it out (done) or a super admin or a payment cancels it. */
  state: fieldSchema.oneOf(SCHEDULED_ACTION_STATES),
  kind: fieldSchema.oneOf(SCHEDULED_ACTION_KINDS),
  accountId: fieldSchema.id(),
  accountName: fieldSchema.text(),
  subscriptionId: fieldSchema.textOrNull(),
  /** The subscription's plan, for a cancelation. */
  plan: fieldSchema.textOrNull(),
  /**
   * A user deletion's person (a data-deletion request by someone who is not the account's owner);
   * null for the other kinds ("Deleted user" once it is done).
   */
  userId: fieldSchema.textOrNull(),
  userName: fieldSchema.textOrNull(),
  reason: fieldSchema.oneOf(SCHEDULED_ACTION_REASONS),
  /** When the scheduler carries it out. */
  runAt: fieldSchema.date(),
  createdAt: fieldSchema.date(),
  /** Who asked; null when the service scheduled it (an unpaid period end). */
  requestedById: fieldSchema.textOrNull(),
  requestedByName: fieldSchema.textOrNull(),
  /** When it was carried out or canceled, and what came of it ("canceled", "deleted", "paid", "withdrawn"…). */
  doneAt: fieldSchema.dateOrNull(),
  canceledAt: fieldSchema.dateOrNull(),
  outcome: fieldSchema.textOrNull(),
});
export type ScheduledAction = Static<typeof scheduledActionRecord>;

/** q searches the account's name. */
export const scheduledActionsContract = declareResource<ScheduledAction>()({
  name: SCHEDULED_ACTIONS,
  label: "scheduled action",
  sorts: ["runAt", "createdAt", "accountName", "kind"],
  defaultSort: ["runAt", "ASC"],
  filters: { state: "exact", kind: "exact", reason: "exact", accountId: "exact", runAt: "range" },
  search: true,
  representation: "accountName",
  references: { accountId: "accounts", subscriptionId: "subscriptions", userId: "users", requestedById: "users" },
  access: {
    list: ["SuperAdmin"],
    get: ["SuperAdmin"],
    export: ["SuperAdmin"],
    actions: { cancel: ["SuperAdmin"], run: ["SuperAdmin"] },
  },
});
