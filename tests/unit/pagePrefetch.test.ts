/**
 * A page's first lists asked for ahead (issue 13): remembered per user and path from the calls a
 * page makes right after it opens, asked again when the page is asked for, and handed to the page
 * when it asks for the very same list — once, and not long after.
 */
import { describe, expect, it, vi } from "vitest";
import type { GetListParams, GetListResult } from "react-admin";
import { createMemoryStorage } from "../../src/authProvider/session";
import { declaredFirstCall } from "../../src/access/declaredFirstData";
import { createPagePrefetch, FIRST_DATA_MS, PREFETCH_KEPT_MS } from "../../src/dataProvider/pagePrefetch";

const accounts: GetListParams = {
  pagination: { page: 1, perPage: 25 },
  sort: { field: "createdAt", order: "DESC" },
  filter: {},
};
const savedQueries: GetListParams = {
  pagination: { page: 1, perPage: 100 },
  sort: { field: "id", order: "ASC" },
  filter: { resource: "accounts" },
};

const SUPER_ADMIN = { id: "u1", role: "SuperAdmin" as const, accountId: "a1" };
/** What a page declares for the demo super admin, who may open every list. */
const declared = (path: string) => declaredFirstCall(path, SUPER_ADMIN);

function setUp() {
  const storage = createMemoryStorage();
  const state = { user: "u1", path: "/accounts", time: 1_000 };
  const deps = { storage, userId: () => state.user, pathname: () => state.path, now: () => state.time };
  let calls = 0;
  const getList = vi.fn(async (resource: string, params: GetListParams): Promise<GetListResult> => {
    calls += 1;
    return { data: [{ id: `${resource}-${calls}` }], total: calls, pageInfo: undefined, meta: params.meta };
  });
  return { storage, state, deps, getList };
}

/** The page opens and asks for its lists, as react-admin does (with a signal each time). */
async function visit(
  prefetch: ReturnType<typeof createPagePrefetch>,
  getList: ReturnType<typeof setUp>["getList"],
  ...lists: [string, GetListParams][]
) {
  return Promise.all(
    lists.map(([resource, params]) =>
      prefetch.getList(resource, { ...params, signal: new AbortController().signal }, getList),
    ),
  );
}

describe("a page's first lists, asked for ahead", () => {
  it("are asked for when the page is asked for, and the page takes the answer instead of asking again", async () => {
    const { deps, state, getList } = setUp();
    const first = createPagePrefetch(deps);
    await visit(first, getList, ["accounts", accounts], ["savedQueries", savedQueries]);
    expect(getList).toHaveBeenCalledTimes(2);

    // Next visit (another page load: the remembered calls are in the browser's storage).
    const next = createPagePrefetch(deps);
    state.path = "/home";
    state.time += 60_000;
    next.prefetch("/accounts", getList);
    expect(getList).toHaveBeenCalledTimes(4);
    state.path = "/accounts";
    state.time += 200;
    const answers = await visit(next, getList, ["accounts", accounts], ["savedQueries", savedQueries]);
    expect(getList).toHaveBeenCalledTimes(4);
    expect(answers.map((answer) => answer.data[0]!.id)).toEqual(["accounts-3", "savedQueries-4"]);

    // Taken once: the page asking again (a refresh) asks the service.
    await visit(next, getList, ["accounts", accounts]);
    expect(getList).toHaveBeenCalledTimes(5);
  });

  it("leaves the page to ask for another list itself, and forgets an answer nobody took", async () => {
    const { deps, state, getList } = setUp();
    const prefetch = createPagePrefetch(deps);
    await visit(prefetch, getList, ["accounts", accounts]);
    state.path = "/home";
    prefetch.prefetch("/accounts", getList);
    state.path = "/accounts";
    const sorted: GetListParams = { ...accounts, sort: { field: "name", order: "ASC" } };
    await visit(prefetch, getList, ["accounts", sorted]);
    expect(getList).toHaveBeenCalledTimes(3);
    expect(getList).toHaveBeenLastCalledWith("accounts", expect.objectContaining({ sort: sorted.sort }));

    state.path = "/home";
    prefetch.prefetch("/accounts", getList);
    state.time += PREFETCH_KEPT_MS + 1;
    state.path = "/accounts";
    await visit(prefetch, getList, ["accounts", sorted]);
    expect(getList).toHaveBeenCalledTimes(5);
  });

  it("remembers only the calls of the page's first moments, and per user", async () => {
    const { deps, state, getList } = setUp();
    const prefetch = createPagePrefetch(deps);
    await visit(prefetch, getList, ["accounts", accounts]);
    // The user at work later on the page: a search is not the page's first data.
    state.time += FIRST_DATA_MS + 1;
    await visit(prefetch, getList, ["accounts", { ...accounts, filter: { q: "acme" } }]);
    getList.mockClear();
    prefetch.prefetch("/accounts", getList);
    expect(getList.mock.calls.map(([, params]) => params.filter)).toEqual([{}]);

    getList.mockClear();
    state.user = "u2";
    createPagePrefetch(deps).prefetch("/accounts", getList);
    state.user = "";
    createPagePrefetch(deps).prefetch("/accounts", getList);
    expect(getList).not.toHaveBeenCalled();
  });

  it("keeps a failure for the page to show, never as an unhandled rejection", async () => {
    const { deps, state, getList } = setUp();
    const prefetch = createPagePrefetch(deps);
    await visit(prefetch, getList, ["accounts", accounts]);
    getList.mockRejectedValueOnce(new Error("Service unavailable"));
    state.path = "/home";
    prefetch.prefetch("/accounts", getList);
    state.path = "/accounts";
    await expect(visit(prefetch, getList, ["accounts", accounts])).rejects.toThrow("Service unavailable");
  });

  it("survives storage it cannot read or write", async () => {
    const { deps, storage, getList } = setUp();
    storage.setItem("page-first-data", "{not json");
    const prefetch = createPagePrefetch({
      ...deps,
      storage: {
        ...storage,
        getItem: storage.getItem,
        setItem: () => {
          throw new Error("QuotaExceededError");
        },
      } as Storage,
    });
    await expect(visit(prefetch, getList, ["accounts", accounts])).resolves.toHaveLength(1);
    prefetch.prefetch("/accounts", getList);
    expect(getList).toHaveBeenCalledTimes(1);
  });

  it("asks a first visit for what the page declares, and the page takes that answer", async () => {
    const { deps, state, getList } = setUp();
    const prefetch = createPagePrefetch({ ...deps, declared });
    state.path = "/";
    prefetch.prefetch("/accounts", getList);
    expect(getList).toHaveBeenCalledTimes(1);
    state.path = "/accounts";
    const [answer] = await visit(prefetch, getList, ["accounts", accounts]);
    expect(getList).toHaveBeenCalledTimes(1);
    expect(answer!.data[0]!.id).toBe("accounts-1");
  });

  it("asks for what the page asked for last time rather than what it declares", async () => {
    const { deps, state, getList } = setUp();
    const sorted: GetListParams = { ...accounts, sort: { field: "name", order: "ASC" } };
    await visit(createPagePrefetch(deps), getList, ["accounts", sorted]);
    getList.mockClear();
    state.path = "/";
    createPagePrefetch({ ...deps, declared }).prefetch("/accounts", getList);
    expect(getList.mock.calls).toEqual([["accounts", sorted]]);
  });
});

describe("an answer asked for ahead", () => {
  it("is never handed to another user (a sign-out and a sign-in in the same tab)", async () => {
    const { deps, state, getList } = setUp();
    const prefetch = createPagePrefetch({ ...deps, declared });
    state.path = "/";
    prefetch.prefetch("/accounts", getList);
    expect(getList).toHaveBeenCalledTimes(1);
    state.user = "u2";
    state.path = "/accounts";
    const [answer] = await visit(prefetch, getList, ["accounts", accounts]);
    expect(getList).toHaveBeenCalledTimes(2);
    expect(answer!.data[0]!.id).toBe("accounts-2");
  });

  it("is not handed out once something was written after it was asked for", async () => {
    const { deps, state, getList } = setUp();
    const prefetch = createPagePrefetch({ ...deps, declared });
    state.path = "/";
    prefetch.prefetch("/accounts", getList);
    prefetch.forget();
    state.path = "/accounts";
    await visit(prefetch, getList, ["accounts", accounts]);
    expect(getList).toHaveBeenCalledTimes(2);
  });
});

describe("a list screen's declared first call", () => {
  it("is its contract's default query on the first page at the default page size", () => {
    expect(declared("/accounts")).toEqual({ resource: "accounts", params: accounts });
    expect(declared("/users")?.params.sort).toEqual({ field: "lastName", order: "ASC" });
  });

  it("is nothing for a screen that is not a resource's list", () => {
    expect(declared("/")).toBeUndefined();
    expect(declared("/accounts/:id")).toBeUndefined();
    expect(declared("/accounts/acc-1")).toBeUndefined();
  });

  it("is nothing for a screen the user may not open: its not-found view asks for nothing", () => {
    const admin = { ...SUPER_ADMIN, role: "Admin" as const };
    const manager = { ...SUPER_ADMIN, role: "Manager" as const };
    expect(declaredFirstCall("/accounts", admin)).toBeUndefined();
    expect(declaredFirstCall("/discounts", admin)).toBeUndefined();
    expect(declaredFirstCall("/firmware", manager)).toBeUndefined();
    expect(declaredFirstCall("/accounts", { ...SUPER_ADMIN, role: null })).toBeUndefined();
    expect(declaredFirstCall("/users", admin)?.resource).toBe("users");
    expect(declaredFirstCall("/devices", manager)?.resource).toBe("devices");
  });
});
