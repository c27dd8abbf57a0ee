/**
 * Which of the console's queries show each live resource's records (react-query keys start with
 * the resource, as react-admin's do): asked again when the service says that resource changed.
 */
import type { QueryKey } from "@tanstack/react-query";
import { ACTIVITY } from "../../api/activity";
import { FORCED_RESETS } from "../../api/advancedSettings";
import { SCHEDULED_ACTIONS } from "../../api/lifecycle";
import type { LiveResource } from "../../api/liveChanges";
import { LOST_DEVICES } from "../../api/lostDevices";
import { DELETED_ACCOUNTS, DELETED_TESTS } from "../../api/recover";
import { INVITATIONS } from "../../dataProvider/resourceRoutes";
import { BULK_DOWNLOADS_RESOURCE, TESTS_RESOURCE } from "../../dataProvider/testRecordsProvider";

/** Home's figures count tests, devices, accounts, payments and subscriptions. */
const DASHBOARD = "dashboard";
const GALLERY_FACETS = "gallery-facets";
/** The signed-in user's own subscription state (SubscriptionGate's key): another admin may have paid. */
const SUBSCRIPTION_STATUS = "subscription-status";

const QUERIES_OF: Record<LiveResource, readonly string[]> = {
  accounts: ["accounts", DELETED_ACCOUNTS, DASHBOARD],
  businesses: ["businesses"],
  users: ["users", INVITATIONS],
  devices: ["devices", LOST_DEVICES, DASHBOARD],
  tests: [TESTS_RESOURCE, DELETED_TESTS, GALLERY_FACETS, DASHBOARD],
  // The AI panel follows its own job with the spec's polling (aiJob.ts); the cards do not show jobs.
  "ai-jobs": [],
  "bulk-downloads": [BULK_DOWNLOADS_RESOURCE],
  subscriptions: ["subscriptions", SUBSCRIPTION_STATUS, DASHBOARD],
  payments: ["payments", DASHBOARD],
  firmware: ["firmware"],
  discounts: ["discounts"],
  activity: [ACTIVITY],
  "scheduled-actions": [SCHEDULED_ACTIONS],
  "forced-resets": [FORCED_RESETS],
};

/** A job's state is only ever shown, never edited: its record is asked again too. */
const SHOWN_ONLY = new Set<string>([BULK_DOWNLOADS_RESOURCE]);

/**
 * Whether a query is asked again when `resource` changed (every resource, for a reset): its lists
 * and figures, never one record of an edit form (react-admin's getOne), whose input must not be
 * replaced under the person typing; the versioned save tells them when the record changed.
 */
export function isRefreshedBy(resource: LiveResource | "all", queryKey: QueryKey): boolean {
  const [name, method] = queryKey;
  if (typeof name !== "string") return false;
  const names = resource === "all" ? Object.values(QUERIES_OF).flat() : QUERIES_OF[resource];
  return names.includes(name) && (method !== "getOne" || SHOWN_ONLY.has(name));
}
