/** Scheduled actions: what the lifecycle will carry out, super admins only (docs/api.md "Lifecycle"). */
import {
  SCHEDULED_ACTION_KINDS,
  SCHEDULED_ACTION_REASONS,
  SCHEDULED_ACTION_STATES,
  SCHEDULED_ACTIONS,
} from "../lifecycle";
import { declareResource } from "./declare";
import * as field from "./fields";

/** q searches the account's name. */
export const scheduledActionsContract = declareResource({
  name: SCHEDULED_ACTIONS,
  label: "scheduled action",
  description: "Actions the lifecycle will carry out (cancelations, deletions): list, cancel, run now.",
  /** A scheduled action as GET scheduled-actions answers it. */
  fields: {
    id: field.id(),
    /** pending until the scheduler carries it out (done) or a super admin or a payment cancels it. */
    state: field.oneOf(SCHEDULED_ACTION_STATES),
    kind: field.oneOf(SCHEDULED_ACTION_KINDS, "resources.scheduled-actions.kinds"),
    accountId: field.id(),
    accountName: field.text(),
    subscriptionId: field.textOrNull(),
    /** The subscription's plan, for a cancelation. */
    plan: field.textOrNull(),
    /**
     * A user deletion's person (a data-deletion request by someone who is not the account's owner);
     * null for the other kinds ("Deleted user" once it is done).
     */
    userId: field.textOrNull(),
    userName: field.textOrNull(),
    reason: field.oneOf(SCHEDULED_ACTION_REASONS, "resources.scheduled-actions.reasons"),
    /** When the scheduler carries it out. */
    runAt: field.date(),
    createdAt: field.date(),
    /** Who asked; null when the service scheduled it (an unpaid period end). */
    requestedById: field.textOrNull(),
    requestedByName: field.textOrNull(),
    /** When it was carried out or canceled, and what came of it ("canceled", "deleted", "paid", "withdrawn"…). */
    doneAt: field.dateOrNull(),
    canceledAt: field.dateOrNull(),
    outcome: field.textOrNull(),
  },
  columns: ["accountName", "kind", "plan", "reason", "runAt", "requestedByName", "state"],
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
export type ScheduledAction = field.RecordOf<typeof scheduledActionsContract.fields>;
