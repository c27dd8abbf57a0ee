/**
 * What the scheduled-action screens say about a row (spec §2, §4, §9; docs/api.md "Lifecycle"):
 * when it runs, relative to now, and what canceling it or running it now does to the account —
 * the service's own rules (server/src/lifecycle/routes.ts), put in words before a super admin
 * confirms. Pure: the components only translate the keys.
 */
import type { ScheduledAction, ScheduledActionKind } from "../../api/lifecycle";

/** The screens of spec §2: the overview, and one per kind that has its own route. */
export const SCHEDULED_ACTION_PAGES = [
  { kind: null, path: "/scheduled-actions", title: "screens.scheduledActions" },
  {
    kind: "subscription-cancelation",
    path: "/scheduled-actions/subscription-cancelations",
    title: "screens.subscriptionCancelations",
  },
  { kind: "account-deletion", path: "/scheduled-actions/account-deletions", title: "screens.accountDeletions" },
] as const satisfies readonly { kind: ScheduledActionKind | null; path: string; title: string }[];

const DAY_MS = 86_400_000;

/** Whole days until `runAt`, counted up as the service's messages count them (0 or less: due). */
export function daysUntil(runAt: string, now: Date): number {
  return Math.ceil((new Date(runAt).getTime() - now.getTime()) / DAY_MS);
}

/**
 * "in N days" under the date, or "due now" for one whose time has come: the scheduler carries it
 * out on its next run (every few minutes), so it is still pending for a moment.
 */
export function runsIn(runAt: string, now: Date): { key: string; days: number } {
  const days = daysUntil(runAt, now);
  return days <= 0
    ? { key: "resources.scheduled-actions.due", days: 0 }
    : { key: "resources.scheduled-actions.inDays", days };
}

export type ScheduledActionVerb = "cancel" | "run";

type Row = Pick<ScheduledAction, "kind" | "reason" | "subscriptionId">;

/**
 * What the confirmation says happens (server/src/lifecycle/routes.ts and steps.ts):
 * - canceling an owner's cancel at period end resumes the subscription; an unpaid one's stays past
 *   due (the scheduler does not schedule it again);
 * - canceling a requested account deletion (no subscription behind it) restores the account;
 *   one after a canceled subscription's grace leaves the account read-only, not deleted;
 * - running a cancelation starts the 21 days of grace; running a deletion deletes the account.
 */
export function effectKey(action: Row, verb: ScheduledActionVerb): string {
  const prefix = `resources.scheduled-actions.${verb}.effect`;
  if (verb === "run") {
    if (action.kind === "subscription-cancelation") return `${prefix}.cancelation`;
    if (action.kind === "account-deletion") return `${prefix}.accountDeletion`;
    return `${prefix}.other`;
  }
  if (action.kind === "subscription-cancelation") {
    return action.reason === "unpaid" ? `${prefix}.cancelationUnpaid` : `${prefix}.cancelationRequest`;
  }
  if (action.kind === "account-deletion") {
    return action.reason !== "unpaid" && action.subscriptionId === null
      ? `${prefix}.accountRestored`
      : `${prefix}.accountKept`;
  }
  return `${prefix}.other`;
}

/** The outcomes the service records (steps.ts, routes.ts), in words; another is shown as it is. */
const OUTCOMES: Record<string, string> = {
  "canceled by a super admin": "canceledByOperator",
  withdrawn: "withdrawn",
  paid: "paid",
  deleted: "deleted",
  canceled: "canceled",
};

export function outcomeKey(outcome: string | null, kind?: ScheduledActionKind): string | null {
  // A user deletion carried out deleted a person, not an account.
  if (outcome === "deleted" && kind === "user-deletion") return "resources.scheduled-actions.outcomes.userDeleted";
  const key = outcome === null ? undefined : OUTCOMES[outcome];
  return key ? `resources.scheduled-actions.outcomes.${key}` : null;
}
