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

async function failSignIn(email: string, times: number, ip: string) {
  for (let i = 0; i < times; i += 1) {
    const response = await login(t.app, email, "wrong password", ip);
    expect(response.statusCode, `failure #${i + 1}`).toBe(401);
  }
}

describe("sign-in rate limit", () => {
  it("answers 429 after 5 failures for the same email from one address, even with the right password", async () => {
    const ip = freshIp();
    await failSignIn("user@example.com", 5, ip);
    for (const password of ["wrong password", "demo1234"]) {
      const response = await login(t.app, "user@example.com", password, ip);
      expect(response.statusCode).toBe(429);
      expect(messageOf(response)).toMatch(LOCKED);
      expect(messageOf(response)).toBe("Too many failed sign-in attempts. Try again in 15 minutes.");
    }
  });

  it("cannot be used to lock a person out: another address still signs in (lock per address and email)", async () => {
    const attacker = freshIp();
    await failSignIn("superadmin@example.com", 5, attacker);
    expect((await login(t.app, "superadmin@example.com", "demo1234", attacker)).statusCode).toBe(429);
    // The person, from their own address, is not locked out by the stranger's failures...
    const person = freshIp();
    expect((await login(t.app, "superadmin@example.com", "demo1234", person)).statusCode).toBe(200);
    // ...and their success does not forgive the stranger's failures either.
    expect((await login(t.app, "superadmin@example.com", "demo1234", attacker)).statusCode).toBe(429);
    // Failures spread over many addresses lock none of them (each address has its own count).
    for (let i = 0; i < 3; i += 1) await failSignIn("superadmin@example.com", 4, freshIp());
    expect((await login(t.app, "superadmin@example.com", "demo1234", person)).statusCode).toBe(200);
  });

  it("counts an email however it is capitalised", async () => {
    const ip = freshIp();
    await failSignIn("Pastdue@Example.com", 3, ip);
    await failSignIn("pastdue@example.com", 2, ip);
    expect((await login(t.app, "PASTDUE@example.com", "demo1234", ip)).statusCode).toBe(429);
  });

  it("limits unknown emails too, so probing does not tell them apart", async () => {
    const ip = freshIp();
    await failSignIn("ghost@example.com", 5, ip);
    expect((await login(t.app, "ghost@example.com", "demo1234", ip)).statusCode).toBe(429);
  });

  it("forgets the pair's failures after a successful sign-in", async () => {
    const ip = freshIp();
    await failSignIn("manager@example.com", 4, ip);
    expect((await login(t.app, "manager@example.com", "demo1234", ip)).statusCode).toBe(200);
    await failSignIn("manager@example.com", 4, ip);
    expect((await login(t.app, "manager@example.com", "demo1234", ip)).statusCode).toBe(200);
  });

  it("lifts the block once the failures are older than the window, and says when", async () => {
    const ip = freshIp();
    await failSignIn("inactive@example.com", 5, ip);
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
    expect(messageOf(await login(t.app, "inactive@example.com", "demo1234", ip))).toBe(
      "Too many failed sign-in attempts. Try again in 3 minutes.",
    );

    await t.db
      .update(signInFailures)
      .set({ createdAt: new Date(Date.now() - 16 * 60 * 1000) })
      .where(eq(signInFailures.email, "inactive@example.com"));
    expect((await login(t.app, "inactive@example.com", "demo1234", ip)).statusCode).toBe(200);
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
    // Same address (inject's) and email: the sign-in is locked too; another address is not.
    expect((await login(t.app, "admin@example.com", "demo1234", "127.0.0.1")).statusCode).toBe(429);
    expect((await login(t.app, "admin@example.com", "demo1234", freshIp())).statusCode).toBe(200);
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
