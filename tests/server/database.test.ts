import { tmpdir } from "node:os";
import { join } from "node:path";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveJwtSecret } from "../../server/src/auth/jwtSecret";
import type { DbHandle } from "../../server/src/db/client";
import { prepareDb } from "../../server/src/db/prepare";
import { accounts, settings, users } from "../../server/src/db/schema";
import { GENERATED } from "../../server/src/db/seed";
import { localDirectoryStorage } from "../../server/src/files/storage";
import { openTestDatabase } from "./helpers";

let handle: DbHandle;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ handle, dispose } = await openTestDatabase());
});
afterAll(async () => {
  await handle.close();
  await dispose();
});

describe("database start-up", () => {
  it("reuses a prepared database: no migration to apply, no second seed", async () => {
    const before = await handle.db.select({ n: count() }).from(users);
    const storage = localDirectoryStorage(join(tmpdir(), "gemtest-never-written"));
    expect(await prepareDb(handle, { storage })).toEqual({ seeded: false });
    expect(await handle.db.select({ n: count() }).from(users)).toEqual(before);
    // The four demo accounts and the generated ones of the resources seed, once.
    expect(await handle.db.select({ n: count() }).from(accounts)).toEqual([{ n: 4 + GENERATED.accounts }]);
  });

  it("keeps one generated JWT secret that every instance reads back", async () => {
    const [first, second] = await Promise.all([
      resolveJwtSecret(handle.db, undefined),
      resolveJwtSecret(handle.db, undefined),
    ]);
    expect(Buffer.from(first).toString()).toBe(Buffer.from(second).toString());
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(await handle.db.select({ n: count() }).from(settings)).toEqual([{ n: 1 }]);
  });

  it("prefers a configured JWT secret", async () => {
    const secret = await resolveJwtSecret(handle.db, "c".repeat(40));
    expect(Buffer.from(secret).toString()).toBe("c".repeat(40));
  });

  it("refuses a second user with the same email in another case", async () => {
    const [admin] = await handle.db.select().from(users).limit(1);
    await expect(
      handle.db
        .insert(users)
        .values({ ...admin!, id: "30000000-0000-4000-8000-0000000000aa", email: admin!.email.toUpperCase() }),
    ).rejects.toThrow();
  });
});
