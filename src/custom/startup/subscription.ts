/**
 * The subscription rules of spec §4 and §6: past_due opens the warning dialog with the server's
 * message; inactive sends everyone but super admins to /new-subscription. The check is not run on
 * invitation pages or when signed out.
 */
import type { Role, SubscriptionStatus } from "../../api/types";

export const NEW_SUBSCRIPTION_PATH = "/new-subscription";
const INVITATION_PREFIX = "/invitation";

/** "none": nothing to do; "warn": open the warning dialog; "redirect": go to /new-subscription. */
export type SubscriptionDecision = "none" | "warn" | "redirect";

const isInvitationPage = (pathname: string) =>
  pathname === INVITATION_PREFIX || pathname.startsWith(`${INVITATION_PREFIX}/`);

export function shouldCheckSubscription(pathname: string, signedIn: boolean): boolean {
  return signedIn && !isInvitationPage(pathname);
}

export interface SubscriptionInput {
  /** null when the fetch failed: errors are ignored (§7). */
  status: SubscriptionStatus | null | undefined;
  role: Role | null | undefined;
  pathname: string;
  signedIn: boolean;
}

export function decideSubscription({ status, role, pathname, signedIn }: SubscriptionInput): SubscriptionDecision {
  if (!shouldCheckSubscription(pathname, signedIn)) return "none";
  switch (status) {
    case "past_due":
      return "warn";
    case "inactive":
      // Super admins skip the redirect (§6); on the page itself there is nowhere further to go.
      return role === "SuperAdmin" || pathname === NEW_SUBSCRIPTION_PATH ? "none" : "redirect";
    default:
      return "none";
  }
}
