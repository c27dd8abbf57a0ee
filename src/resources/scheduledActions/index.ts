import { lazy } from "react";

/**
 * Spec §2's scheduled-action screens (super admins), each the screens table's page, loaded on
 * demand: the overview of every kind, and the subscription cancelations and account deletions.
 */
const ScheduledActionsScreen = () => import("./ScheduledActionsScreens");

export const ScheduledActionsPage = lazy(() => ScheduledActionsScreen().then((m) => ({ default: m.AllActions })));
export const SubscriptionCancelationsPage = lazy(() =>
  ScheduledActionsScreen().then((m) => ({ default: m.SubscriptionCancelations })),
);
export const AccountDeletionsPage = lazy(() => ScheduledActionsScreen().then((m) => ({ default: m.AccountDeletions })));
