/**
 * The records search reads its trigram indexes (migration 0016; docs/api.md "Records search"). The
 * planner uses an expression index only for the very expression it holds, so each kind's matched
 * text is spelled as its index is: left no other way to read a table but a bitmap scan of its
 * search indexes, a super admin's search plans every kind on its index, and a search or an index changed alone fails here instead of quietly
 * scanning again. Also the edges of that spelling (|| instead of concat_ws): a nullable field left
 * out when null, and a parked invitation's user found by the email it shows, not its placeholder.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Invitation } from "../../src/api/resources";
import type { SearchAnswer } from "../../src/api/search";
import { devices } from "../../server/src/db/schema";
import { searchStatement } from "../../server/src/search/routes";
import { createTestApp, type TestApp } from "./helpers";
import { expectReadThrough } from "./indexPlans";
import { A, tokens, U, type Who } from "./records";
import { call } from "./resourceHelpers";

/** Migration 0016's indexes: each kind's trigram index, and the parked users' (users/parkedInvitations.ts). */
const SEARCH_INDEXES = [
  "accounts_search_trgm_idx",
  "businesses_search_trgm_idx",
  "users_search_trgm_idx",
  "users_parked_idx",
  "devices_search_trgm_idx",
  "tests_search_trgm_idx",
];

let t: TestApp;
let token: (who: Who) => Promise<string>;
beforeAll(async () => {
  t = await createTestApp();
  token = tokens(() => t.app);
});
afterAll(() => t.close());

const search = async (who: Who, q: string) => {
  const response = await call(t, await token(who), "GET", `/api/search?q=${encodeURIComponent(q)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SearchAnswer>().results;
};

describe("GET /api/search and its trigram indexes", () => {
  it("plans every kind of a super admin's search on its index", async () => {
    const { statement } = searchStatement({ id: U.superAdmin, role: "SuperAdmin", accountId: A.gemtestHq }, "zephyr");
    await expectReadThrough(t.db, ["accounts", "businesses", "users", "devices", "tests"], SEARCH_INDEXES, statement!);
  });

  it("finds a device across its serial number and box name, its phone model null or not", async () => {
    const created = await call(t, await token("superAdmin"), "POST", "/api/devices", {
      serialNumber: "TRGM-NULLMODEL-1",
      customBoxName: "Quartzbox",
      typeCode: 5001,
      accountId: A.brilliantGems,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: string }>();
    const found = async (q: string) =>
      (await search("admin", q)).filter((result) => result.kind === "devices").map((result) => result.id);
    expect(await found("nullmodel-1 quartzbox")).toEqual([id]);
    await t.db
      .update(devices)
      .set({ phoneModel: "Galaxy S24" })
      .where(sql`${devices.id} = ${id}`);
    expect(await found("quartzbox galaxy")).toEqual([id]);
    expect(await found("nullmodel-1 quartzbox")).toEqual([id]);
  });

  it("finds a parked invitation's user by the email it shows, not by its placeholder", async () => {
    const invited = await call(t, await token("admin"), "POST", "/api/invitations", {
      email: "pastdue@example.com",
      firstName: "Trigram",
      lastName: "Parked",
      role: "User",
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const { userId } = invited.json<Invitation>();
    for (const who of ["admin", "superAdmin"] as const) {
      const users = async (q: string) =>
        (await search(who, q)).filter((result) => result.kind === "users").map((result) => result.id);
      expect(await users("trigram parked pastdue@")).toEqual([userId]);
      expect(await users("parked.invalid")).toEqual([]);
      expect(await users(`invited-${userId}`)).toEqual([]);
    }
  });
});
