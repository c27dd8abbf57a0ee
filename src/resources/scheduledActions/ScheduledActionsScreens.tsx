import { ScheduledActionList } from "./ScheduledActionList";

/** /scheduled-actions: every kind (docs/decisions.md "Scheduled actions screens"). */
export const AllActions = () => <ScheduledActionList kind={null} />;
/** /scheduled-actions/subscription-cancelations */
export const SubscriptionCancelations = () => <ScheduledActionList kind="subscription-cancelation" />;
/** /scheduled-actions/account-deletions */
export const AccountDeletions = () => <ScheduledActionList kind="account-deletion" />;
