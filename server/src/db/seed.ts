/**
 * Deterministic demo data: fixed ids and dates, so tests and screenshots can rely on them.
 * Only the password hash differs between runs (argon2 salts are random).
 */
import { count } from "drizzle-orm";
import type { Role } from "../../../src/api/types";
import { hashPassword } from "../auth/passwords";
import { DEFAULT_SUBSCRIPTION_MESSAGES } from "../payments/subscriptionMessages";
import type { FileStorage } from "../files/storage";
import type { Database } from "./client";
import { DEMO_PASSWORD } from "./demoUsers";
import { accounts, businesses, users } from "./schema";
import { seedActivityHistory } from "./seedActivity";
import { seedDemoResources, seedGeneratedAccounts } from "./seedResources";
import { seedTestRecords } from "./seedTests";

export const SEED_IDS = {
  accounts: {
    gemtestHq: "10000000-0000-4000-8000-000000000001",
    brilliantGems: "10000000-0000-4000-8000-000000000002",
    lapisTraders: "10000000-0000-4000-8000-000000000003",
    obsidian: "10000000-0000-4000-8000-000000000004",
  },
  businesses: {
    gemtestLab: "20000000-0000-4000-8000-000000000001",
    brilliantLondon: "20000000-0000-4000-8000-000000000002",
    brilliantAntwerp: "20000000-0000-4000-8000-000000000003",
    lapisMain: "20000000-0000-4000-8000-000000000004",
    obsidianMain: "20000000-0000-4000-8000-000000000005",
  },
  users: {
    superAdmin: "30000000-0000-4000-8000-000000000001",
    admin: "30000000-0000-4000-8000-000000000002",
    manager: "30000000-0000-4000-8000-000000000003",
    user: "30000000-0000-4000-8000-000000000004",
    secondUser: "30000000-0000-4000-8000-000000000005",
    pastDueAdmin: "30000000-0000-4000-8000-000000000006",
    inactiveAdmin: "30000000-0000-4000-8000-000000000007",
  },
} as const;

export const PAST_DUE_MESSAGE = DEFAULT_SUBSCRIPTION_MESSAGES.past_due;
export const INACTIVE_MESSAGE = DEFAULT_SUBSCRIPTION_MESSAGES.inactive;

const day = (isoDate: string) => new Date(`${isoDate}T09:00:00.000Z`);

const A = SEED_IDS.accounts;
const B = SEED_IDS.businesses;
const U = SEED_IDS.users;

const seedAccounts: (typeof accounts.$inferInsert)[] = [
  {
    id: A.gemtestHq,
    name: "Gemtest HQ",
    email: "hq@example.com",
    subscriptionStatus: "active",
    createdAt: day("2023-01-10"),
  },
  {
    id: A.brilliantGems,
    name: "Brilliant Gems Ltd",
    email: "billing@brilliantgems.example.com",
    subscriptionStatus: "active",
    createdAt: day("2023-03-02"),
  },
  {
    id: A.lapisTraders,
    name: "Lapis Traders",
    email: "accounts@lapis.example.com",
    subscriptionStatus: "past_due",
    subscriptionMessage: PAST_DUE_MESSAGE,
    createdAt: day("2023-06-18"),
  },
  {
    id: A.obsidian,
    name: "Obsidian & Co",
    email: "office@obsidian.example.com",
    subscriptionStatus: "inactive",
    subscriptionMessage: INACTIVE_MESSAGE,
    createdAt: day("2023-09-25"),
  },
];

const seedBusinesses: (typeof businesses.$inferInsert)[] = [
  {
    id: B.gemtestLab,
    accountId: A.gemtestHq,
    name: "Gemtest Lab",
    ownerId: U.superAdmin,
    createdAt: day("2023-01-10"),
  },
  {
    id: B.brilliantLondon,
    accountId: A.brilliantGems,
    name: "Brilliant Gems London",
    ownerId: U.manager,
    createdAt: day("2023-03-02"),
  },
  {
    id: B.brilliantAntwerp,
    accountId: A.brilliantGems,
    name: "Brilliant Gems Antwerp",
    ownerId: U.admin,
    createdAt: day("2023-04-11"),
  },
  {
    id: B.lapisMain,
    accountId: A.lapisTraders,
    name: "Lapis Traders Showroom",
    ownerId: U.pastDueAdmin,
    createdAt: day("2023-06-18"),
  },
  {
    id: B.obsidianMain,
    accountId: A.obsidian,
    name: "Obsidian & Co Workshop",
    ownerId: U.inactiveAdmin,
    createdAt: day("2023-09-25"),
  },
];

interface SeedUser {
  id: string;
  accountId: string;
  businessId: string;
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  createdAt: Date;
}

const seedUsers: SeedUser[] = [
  {
    id: U.superAdmin,
    accountId: A.gemtestHq,
    businessId: B.gemtestLab,
    firstName: "Sophie",
    lastName: "Carter",
    email: "superadmin@example.com",
    role: "SuperAdmin",
    createdAt: day("2023-01-10"),
  },
  {
    id: U.admin,
    accountId: A.brilliantGems,
    businessId: B.brilliantAntwerp,
    firstName: "Alice",
    lastName: "Morgan",
    email: "admin@example.com",
    role: "Admin",
    createdAt: day("2023-03-02"),
  },
  {
    id: U.manager,
    accountId: A.brilliantGems,
    businessId: B.brilliantLondon,
    firstName: "Marcus",
    lastName: "Reed",
    email: "manager@example.com",
    role: "Manager",
    createdAt: day("2023-03-05"),
  },
  {
    id: U.user,
    accountId: A.brilliantGems,
    businessId: B.brilliantLondon,
    firstName: "Uma",
    lastName: "Patel",
    email: "user@example.com",
    role: "User",
    createdAt: day("2023-03-09"),
  },
  {
    id: U.secondUser,
    accountId: A.brilliantGems,
    businessId: B.brilliantAntwerp,
    firstName: "Daniel",
    lastName: "Kim",
    email: "daniel.kim@example.com",
    role: "User",
    createdAt: day("2023-04-12"),
  },
  {
    id: U.pastDueAdmin,
    accountId: A.lapisTraders,
    businessId: B.lapisMain,
    firstName: "Priya",
    lastName: "Shah",
    email: "pastdue@example.com",
    role: "Admin",
    createdAt: day("2023-06-18"),
  },
  {
    id: U.inactiveAdmin,
    accountId: A.obsidian,
    businessId: B.obsidianMain,
    firstName: "Oscar",
    lastName: "Black",
    email: "inactive@example.com",
    role: "Admin",
    createdAt: day("2023-09-25"),
  },
];

/**
 * Generated accounts besides the demo ones: enough for lists, facets and exports to feel real
 * (300 accounts, 3,000 users, 2,100 devices, about 2,500 payments) while the first start stays fast.
 * `npm run seed:large` adds far more (server/src/db/seedLarge.ts).
 */
export const GENERATED = {
  offset: 0,
  accounts: 300,
  usersPerAccount: 10,
  devicesPerAccount: 7,
  paymentsPerAccount: 10,
};

export async function isEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(accounts);
  return (row?.n ?? 0) === 0;
}

export interface SeedOptions {
  /** Where the demo photos and documents go. */
  storage: FileStorage;
  /** Test dates are spread over the year before this moment; defaults to now. */
  now?: Date;
}

/**
 * Inserts the demo data in one transaction. Call on an empty, migrated database. The photos go to
 * storage first; a failed seed may leave them there, and the next attempt overwrites them.
 */
export async function seedDemoData(db: Database, { storage, now = new Date() }: SeedOptions): Promise<void> {
  // Argon2 is slow by design: hash the shared demo password once.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await tx.insert(accounts).values(seedAccounts);
    await tx.insert(businesses).values(seedBusinesses);
    await tx.insert(users).values(seedUsers.map((user) => ({ ...user, passwordHash })));
    await seedTestRecords(tx, storage, SEED_IDS, now);
    await seedDemoResources(tx, storage, SEED_IDS, now);
    await seedActivityHistory(tx, storage, SEED_IDS, now);
    await seedGeneratedAccounts(tx, { ...GENERATED, passwordHash, now });
  });
}
