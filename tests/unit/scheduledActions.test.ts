import { describe, expect, it } from "vitest";
import type { ScheduledAction } from "../../src/api/lifecycle";
import { appMessages } from "../../src/i18n/en";
import {
  daysUntil,
  effectKey,
  outcomeKey,
  runsIn,
  SCHEDULED_ACTION_PAGES,
} from "../../src/resources/scheduledActions/scheduledActionRules";
import { SCREENS } from "../../src/access/screens";

/** An i18n key's text in en.ts, or undefined. */
const textOf = (key: string): unknown =>
  key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], appMessages);

const NOW = new Date("2026-11-24T10:00:00.000Z");
const at = (hoursFromNow: number) => new Date(NOW.getTime() + hoursFromNow * 3_600_000).toISOString();

describe("when a scheduled action runs, from now", () => {
  it("counts whole days up, as the service's messages do", () => {
    expect(daysUntil(at(24 * 12), NOW)).toBe(12);
    expect(daysUntil(at(24 * 12 - 1), NOW)).toBe(12);
    expect(daysUntil(at(24 * 11 + 1), NOW)).toBe(12);
    expect(daysUntil(at(24), NOW)).toBe(1);
    expect(daysUntil(at(1), NOW)).toBe(1);
    expect(daysUntil(at(0), NOW)).toBe(0);
    expect(daysUntil(at(-30), NOW)).toBe(-1);
  });

  it("says in N days while ahead, and due now once its time has come (the next run takes it)", () => {
    expect(runsIn(at(24 * 3), NOW)).toEqual({ key: "resources.scheduled-actions.inDays", days: 3 });
    expect(runsIn(at(2), NOW)).toEqual({ key: "resources.scheduled-actions.inDays", days: 1 });
    expect(runsIn(at(0), NOW)).toEqual({ key: "resources.scheduled-actions.due", days: 0 });
    expect(runsIn(at(-48), NOW)).toEqual({ key: "resources.scheduled-actions.due", days: 0 });
  });
});

const row = (over: Partial<ScheduledAction>): Pick<ScheduledAction, "kind" | "reason" | "subscriptionId"> => ({
  kind: "account-deletion",
  reason: "owner-request",
  subscriptionId: null,
  ...over,
});
const effect = (key: string) => key.replace("resources.scheduled-actions.", "");

describe("what canceling or running it does, in the confirmation (server/src/lifecycle/routes.ts)", () => {
  it("cancel: an owner's cancel at period end is resumed; an unpaid one stays past due", () => {
    const cancelation = row({ kind: "subscription-cancelation", subscriptionId: "sub-1" });
    expect(effect(effectKey(cancelation, "cancel"))).toBe("cancel.effect.cancelationRequest");
    expect(effect(effectKey({ ...cancelation, reason: "unpaid" }, "cancel"))).toBe("cancel.effect.cancelationUnpaid");
  });

  it("cancel: a requested account deletion restores the account; one after a canceled subscription keeps it read-only", () => {
    expect(effect(effectKey(row({}), "cancel"))).toBe("cancel.effect.accountRestored");
    expect(effect(effectKey(row({ reason: "deletion-request" }), "cancel"))).toBe("cancel.effect.accountRestored");
    expect(effect(effectKey(row({ reason: "unpaid", subscriptionId: "sub-1" }), "cancel"))).toBe(
      "cancel.effect.accountKept",
    );
    expect(effect(effectKey(row({ subscriptionId: "sub-1" }), "cancel"))).toBe("cancel.effect.accountKept");
    // Unpaid without a subscription (data from before the scheduler): the service restores nothing.
    expect(effect(effectKey(row({ reason: "unpaid" }), "cancel"))).toBe("cancel.effect.accountKept");
  });

  it("run: a cancelation starts the grace period, a deletion deletes; another kind is said plainly", () => {
    expect(effect(effectKey(row({ kind: "subscription-cancelation" }), "run"))).toBe("run.effect.cancelation");
    expect(effect(effectKey(row({}), "run"))).toBe("run.effect.accountDeletion");
    expect(effect(effectKey(row({ kind: "user-deletion" }), "run"))).toBe("run.effect.other");
    expect(effect(effectKey(row({ kind: "user-deletion" }), "cancel"))).toBe("cancel.effect.other");
  });

  it("has words for every key it gives", () => {
    const keys = new Set<string>();
    for (const kind of ["subscription-cancelation", "account-deletion", "user-deletion"] as const) {
      for (const reason of ["unpaid", "owner-request", "deletion-request"] as const) {
        for (const subscriptionId of [null, "sub-1"]) {
          for (const verb of ["cancel", "run"] as const) keys.add(effectKey({ kind, reason, subscriptionId }, verb));
        }
      }
    }
    for (const key of keys) expect(typeof textOf(key), key).toBe("string");
  });
});

describe("outcomes in words", () => {
  it("names the service's outcomes and leaves any other as it is", () => {
    for (const outcome of ["canceled by a super admin", "withdrawn", "paid", "deleted", "canceled"]) {
      const key = outcomeKey(outcome);
      expect(typeof textOf(key!), outcome).toBe("string");
    }
    expect(outcomeKey("something new")).toBeNull();
    expect(outcomeKey(null)).toBeNull();
  });

  it("says a user deletion carried out deleted a user, not an account", () => {
    expect(textOf(outcomeKey("deleted", "user-deletion")!)).toBe("User deleted");
    expect(textOf(outcomeKey("deleted", "account-deletion")!)).toBe("Account deleted");
  });
});

describe("the pages", () => {
  it("are the screens table's three scheduled-action routes, each with its title", () => {
    for (const page of SCHEDULED_ACTION_PAGES) {
      const screen = SCREENS.find((item) => item.path === page.path);
      expect(screen?.title, page.path).toBe(page.title);
      expect(screen?.access).toEqual({ resource: "scheduled-actions", action: "list" });
    }
  });
});
