import { describe, expect, it } from "vitest";
import {
  decideSubscription,
  shouldCheckSubscription,
  type SubscriptionDecision,
} from "../../src/custom/startup/subscription";
import { ROLES, type Role, type SubscriptionStatus } from "../../src/api/types";

const PAGES = ["/", "/gallery", "/payments", "/new-subscription", "/invitation/abc123", "/login"] as const;
const STATUSES: Array<SubscriptionStatus | null> = ["active", "past_due", "inactive", null];

function expected(
  status: SubscriptionStatus | null,
  role: Role,
  page: string,
  signedIn: boolean,
): SubscriptionDecision {
  if (!signedIn || page.startsWith("/invitation/")) return "none";
  if (status === "past_due") return "warn";
  if (status === "inactive" && role !== "SuperAdmin" && page !== "/new-subscription") return "redirect";
  return "none";
}

describe("decideSubscription: every status × role × page", () => {
  for (const status of STATUSES) {
    for (const role of ROLES) {
      for (const pathname of PAGES) {
        for (const signedIn of [true, false]) {
          const want = expected(status, role, pathname, signedIn);
          it(`${status} ${role} ${pathname} ${signedIn ? "signed in" : "signed out"} → ${want}`, () => {
            expect(decideSubscription({ status, role, pathname, signedIn })).toBe(want);
          });
        }
      }
    }
  }

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
    expect(shouldCheckSubscription("/invitations-report", true)).toBe(true);
  });
});
