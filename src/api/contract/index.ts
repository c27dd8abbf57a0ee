/** Every declared resource's contract, by its name (the console's lists, pickers and the contract suite read them). */
import { accountsContract } from "./accounts";
import { businessesContract } from "./businesses";
import type { AnyResourceContract } from "./declare";
import { devicesContract } from "./devices";
import { discountsContract } from "./discounts";
import { firmwareContract } from "./firmware";
import { paymentsContract } from "./payments";
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
};
