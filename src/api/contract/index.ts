/** Every declared resource's contract, by its name (the console's lists, pickers and the contract suite read them). */
import { accountsContract } from "./accounts";
import { activityContract } from "./activity";
import { businessesContract } from "./businesses";
import { deletedAccountsContract } from "./deletedAccounts";
import { deletedTestsContract } from "./deletedTests";
import type { AnyResourceContract } from "./declare";
import { devicesContract } from "./devices";
import { discountsContract } from "./discounts";
import { firmwareContract } from "./firmware";
import { forcedResetsContract } from "./forcedResets";
import { lostDevicesContract } from "./lostDevices";
import { paymentsContract } from "./payments";
import { scheduledActionsContract } from "./scheduledActions";
import { subscriptionsContract } from "./subscriptions";
import { usersContract } from "./users";

export const CONTRACTS: Record<string, AnyResourceContract> = {
  accounts: accountsContract,
  businesses: businessesContract,
  users: usersContract,
  devices: devicesContract,
  payments: paymentsContract,
  subscriptions: subscriptionsContract,
  firmware: firmwareContract,
  discounts: discountsContract,
  activity: activityContract,
  "lost-devices": lostDevicesContract,
  "deleted-tests": deletedTestsContract,
  "deleted-accounts": deletedAccountsContract,
  "scheduled-actions": scheduledActionsContract,
  "forced-resets": forcedResetsContract,
};
