/**
 * Records search (docs/api.md "Records search", GET /api/search): per role on the seeded data plus
 * records of our own in two accounts (Brilliant Gems: the admin's, manager's and user's; Lapis
 * Traders: another). A role finds only kinds whose list it may open, only rows that list shows it
 * (every result is in the list's own answer), never another account's; at most five per kind,
 * titles starting with what was typed first; a test by its id; malformed q refused with 400.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEARCH_KINDS, SEARCH_PER_KIND, type SearchAnswer, type SearchKind } from "../../src/api/search";
import type { Role } from "../../src/api/types";
import { LIST_ACCESS } from "../../server/src/search/routes";
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
