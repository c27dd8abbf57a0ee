/**
 * `npm run seed:large`: a database for benchmarks. Prepares (migrates and seeds) the database of
 * DATA_DIR (or DATABASE_URL) like the first `npm start`, then adds generated accounts on top:
 * by default 10,000 accounts with 3 users, 2 devices and, for the 93% with a subscription, 11
 * monthly payments each (about 102,000 payments). SEED_LARGE_ACCOUNTS changes the number of accounts. Run it once per data directory.
 *
 *   DATA_DIR=/tmp/gemtest-large npm run seed:large
 */
import { count } from "drizzle-orm";
import { hashPassword } from "../auth/passwords";
import { loadConfig } from "../config";
import { createStorage } from "../files/storage";
import { openDb } from "./client";
import { DEMO_PASSWORD } from "./demoUsers";
import { prepareDb } from "./prepare";
import { GENERATED } from "./seed";
import { payments } from "./schema";
import { seedGeneratedAccounts } from "./seedResources";

/** Accounts per transaction: bounded memory and progress to report, whatever the total. */
const BATCH = 1000;

export async function seedLarge(accountCount: number): Promise<void> {
  const config = loadConfig();
  const handle = await openDb(config);
  try {
    const started = performance.now();
    await prepareDb(handle, { storage: createStorage(config) });
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const now = new Date();
    // Numbering starts after the regular seed's generated accounts, so ids never collide.
    const first = GENERATED.offset + GENERATED.accounts;
    for (let done = 0; done < accountCount; done += BATCH) {
      const batch = Math.min(BATCH, accountCount - done);
      await handle.db.transaction((tx) =>
        seedGeneratedAccounts(tx, {
          offset: first + done,
          accounts: batch,
          usersPerAccount: 3,
          devicesPerAccount: 2,
          paymentsPerAccount: 11,
          passwordHash,
          now,
        }),
      );
      console.log(`  ${done + batch} / ${accountCount} accounts`);
    }
    const [row] = await handle.db.select({ n: count() }).from(payments);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Large seed done in ${seconds} s: ${row?.n ?? 0} payments in ${config.databaseUrl ? "DATABASE_URL" : config.dataDir}.`,
    );
  } finally {
    await handle.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const accountCount = Number(process.env.SEED_LARGE_ACCOUNTS ?? 10_000);
  if (!Number.isInteger(accountCount) || accountCount <= 0) {
    console.error("SEED_LARGE_ACCOUNTS must be a positive whole number");
    process.exit(2);
  }
  seedLarge(accountCount).catch((error: unknown) => {
    console.error("The large seed failed:", error);
    process.exit(1);
  });
}
