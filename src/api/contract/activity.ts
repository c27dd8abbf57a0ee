/** The activity feed: the activity log, read-only (docs/api-resources.md "Activity feed"). */
import type { Static } from "typebox";
import { ACTIVITY, ACTIVITY_RESOURCES } from "../activity";
import { declareResource } from "./declare";
import * as fieldSchema from "./fields";

/**
 * Who did what to which record, and when; `link` is the console path of the record's page, or
 * null when its type has none or the record is gone.
 */
export const activityRecord = fieldSchema.record("activity entry", {
  id: fieldSchema.id(),
  createdAt: fieldSchema.date(),
  /** Null for a change the service made on its own. */
  actorId: fieldSchema.textOrNull(),
  actorName: fieldSchema.textOrNull(),
  /** create, update, delete, or the record action's name (mark-lost, refund, restore…). */
  action: fieldSchema.text(),
  /** The record's type: its resource's API name. */
  resource: fieldSchema.oneOf(ACTIVITY_RESOURCES),
  recordId: fieldSchema.text(),
  /** What the record is called (name, serial, plan, code, version); null once it is gone. */
  recordName: fieldSchema.textOrNull(),
  link: fieldSchema.textOrNull(),
  /** The client the actor used ("Admin Portal · Chrome 131" from the console, a device app's user agent), when known. */
  client: fieldSchema.textOrNull(),
});
export type ActivityEntry = Static<typeof activityRecord>;

/** q searches the actor's name, the action, the record type and the record id. */
export const activityContract = declareResource<ActivityEntry>()({
  name: ACTIVITY,
  label: "activity entry",
  sorts: ["createdAt", "action", "resource", "actorName"],
  defaultSort: ["createdAt", "DESC"],
  filters: { actorId: "exact", resource: "exact", action: "exact", createdAt: "range" },
  search: true,
  representation: "action",
  references: { actorId: "users" },
  access: { list: "signedIn" },
});
