/** The activity feed: the activity log, read-only (docs/api-resources.md "Activity feed"). */
import { ACTIVITY, ACTIVITY_RESOURCES } from "../activity";
import { declareResource } from "./declare";
import * as field from "./fields";

/** q searches the actor's name, the action, the record type and the record id. */
export const activityContract = declareResource({
  name: ACTIVITY,
  label: "activity entry",
  description: "The activity log: who changed what, within the caller's scope.",
  /**
   * Who did what to which record, and when; `link` is the console path of the record's page, or
   * null when its type has none or the record is gone.
   */
  fields: {
    id: field.id(),
    createdAt: field.date(),
    /** Null for a change the service made on its own. */
    actorId: field.textOrNull(),
    actorName: field.textOrNull(),
    /** create, update, delete, or the record action's name (mark-lost, refund, restore…). */
    action: field.text(),
    /** The record's type: its resource's API name. */
    resource: field.oneOf(ACTIVITY_RESOURCES),
    recordId: field.text(),
    /** What the record is called (name, serial, plan, code, version); null once it is gone. */
    recordName: field.textOrNull(),
    link: field.textOrNull(),
    /** The client the actor used ("Admin Portal · Chrome 131" from the console, a device app's user agent), when known. */
    client: field.textOrNull(),
  },
  sorts: ["createdAt", "action", "resource", "actorName"],
  defaultSort: ["createdAt", "DESC"],
  filters: { actorId: "exact", resource: "exact", action: "exact", createdAt: "range" },
  search: true,
  representation: "action",
  references: { actorId: "users" },
  access: { list: "signedIn" },
});
export type ActivityEntry = field.RecordOf<typeof activityContract.fields>;
