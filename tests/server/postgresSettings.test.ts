/**
 * How the service's PostgreSQL connections are set up (server/src/db/client.ts). On the embedded
 * database (the default `npm test`) there is nothing to check: `npm run test:pg` runs it on
 * PostgreSQL.
 */
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { rowsOf } from "../../server/src/resources/sql";
import { openTestDatabase } from "./helpers";

it("runs the service's statements without JIT compilation (bench/scale.ts: ~0.3 s of a few-ms list)", async (context) => {
  const { handle, dispose } = await openTestDatabase();
  try {
    if (handle.driver !== "postgres") context.skip();
    const [row] = await rowsOf(handle.db, sql`select current_setting('jit') as jit`);
    expect(row!.jit).toBe("off");
  } finally {
    await handle.close();
    await dispose();
  }
});
