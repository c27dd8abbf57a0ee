/**
 * The guard's check riding along in a list's statement (server/src/auth/guardAlong.ts): on
 * PostgreSQL a list request whose sign-in this instance has seen reads the caller's fingerprint in
 * its page's statement instead of a statement of its own. Here it is switched on for the embedded
 * database too (`rideAlongAlways`), so each rule runs on both databases: whatever changed since the
 * remembered answer — a sign-out, a demotion, a deletion — counts on the very next list request,
 * and no answer (not even a 400) leaves before the guard has decided.
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { rideAlongAlways } from "../../server/src/auth/guardAlong";
import { users } from "../../server/src/db/schema";
import { bearer, createTestApp, signIn, type TestApp } from "./helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  rideAlongAlways(t.db);
});
afterAll(async () => {
  await t.close();
});

/** The texts of the statements the service sends while `work` runs. */
async function statementsDuring(work: () => Promise<unknown>): Promise<string[]> {
  const client = (t.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const query = client.query;
  const texts: string[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const [first] = args;
    texts.push(typeof first === "string" ? first : String((first as { text?: unknown }).text));
    return query.apply(this, args);
  } as typeof query;
  try {
    await work();
  } finally {
    client.query = query;
  }
  return texts;
}

const list = (accessToken: string, url: string) => t.app.inject({ method: "GET", url, headers: bearer(accessToken) });

const superAdmin = () => t.db.query.users.findFirst({ where: eq(users.email, "superadmin@example.com") });
let restoreRole: (() => Promise<void>) | undefined;
afterEach(async () => {
  await restoreRole?.();
  restoreRole = undefined;
});

describe("a list's guard check riding along", () => {
  it("reads the caller in the page's own statement once the sign-in is known, with the same answer", async () => {
    const session = await signIn(t.app, "superadmin@example.com");
    const first = await list(session.accessToken, "/api/users");
    let again: Awaited<ReturnType<typeof list>> | undefined;
    const texts = await statementsDuring(async () => {
      again = await list(session.accessToken, "/api/users");
    });
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(/gu::text/);
    expect(again!.statusCode).toBe(200);
    expect(again!.json()).toEqual(first.json());
    expect(again!.headers["content-range"]).toBe(first.headers["content-range"]);
  });

  it.each(["/api/users", "/api/tests", "/api/activity", "/api/users?range=[5000,5024]"])(
    "refuses %s on the next request after a sign-out",
    async (url) => {
      const session = await signIn(t.app, "superadmin@example.com");
      expect((await list(session.accessToken, url)).statusCode).toBe(200);
      const logout = await t.app.inject({
        method: "POST",
        url: "/api/v2/auth/logout",
        payload: { refreshToken: session.refreshToken },
      });
      expect(logout.statusCode).toBe(204);
      const refused = await list(session.accessToken, url);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ message: "token_expired" });
    },
  );

  it("answers a signed-out caller's bad query with the refusal, not the 400", async () => {
    const session = await signIn(t.app, "superadmin@example.com");
    expect((await list(session.accessToken, "/api/users")).statusCode).toBe(200);
    expect((await list(session.accessToken, "/api/users?sort=nonsense")).statusCode).toBe(400);
    await t.app.inject({ method: "POST", url: "/api/v2/auth/logout", payload: { refreshToken: session.refreshToken } });
    const refused = await list(session.accessToken, "/api/users?sort=nonsense");
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: "token_expired" });
  });

  it("reads a demoted super admin's lists in their new scope, or refuses them", async () => {
    const session = await signIn(t.app, "superadmin@example.com");
    const me = (await superAdmin())!;
    const admin = await signIn(t.app, "admin@example.com");
    expect((await list(session.accessToken, "/api/accounts")).statusCode).toBe(200);
    const everyone = await list(session.accessToken, "/api/users");
    const everyTest = await list(session.accessToken, "/api/tests");
    // Demoted straight in the database, as another instance would: nothing tells this one.
    const adminsAccount = (await t.db.query.users.findFirst({ where: eq(users.id, admin.user.id) }))!.accountId;
    await t.db.update(users).set({ role: "Admin", accountId: adminsAccount }).where(eq(users.id, me.id));
    restoreRole = async () => {
      await t.db.update(users).set({ role: me.role, accountId: me.accountId }).where(eq(users.id, me.id));
    };

    const accountsList = await list(session.accessToken, "/api/accounts");
    expect(accountsList.statusCode).toBe(403);
    const scoped = await list(session.accessToken, "/api/users");
    expect(scoped.statusCode).toBe(200);
    const asAdmin = await list(admin.accessToken, "/api/users");
    expect(scoped.headers["content-range"]).toBe(asAdmin.headers["content-range"]);
    expect(scoped.headers["content-range"]).not.toBe(everyone.headers["content-range"]);
    const scopedTests = await list(session.accessToken, "/api/tests");
    expect(scopedTests.statusCode).toBe(200);
    expect(scopedTests.headers["content-range"]).not.toBe(everyTest.headers["content-range"]);
    const accountsSeen = new Set(scopedTests.json<{ account: { id: string } }[]>().map((test) => test.account.id));
    expect([...accountsSeen]).toEqual([adminsAccount]);
  });

  it("answers a deleted user's list with 499", async () => {
    const session = await signIn(t.app, "superadmin@example.com");
    const me = (await superAdmin())!;
    expect((await list(session.accessToken, "/api/devices")).statusCode).toBe(200);
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, me.id));
    restoreRole = async () => {
      await t.db.update(users).set({ deletedAt: null }).where(eq(users.id, me.id));
    };
    expect((await list(session.accessToken, "/api/devices")).statusCode).toBe(499);
  });
});
