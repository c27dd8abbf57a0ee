/**
 * The console's real dataProvider: a list answer asked for ahead (pagePrefetch.ts) is not handed to
 * a page once a write went out after it — the list asking again after a save gets the service's
 * answer, not the one from before the save.
 */
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { declaredFirstCall } from "../../src/access/declaredFirstData";
import { tokenExpiringIn } from "./helpers/jwt";
import { signedInDataProvider, TEST_API_BASE, TEST_NOW } from "./helpers/signedInDataProvider";

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe("a list answer asked for ahead, then a write", () => {
  for (const write of ["create", "update", "updateMany", "delete", "deleteMany"] as const) {
    it(`${write}: the page's list is asked for again`, async () => {
      let lists = 0;
      server.use(
        http.get(`${TEST_API_BASE}/accounts`, () => {
          lists += 1;
          return HttpResponse.json([{ id: `a-${lists}` }], { headers: { "Content-Range": "accounts 0-0/1" } });
        }),
        http.all(`${TEST_API_BASE}/accounts*`, () => HttpResponse.json({ id: "a-1" })),
      );
      const { dataProvider, session } = signedInDataProvider(tokenExpiringIn(3600, TEST_NOW, { v: 1 }), "SuperAdmin");
      await dataProvider.prefetchPage("/accounts");
      const params = { id: "a-1", ids: ["a-1"], data: { name: "x" }, previousData: { id: "a-1" } };
      const send = dataProvider[write] as (resource: string, params: unknown) => Promise<unknown>;
      await send.call(dataProvider, "accounts", params);
      const { data } = await dataProvider.getList(
        "accounts",
        declaredFirstCall("/accounts", session.getUser())!.params,
      );
      expect(lists).toBe(2);
      expect(data[0]!.id).toBe("a-2");
    });
  }
});
