/**
 * How the service's PostgreSQL connections are set up (server/src/db/client.ts): checked on the
 * configuration everywhere, and on the connection itself where the tests run on PostgreSQL
 * (`npm run test:pg`; the embedded database has no JIT to turn off).
 */
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { postgresPoolConfig } from "../../server/src/db/client";
import { rowsOf } from "../../server/src/resources/sql";
import { openTestDatabase } from "./helpers";

it("runs the service's statements without JIT compilation (bench/scale.ts: ~0.3 s of a few-ms list)", async () => {
  expect(postgresPoolConfig("postgres://localhost/gemtest").options).toBe("-c jit=off");
  const { handle, dispose } = await openTestDatabase();
  try {
    if (handle.driver === "postgres") {
      const [row] = await rowsOf(handle.db, sql`select current_setting('jit') as jit`);
      expect(row!.jit).toBe("off");
    }
  } finally {
    await handle.close();
    await dispose();
  }
});
