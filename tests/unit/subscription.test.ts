import { describe, expect, it } from "vitest";
import {
  decideSubscription,
  isReadOnlyDuringGrace,
  isSentToNewSubscription,
  shouldCheckSubscription,
  type SubscriptionDecision,
} from "../../src/custom/startup/subscription";
import { ROLES, type Role, type SubscriptionStatus } from "../../src/api/types";

const PAGES = ["/", "/gallery", "/payments", "/new-subscription", "/invitation/abc123", "/login"] as const;
const STATUSES: Array<SubscriptionStatus | null> = ["active", "past_due", "inactive", null];

/** Absent (a spec-only service, or not canceled), a date (the grace period's end), or unreadable. */
const GRACE_ENDS = [undefined, "2026-12-15T09:00:00.000Z", "not a date"] as const;

function expected(
  status: SubscriptionStatus | null,
  readOnlyUntil: string | undefined,
  role: Role,
  page: string,
  signedIn: boolean,
): SubscriptionDecision {
  if (!signedIn || page.startsWith("/invitation/")) return "none";
  if (status === "past_due") return "warn";
  if (status === "inactive" && role !== "SuperAdmin" && page !== "/new-subscription") {
    return readOnlyUntil === "2026-12-15T09:00:00.000Z" ? "readOnly" : "redirect";
  }
  return "none";
}

describe("decideSubscription: every status × grace × role × page", () => {
  for (const status of STATUSES) {
    for (const readOnlyUntil of GRACE_ENDS) {
      for (const role of ROLES) {
        for (const pathname of PAGES) {
          for (const signedIn of [true, false]) {
            const want = expected(status, readOnlyUntil, role, pathname, signedIn);
            const grace = readOnlyUntil ? ` until ${readOnlyUntil}` : "";
            it(`${status}${grace} ${role} ${pathname} ${signedIn ? "signed in" : "signed out"} → ${want}`, () => {
              expect(decideSubscription({ status, readOnlyUntil, role, pathname, signedIn })).toBe(want);
            });
          }
        }
      }
    }
  }

  it("keeps an account in its grace period where it is, under the banner, instead of redirecting", () => {
    const grace = { status: "inactive" as const, readOnlyUntil: "2026-12-15T09:00:00.000Z", signedIn: true };
    expect(decideSubscription({ ...grace, role: "Admin", pathname: "/gallery" })).toBe("readOnly");
    expect(decideSubscription({ ...grace, role: "User", pathname: "/" })).toBe("readOnly");
    // The page itself says it all already; super admins are never restricted.
    expect(decideSubscription({ ...grace, role: "Admin", pathname: "/new-subscription" })).toBe("none");
    expect(decideSubscription({ ...grace, role: "SuperAdmin", pathname: "/gallery" })).toBe("none");
    // readOnlyUntil only means something with inactive (§7's status decides).
    expect(decideSubscription({ ...grace, status: "active", role: "Admin", pathname: "/" })).toBe("none");
    expect(decideSubscription({ ...grace, status: "past_due", role: "Admin", pathname: "/" })).toBe("warn");
    // Without it (a spec-only service), §4's redirect.
    expect(decideSubscription({ ...grace, readOnlyUntil: null, role: "Admin", pathname: "/gallery" })).toBe("redirect");
  });

  it("spot checks stated by the spec", () => {
    expect(decideSubscription({ status: "past_due", role: "SuperAdmin", pathname: "/", signedIn: true })).toBe("warn");
    expect(decideSubscription({ status: "inactive", role: "Admin", pathname: "/gallery", signedIn: true })).toBe(
      "redirect",
    );
    expect(decideSubscription({ status: "inactive", role: "SuperAdmin", pathname: "/gallery", signedIn: true })).toBe(
      "none",
    );
    expect(
      decideSubscription({ status: "inactive", role: "User", pathname: "/new-subscription", signedIn: true }),
    ).toBe("none");
    expect(decideSubscription({ status: "inactive", role: "User", pathname: "/invitation/x", signedIn: true })).toBe(
      "none",
    );
  });
});

describe("shouldCheckSubscription", () => {
  it("is off when signed out and on invitation pages", () => {
    expect(shouldCheckSubscription("/", true)).toBe(true);
    expect(shouldCheckSubscription("/", false)).toBe(false);
    expect(shouldCheckSubscription("/invitation/abc", true)).toBe(false);
    expect(shouldCheckSubscription("/invitation", true)).toBe(false);
    expect(shouldCheckSubscription("/invitations-report", true)).toBe(true);
  });
});

describe("a grace period's end the console cannot read", () => {
  it("counts as none: §4's redirect, as for a service that never sends one", () => {
    const inactive = { status: "inactive" as const, role: "Admin" as const, pathname: "/gallery", signedIn: true };
    // Not text (a bare year would parse as a date): not a date the service sent.
    const notText = 2026 as unknown as string;
    expect(decideSubscription({ ...inactive, readOnlyUntil: notText })).toBe("redirect");
    expect(decideSubscription({ ...inactive, readOnlyUntil: "2026" })).toBe("readOnly");
  });
});

describe("isSentToNewSubscription: the menu offers /new-subscription alone", () => {
  const base = { status: "inactive" as const, role: "Admin" as const, signedIn: true };

  it("for whoever an inactive subscription sends there from every page", () => {
    expect(isSentToNewSubscription(base)).toBe(true);
    expect(isSentToNewSubscription({ ...base, role: "User" })).toBe(true);
  });

  it("not for super admins, an account in its grace period, another status, or a signed-out visitor", () => {
    expect(isSentToNewSubscription({ ...base, role: "SuperAdmin" })).toBe(false);
    expect(isSentToNewSubscription({ ...base, readOnlyUntil: "2026-12-15T09:00:00.000Z" })).toBe(false);
    expect(isSentToNewSubscription({ ...base, status: "past_due" })).toBe(false);
    expect(isSentToNewSubscription({ ...base, status: "active" })).toBe(false);
    expect(isSentToNewSubscription({ ...base, signedIn: false })).toBe(false);
  });
});

describe("isReadOnlyDuringGrace: the grace period's refused writes are offered disabled", () => {
  const base = { status: "inactive" as const, readOnlyUntil: "2026-12-15T09:00:00.000Z", signedIn: true };

  it("for the people of an account in its grace period, whatever their role but super admin", () => {
    for (const role of ["Admin", "Manager", "User"] as const)
      expect(isReadOnlyDuringGrace({ ...base, role })).toBe(true);
  });

  it("not for super admins, an inactive account without grace, another status, or a signed-out visitor", () => {
    expect(isReadOnlyDuringGrace({ ...base, role: "SuperAdmin" })).toBe(false);
    expect(isReadOnlyDuringGrace({ ...base, role: "Admin", readOnlyUntil: undefined })).toBe(false);
    expect(isReadOnlyDuringGrace({ ...base, role: "Admin", status: "past_due" })).toBe(false);
    expect(isReadOnlyDuringGrace({ ...base, role: "Admin", status: "active" })).toBe(false);
    expect(isReadOnlyDuringGrace({ ...base, role: "Admin", signedIn: false })).toBe(false);
  });
});
