/**
 * The subscription rules of spec §4 and §6: past_due opens the warning dialog with the server's
 * message; inactive sends everyone but super admins to /new-subscription. The check is not run on
 * invitation pages or when signed out.
 *
 * Ours beyond §7: a canceled subscription in its 21 days of grace answers inactive with
 * `readOnlyUntil`. Its people may still read and export, so they stay where they are, under a
 * banner saying so (docs/decisions.md "Grace period banner"); a service that never sends
 * `readOnlyUntil` gets §4's redirect as before.
 */
import type { Role, SubscriptionStatus } from "../../api/types";

export const NEW_SUBSCRIPTION_PATH = "/new-subscription";
const INVITATION_PREFIX = "/invitation";

/**
 * "none": nothing to do; "warn": open the warning dialog; "redirect": go to /new-subscription;
 * "readOnly": stay, under the grace period's banner.
 */
export type SubscriptionDecision = "none" | "warn" | "redirect" | "readOnly";

const isInvitationPage = (pathname: string) =>
  pathname === INVITATION_PREFIX || pathname.startsWith(`${INVITATION_PREFIX}/`);

export function shouldCheckSubscription(pathname: string, signedIn: boolean): boolean {
  return signedIn && !isInvitationPage(pathname);
}

export interface SubscriptionInput {
  /** null when the fetch failed: errors are ignored (§7). */
  status: SubscriptionStatus | null | undefined;
  /** When the grace period ends, for a canceled subscription (inactive); absent otherwise. */
  readOnlyUntil?: string | null;
  role: Role | null | undefined;
  pathname: string;
  signedIn: boolean;
}

/** A date the service sent for the end of the grace period (an unreadable one counts as none). */
const inGrace = (readOnlyUntil: string | null | undefined) =>
  typeof readOnlyUntil === "string" && !Number.isNaN(Date.parse(readOnlyUntil));

/**
 * Whether the subscription sends this user to /new-subscription from everywhere: then the menu
 * offers that page alone (issue 26: a menu whose every item leads back there misleads).
 */
export const isSentToNewSubscription = (input: Omit<SubscriptionInput, "pathname">): boolean =>
  // Stryker disable next-line StringLiteral: any page but an invitation or /new-subscription itself answers alike
  decideSubscription({ ...input, pathname: "/" }) === "redirect";

/**
 * Whether this user works read-only under the grace period's banner (a canceled subscription's
 * account, super admins aside): then the writes the grace period refuses are offered disabled.
 */
export const isReadOnlyDuringGrace = (input: Omit<SubscriptionInput, "pathname">): boolean =>
  // Stryker disable next-line StringLiteral: any page but an invitation or /new-subscription itself answers alike
  decideSubscription({ ...input, pathname: "/" }) === "readOnly";

export function decideSubscription({
  status,
  readOnlyUntil,
  role,
  pathname,
  signedIn,
}: SubscriptionInput): SubscriptionDecision {
  if (!shouldCheckSubscription(pathname, signedIn)) return "none";
  switch (status) {
    case "past_due":
      return "warn";
    case "inactive":
      // Super admins skip the redirect (§6); on the page itself there is nowhere further to go.
      if (role === "SuperAdmin" || pathname === NEW_SUBSCRIPTION_PATH) return "none";
      return inGrace(readOnlyUntil) ? "readOnly" : "redirect";
    default:
      return "none";
  }
}
