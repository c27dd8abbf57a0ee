import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInFailures } from "../../server/src/db/schema";
import { bearer, createTestApp, freshIp, login, messageOf, signIn, type TestApp } from "./helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LOCKED = /^Too many failed sign-in attempts\. Try again in (\d+) minutes?\.$/;

async function failSignIn(email: string, times: number, ip = freshIp()) {
  for (let i = 0; i < times; i += 1) {
    const response = await login(t.app, email, "wrong password", ip);
    expect(response.statusCode, `failure #${i + 1}`).toBe(401);
  }
}

describe("sign-in rate limit", () => {
  it("answers 429 after 5 failures for the same email, even with the right password, from any address", async () => {
    await failSignIn("user@example.com", 5);
    for (const password of ["wrong password", "demo1234"]) {
      const response = await login(t.app, "user@example.com", password);
      expect(response.statusCode).toBe(429);
      expect(messageOf(response)).toMatch(LOCKED);
      expect(messageOf(response)).toBe("Too many failed sign-in attempts. Try again in 15 minutes.");
    }
  });

  it("counts an email however it is capitalised", async () => {
    await failSignIn("Pastdue@Example.com", 3);
    await failSignIn("pastdue@example.com", 2);
    expect((await login(t.app, "PASTDUE@example.com")).statusCode).toBe(429);
  });

  it("limits unknown emails too, so probing does not tell them apart", async () => {
    await failSignIn("ghost@example.com", 5);
    expect((await login(t.app, "ghost@example.com")).statusCode).toBe(429);
  });

  it("forgets the email's failures after a successful sign-in", async () => {
    await failSignIn("manager@example.com", 4);
    expect((await login(t.app, "manager@example.com")).statusCode).toBe(200);
    await failSignIn("manager@example.com", 4);
    expect((await login(t.app, "manager@example.com")).statusCode).toBe(200);
  });

  it("lifts the block once the failures are older than the window, and says when", async () => {
    await failSignIn("inactive@example.com", 5);
    // Four failures 12 minutes old and one 10 minutes old: the block lasts until the 5th most
    // recent failure (12 minutes old) leaves the 15-minute window, 3 minutes from now.
    await t.db
      .update(signInFailures)
      .set({ createdAt: sql`now() - interval '12 minutes'` })
      .where(eq(signInFailures.email, "inactive@example.com"));
    const [latest] = await t.db
      .select({ id: signInFailures.id })
      .from(signInFailures)
      .where(eq(signInFailures.email, "inactive@example.com"))
      .limit(1);
    await t.db
      .update(signInFailures)
      .set({ createdAt: new Date(Date.now() - 10 * 60 * 1000) })
      .where(eq(signInFailures.id, latest!.id));
    expect(messageOf(await login(t.app, "inactive@example.com"))).toBe(
      "Too many failed sign-in attempts. Try again in 3 minutes.",
    );

    await t.db
      .update(signInFailures)
      .set({ createdAt: new Date(Date.now() - 16 * 60 * 1000) })
      .where(eq(signInFailures.email, "inactive@example.com"));
    expect((await login(t.app, "inactive@example.com")).statusCode).toBe(200);
  });

  it("answers 429 after 20 failures from one address, whatever the emails", async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i += 1) {
      const response = await login(t.app, `visitor${i}@example.com`, "wrong password", ip);
      expect(response.statusCode).toBe(401);
    }
    const blocked = await login(t.app, "admin@example.com", "demo1234", ip);
    expect(blocked.statusCode).toBe(429);
    expect(messageOf(blocked)).toMatch(LOCKED);
    expect((await login(t.app, "admin@example.com", "demo1234", freshIp())).statusCode).toBe(200);
  });
});

describe("POST /api/users/password/check", () => {
  const check = (token: string, password: string) =>
    t.app.inject({ method: "POST", url: "/api/users/password/check", headers: bearer(token), payload: { password } });

  it("answers whether the password is the caller's", async () => {
    const session = await signIn(t.app, "superadmin@example.com");
    expect((await check(session.accessToken, "demo1234")).json()).toEqual({ isCorrect: true });
    expect((await check(session.accessToken, "demo12345")).json()).toEqual({ isCorrect: false });
  });

  it("shares the sign-in limit: 5 wrong checks lock both the check and the sign-in", async () => {
    const session = await signIn(t.app, "admin@example.com");
    for (let i = 0; i < 5; i += 1) {
      expect((await check(session.accessToken, "guess")).json()).toEqual({ isCorrect: false });
    }
    const locked = await check(session.accessToken, "demo1234");
    expect(locked.statusCode).toBe(429);
    expect(messageOf(locked)).toMatch(LOCKED);
    expect((await login(t.app, "admin@example.com")).statusCode).toBe(429);
  });

  it("requires a signed-in caller", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/users/password/check",
      payload: { password: "x" },
    });
    expect(response.statusCode).toBe(401);
  });
});
