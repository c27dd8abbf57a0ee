/**
 * Records search (docs/api.md "Records search", GET /api/search): per role on the seeded data plus
 * records of our own in two accounts (Brilliant Gems: the admin's, manager's and user's; Lapis
 * Traders: another). A role finds only kinds whose list it may open, only rows that list shows it
 * (every result is in the list's own answer), never another account's; at most five per kind,
 * titles starting with what was typed first; a test by its id; malformed q refused with 400.
 */
import { sql, TransactionRollbackError, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEARCH_KINDS, SEARCH_PER_KIND, type SearchAnswer, type SearchKind } from "../../src/api/search";
import type { Role } from "../../src/api/types";
import type { Caller } from "../../server/src/resources/definition";
import { rowsOf } from "../../server/src/resources/sql";
import { LIST_ACCESS, searchStatement } from "../../server/src/search/routes";
import { CONTRACT } from "../fixtures/contract";
import { createTestApp, expectAnswer, type TestApp } from "./helpers";
import { SEED_DEVICE_IDS } from "../../server/src/db/seedTests";
import { A, B, insertTest, tokens, U, type Who } from "./records";
import { call, listUrl } from "./resourceHelpers";

let t: TestApp;
let token: (who: Who) => Promise<string>;

const ROLE_OF: Record<"superAdmin" | "admin" | "manager" | "user", Role> = {
  superAdmin: "SuperAdmin",
  admin: "Admin",
  manager: "Manager",
  user: "User",
};
const WHO = Object.keys(ROLE_OF) as (keyof typeof ROLE_OF)[];

/** Our records, by account: ids of what each account holds that matches "zephyr". */
const ours = {
  brilliant: {} as Partial<Record<SearchKind, string>>,
  lapis: {} as Partial<Record<SearchKind, string>>,
};
let zephyrAccountId = "";
let pastedTestId = "";

const search = async (who: Who, q: string) => {
  const response = await call(t, await token(who), "GET", `/api/search?q=${encodeURIComponent(q)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SearchAnswer>().results;
};

const created = async (url: string, payload: object) => {
  const response = await call(t, await token("superAdmin"), "POST", url, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
};

beforeAll(async () => {
  t = await createTestApp();
  token = tokens(() => t.app);
  zephyrAccountId = await created("/api/accounts", {
    name: "Zephyr Holdings",
    email: "zephyr-holdings@example.com",
    country: "GB",
  });
  for (const [key, accountId] of [
    ["brilliant", A.brilliantGems],
    ["lapis", A.lapisTraders],
  ] as const) {
    const label = key === "brilliant" ? "Brilliant" : "Lapis";
    ours[key].businesses = await created("/api/businesses", {
      name: `Zephyr ${label} site`,
      address: "1 Wind Street",
      city: "Leeds",
      country: "GB",
      accountId,
    });
    ours[key].users = await created("/api/users", {
      firstName: "Zephyr",
      lastName: `${label}person`,
      email: `zephyr.${key}@example.com`,
      role: "User",
      accountId,
      businessId: null,
    });
    ours[key].devices = await created("/api/devices", {
      serialNumber: `ZEPHYR-${label.toUpperCase()}-1`,
      typeCode: 5001,
      accountId,
    });
    const test = await insertTest(t.db, t.storage, {
      accountId,
      businessId: key === "brilliant" ? B.brilliantLondon : B.lapisMain,
      name: `Zephyr ${label} emerald`,
      sku: `ZSKU-${label.toUpperCase()}`,
      customer: "Mistral Jewellers",
      photos: 0,
      ...(key === "lapis" ? { createdBy: U.pastDueAdmin, deviceId: SEED_DEVICE_IDS.lapisWatson } : {}),
    });
    ours[key].tests = test.id;
  }
  pastedTestId = ours.brilliant.tests!;
  for (const who of WHO) await token(who);
});
afterAll(() => t.close());

const idsOf = (results: { kind: SearchKind; id: string }[], kind: SearchKind) =>
  results.filter((result) => result.kind === kind).map((result) => result.id);

describe("GET /api/search", () => {
  it("a super admin finds every account's records of every kind", async () => {
    const results = await search("superAdmin", "zephyr");
    expect(idsOf(results, "accounts")).toEqual([zephyrAccountId]);
    for (const kind of ["businesses", "users", "devices", "tests"] as const) {
      expect(new Set(idsOf(results, kind)), kind).toEqual(new Set([ours.brilliant[kind], ours.lapis[kind]]));
    }
    // Kind by kind, in the answer's order.
    const kinds = results.map((result) => result.kind);
    expect(kinds).toEqual([...kinds].sort((a, b) => SEARCH_KINDS.indexOf(a) - SEARCH_KINDS.indexOf(b)));
  });

  it.each(["admin", "manager", "user"] as const)(
    "a %s finds only its own account's records, and only kinds its lists show",
    async (who) => {
      const results = await search(who, "zephyr");
      const role = ROLE_OF[who];
      const own = Object.values(ours.brilliant);
      const others = [...Object.values(ours.lapis), zephyrAccountId];
      expect(results.filter((result) => others.includes(result.id))).toEqual([]);
      expect(results.every((result) => own.includes(result.id))).toBe(true);
      const expected = (["businesses", "users", "devices", "tests"] as const).filter(
        (kind) => LIST_ACCESS[kind] === "signedIn" || (LIST_ACCESS[kind] as readonly Role[]).includes(role),
      );
      expect(results.map((result) => result.kind).sort()).toEqual([...expected].sort());
      // Another account's record typed by its exact name or id: still nothing.
      expect(await search(who, "Zephyr Lapis site")).toEqual([]);
      expect(await search(who, ours.lapis.tests!)).toEqual([]);
      expect(await search(who, "Lapis Traders")).toEqual([]);
    },
  );

  it("searches a kind only for the roles whose list answers (the same access as each list route)", async () => {
    for (const who of WHO) {
      for (const kind of SEARCH_KINDS) {
        const list = await call(t, await token(who), "GET", listUrl(kind === "tests" ? "tests" : kind));
        const access = LIST_ACCESS[kind];
        const searched = access === "signedIn" || (access !== "public" && access.includes(ROLE_OF[who]));
        expect({ who, kind, listed: list.statusCode === 200 }).toEqual({ who, kind, listed: searched });
      }
    }
  });

  it.each(WHO)("every record a %s finds is in its list's own answer for the same text", async (who) => {
    for (const q of ["zephyr", "Brilliant", "GT-", "SKU-1", "a"]) {
      const results = await search(who, q);
      for (const kind of SEARCH_KINDS) {
        const found = idsOf(results, kind);
        if (found.length === 0) continue;
        // The list of those ids, with its scope: what it answers is what the caller may see.
        const list = await call(t, await token(who), "GET", listUrl(kind, { filter: { id: found }, range: [0, 99] }));
        if (kind === "tests") {
          // The gallery takes no id filter: each test's own page, within the same scope.
          for (const id of found) {
            const one = await call(t, await token(who), "GET", `/api/v3/tests/${id}`);
            expect({ who, q, id, status: one.statusCode }).toEqual({ who, q, id, status: 200 });
          }
          continue;
        }
        expect(list.statusCode).toBe(200);
        const listed = list.json<{ id: string }[]>().map((row) => row.id);
        expect({ who, q, kind, found: [...found].sort() }).toEqual({ who, q, kind, found: [...listed].sort() });
      }
    }
  });

  it("finds a device by part of its serial number, a test by SKU, customer or its id, a person by full name", async () => {
    const admin = "admin" as const;
    expect(idsOf(await search(admin, "phyr-brill"), "devices")).toEqual([ours.brilliant.devices]);
    expect(idsOf(await search(admin, "zsku-b"), "tests")).toEqual([ours.brilliant.tests]);
    expect(idsOf(await search(admin, "mistral"), "tests")).toEqual([ours.brilliant.tests]);
    expect(await search(admin, pastedTestId)).toEqual([
      expect.objectContaining({ kind: "tests", id: pastedTestId, title: "Zephyr Brilliant emerald" }),
    ]);
    expect(idsOf(await search(admin, "zephyr brilliantperson"), "users")).toEqual([ours.brilliant.users]);
    // Wildcards are taken literally.
    expect(await search(admin, "%")).toEqual([]);
    expect(await search(admin, "_")).toEqual([]);
  });

  it("answers at most five of each kind, titles starting with the text first", async () => {
    const results = await search("superAdmin", "e");
    for (const kind of SEARCH_KINDS) expect(idsOf(results, kind).length).toBeLessThanOrEqual(SEARCH_PER_KIND);
    expect(idsOf(results, "tests")).toHaveLength(SEARCH_PER_KIND);
    const tests = (await search("superAdmin", "zephyr b")).filter((result) => result.kind === "businesses");
    expect(tests[0]).toMatchObject({ title: "Zephyr Brilliant site", detail: "Leeds · Brilliant Gems Ltd" });
    // A title starting with the text comes before one that only contains it.
    const ordered = await search("superAdmin", "emerald");
    const titles = ordered.filter((result) => result.kind === "tests").map((result) => result.title);
    const starts = titles.map((title) => title.toLowerCase().startsWith("emerald"));
    expect(starts).toEqual([...starts].sort((a, b) => Number(b) - Number(a)));
  });

  it("answers a q many tests or users hold as sorting every match did: titles starting with it first, then by title and id", async () => {
    // Our tests holding "quokka": fewer than five titles start with it (two alike but for case:
    // the id decides), so the others follow; a SKU match, a deleted one, another account's.
    const named = async (name: string, options: Parameters<typeof insertTest>[2] = {}) =>
      (await insertTest(t.db, t.storage, { name, photos: 0, ...options })).id;
    const mine = {
      beta: await named("Quokka beta", { sku: "QK-1", customer: "Wombat & Co" }),
      alphaOne: await named("quokka Alpha"),
      alphaTwo: await named("QUOKKA alpha"),
      inside: await named("Alpha quokka"),
      last: await named("Zulu quokka"),
      bySku: await named("Beta stone", { sku: "QK-QUOKKA-9" }),
    };
    await named("Mid quokka", { deletedAt: new Date() });
    const lapis = await named("Quokka lapis", {
      accountId: A.lapisTraders,
      businessId: B.lapisMain,
      createdBy: U.pastDueAdmin,
      deviceId: SEED_DEVICE_IDS.lapisWatson,
    });
    const [alphaFirst, alphaSecond] = [mine.alphaOne, mine.alphaTwo].sort();
    const testsOf = (results: SearchAnswer["results"]) =>
      results.filter((result) => result.kind === "tests").map(({ id, title, detail }) => ({ id, title, detail }));

    const admin = testsOf(await search("admin", "quokka"));
    expect(admin.map((row) => row.id)).toEqual([alphaFirst, alphaSecond, mine.beta, mine.inside, mine.bySku]);
    expect(admin[2]).toEqual({ id: mine.beta, title: "Quokka beta", detail: "QK-1 · Wombat & Co" });
    const superAdmin = testsOf(await search("superAdmin", "quokka"));
    expect(superAdmin.map((row) => row.id)).toEqual([alphaFirst, alphaSecond, mine.beta, lapis, mine.inside]);
    expect(superAdmin[2]!.detail).toBe("QK-1 · Wombat & Co · Brilliant Gems Ltd");

    // Users alike (read in the same two parts): by full name, one by its email alone.
    const person = (firstName: string, lastName: string, accountId: string = A.brilliantGems, email?: string) =>
      created("/api/users", {
        firstName,
        lastName,
        email: email ?? `${firstName}.${lastName}.${accountId.slice(0, 4)}@example.com`.toLowerCase(),
        role: "User",
        accountId,
        businessId: null,
      });
    const people = {
      beta: await person("Quokka", "beta"),
      alphaOne: await person("quokka", "Alpha"),
      alphaTwo: await person("QUOKKA", "alpha", A.brilliantGems, "second.alpha@example.com"),
      inside: await person("Alpha", "Quokka"),
      last: await person("Zulu", "Quokka"),
      byEmail: await person("Beta", "Stone", A.brilliantGems, "quokka.stone@example.com"),
      lapis: await person("Quokka", "lapis", A.lapisTraders),
    };
    const [personFirst, personSecond] = [people.alphaOne, people.alphaTwo].sort();
    const usersOf = async (who: Who) => idsOf(await search(who, "quokka"), "users");
    expect(await usersOf("admin")).toEqual([personFirst, personSecond, people.beta, people.inside, people.byEmail]);
    expect(await usersOf("superAdmin")).toEqual([personFirst, personSecond, people.beta, people.lapis, people.inside]);

    // Beside the statement before (every match joined to its device, account and business and
    // sorted), for a few q, whatever plan reads them: as planned, and walking the names' indexes
    // (users: the same as planned).
    const callers: Record<"superAdmin" | "admin", Caller> = {
      superAdmin: { id: U.superAdmin, role: "SuperAdmin", accountId: A.gemtestHq },
      admin: { id: U.admin, role: "Admin", accountId: A.brilliantGems },
    };
    const before = (caller: Caller, q: string): SQL => {
      const escaped = q.replace(/[\\%_]/g, (c) => `\\${c}`);
      const super_ = caller.role === "SuperAdmin";
      return sql`select t.id, t.name as "title",
          coalesce(concat_ws(' · ', nullif(t.sku, ''), nullif(t.customer, ''), ${super_ ? sql`a.name` : sql`null`}), '') as "detail"
        from tests t join devices d on d.id = t.device_id join accounts a on a.id = t.account_id
          join businesses b on b.id = t.business_id
        where t.deleted_at is null and ${super_ ? sql`true` : sql`t.account_id = ${caller.accountId}`}
          and (concat_ws(' ', t.name, t.sku, t.customer, t.vendor_name) ilike ${`%${escaped}%`} or t.id = ${q})
        order by t.name ilike ${`${escaped}%`} desc, lower(t.name), t.id limit 5`;
    };
    const read = async (statement: SQL, walk: boolean) => {
      let rows: unknown[] = [];
      await t.db
        .transaction(async (tx) => {
          if (walk)
            for (const scan of ["seqscan", "bitmapscan"])
              await tx.execute(sql`select set_config(${`enable_${scan}`}, 'off', true)`);
          rows = await rowsOf(tx, statement);
          tx.rollback();
        })
        .catch((error: unknown) => {
          if (!(error instanceof TransactionRollbackError)) throw error;
        });
      return rows as { kind?: string; id: string; title: string; detail: string }[];
    };
    for (const who of ["superAdmin", "admin"] as const) {
      for (const q of ["quokka", "QUOKKA a", "alpha", "e", "emerald", "stone", "qk-", pastedTestId]) {
        const expected = await read(before(callers[who], q), false);
        const answer = await search(who, q);
        expect({ who, q, rows: testsOf(answer) }).toEqual({ who, q, rows: expected });
        // (Walking took PostgreSQL about a second per super admin's statement: a few q only.)
        for (const walk of ["quokka", "QUOKKA a", "e"].includes(q) ? [false, true] : [false]) {
          const rows = (await read(searchStatement(callers[who], q).statement!, walk)) as SearchAnswer["results"];
          expect({ who, q, walk, tests: testsOf(rows), users: idsOf(rows, "users") }).toEqual({
            who,
            q,
            walk,
            tests: expected,
            users: idsOf(answer, "users"),
          });
        }
      }
    }
  });

  it.each([
    ["missing", ""],
    ["empty", "?q="],
    ["spaces", "?q=%20%20"],
    ["too long", `?q=${"x".repeat(101)}`],
    ["a NUL", "?q=a%00b"],
    ["an unknown parameter", "?q=a&x=1"],
    ["a list", "?q=a&q=b"],
  ])("refuses q %s with 400 and a message", async (_name, query) => {
    const response = await call(t, await token("admin"), "GET", `/api/search${query}`);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/\w/);
  });

  it("answers in the contract's shape (the console's fixtures), and refuses an empty q in its words", async () => {
    expectAnswer(await call(t, await token("superAdmin"), "GET", "/api/search?q=brilliant"), CONTRACT.search.found);
    expectAnswer(await call(t, await token("user"), "GET", "/api/search?q=nothing-like-this"), CONTRACT.search.nothing);
    expectAnswer(await call(t, await token("user"), "GET", "/api/search?q="), CONTRACT.search.emptyQuery);
  });

  it("needs a token", async () => {
    expect((await call(t, undefined, "GET", "/api/search?q=zephyr")).statusCode).toBe(401);
  });
});
