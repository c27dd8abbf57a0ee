/**
 * A list's `q` (resources/search.ts): its fields side by side, matched once on the text a trigram
 * index holds (migration 0016), and a referenced record's name (an account's or a business's owner,
 * an activity entry's actor) found first on the users' own index, then matched by the reference
 * (migration 0018). Held here: the plans read those indexes (a search of a million tests or a
 * hundred thousand accounts read every row before), the two ways of matching a reference answer the
 * same rows, and a full name typed as shown is found.
 */
import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Account, Invitation } from "../../src/api/resources";
import { accountDefinition } from "../../server/src/accounts/routes";
import { activityDefinition } from "../../server/src/activity/routes";
import { businessDefinition } from "../../server/src/businesses/routes";
import type { Caller, ResourceDefinition } from "../../server/src/resources/definition";
import { listPage, parseList, parseListIn } from "../../server/src/resources/list";
import { findThrough, THROUGH_IDS } from "../../server/src/resources/search";
import { raw } from "../../server/src/resources/sql";
import { galleryConditions } from "../../server/src/testRecords/gallery";
import { userDefinition } from "../../server/src/users/resource";
import { createTestApp, type TestApp } from "./helpers";
import { expectReadThrough } from "./indexPlans";
import { A, tokens, U, type Who } from "./records";
import { call, listUrl } from "./resourceHelpers";

let t: TestApp;
let token: (who: Who) => Promise<string>;
beforeAll(async () => {
  t = await createTestApp();
  token = tokens(() => t.app);
});
afterAll(() => t.close());

const superAdmin: Caller = { id: U.superAdmin, role: "SuperAdmin", accountId: A.gemtestHq };
const query = (q: string) => ({ filter: JSON.stringify({ q }), range: "[0,99]" });

const readThrough = (tables: string[], indexes: string[], statement: SQL) =>
  expectReadThrough(t.db, tables, indexes, statement);

/** An owner's full name as the accounts list shows it, and that account. */
async function someOwner(): Promise<{ account: Account; first: string }> {
  const response = await call(t, await token("superAdmin"), "GET", listUrl("accounts", { range: [0, 99] }));
  const account = response.json<Account[]>().find((row) => row.ownerName)!;
  return { account, first: account.ownerName!.split(" ")[0]! };
}

const idsOf = async (def: ResourceDefinition, where: SQL) =>
  (await listPage(t.db, def, { where, sortField: "id", order: "ASC", start: 0, end: 99 })).records.map((row) => row.id);

describe("a list's q", () => {
  it("reads the searched tables' trigram indexes and the owner's reference, not every row", async () => {
    const { account } = await someOwner();
    const parsed = await parseListIn(t.db, accountDefinition, superAdmin, query(account.ownerName!));
    await readThrough(
      ["accounts"],
      ["accounts_search_trgm_idx", "accounts_owner_id_idx"],
      sql`select 1 from ${raw(accountDefinition.from)} where ${parsed.where}`,
    );
    const [owners] = accountDefinition.search.through;
    await readThrough(["users"], ["users_full_name_trgm_idx"], owners!.ids(`%${account.ownerName}%`));
    await readThrough(
      ["tests"],
      ["tests_search_trgm_idx"],
      sql`select 1 from tests where ${galleryConditions({ id: U.superAdmin, role: "SuperAdmin", accountId: A.gemtestHq }, { q: "zephyr" })}`,
    );
  });

  it("reads the users' trigram index and the parked users' index, and finds a parked user by the email it shows", async () => {
    const parsed = await parseListIn(t.db, userDefinition, superAdmin, query("zephyr"));
    await readThrough(
      ["users"],
      ["users_search_trgm_idx", "users_parked_idx"],
      sql`select 1 from ${raw(userDefinition.from)} where ${parsed.where}`,
    );

    const invited = await call(t, await token("admin"), "POST", "/api/invitations", {
      email: "listsearch-shown@example.com",
      firstName: "Listsearch",
      lastName: "Parked",
      role: "User",
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const { userId } = invited.json<Invitation>();
    const found = async (q: string) =>
      (await call(t, await token("admin"), "GET", listUrl("users", { filter: { q } })))
        .json<{ id: string }[]>()
        .map((row) => row.id);
    expect(await found("listsearch parked listsearch-shown@")).toEqual([userId]);
    expect(await found("parked.invalid")).toEqual([]);
  });

  it("answers the same rows whether a reference is matched by the ids found or on the joined row", async () => {
    const { account, first } = await someOwner();
    const qs = [
      first,
      account.ownerName!,
      account.ownerName!.toUpperCase(),
      "gems",
      "nobody-by-that-name",
      "100%",
      "a",
    ];
    let byIds = 0;
    for (const def of [accountDefinition, businessDefinition, activityDefinition]) {
      for (const q of qs) {
        const joined = parseList(def, superAdmin, query(q));
        const found = await parseListIn(t.db, def, superAdmin, query(q));
        const [ids] = await findThrough(t.db, def.search, q);
        if (ids && ids.length > 0) byIds++;
        expect(await idsOf(def, found.where), `${def.name} q=${q}`).toEqual(await idsOf(def, joined.where));
      }
    }
    // Some of them were matched by ids: the comparison compared something.
    expect(byIds).toBeGreaterThan(3);
    expect(
      await idsOf(accountDefinition, (await parseListIn(t.db, accountDefinition, superAdmin, query(first))).where),
    ).toContain(account.id);
  });

  it(`matches a reference on the joined row past ${THROUGH_IDS} referenced records`, async () => {
    const [many] = await findThrough(t.db, accountDefinition.search, "a");
    expect(many).toBeUndefined();
    const { account } = await someOwner();
    const [few] = await findThrough(t.db, accountDefinition.search, account.ownerName!);
    expect(few!.length).toBeGreaterThan(0);
    expect(few!.length).toBeLessThanOrEqual(THROUGH_IDS);
  });

  it("finds a full name as it is shown, first and last name side by side", async () => {
    const { account } = await someOwner();
    const su = await token("superAdmin");
    const accounts = await call(t, su, "GET", listUrl("accounts", { filter: { q: account.ownerName } }));
    expect(accounts.json<Account[]>().map((row) => row.id)).toContain(account.id);
    const users = await call(t, su, "GET", listUrl("users", { filter: { q: account.ownerName } }));
    expect(users.json<{ id: string }[]>().map((row) => row.id)).toContain(account.ownerId);
  });
});
