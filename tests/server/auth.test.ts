import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELETED_USER_STATUS, TOKEN_EXPIRED, type LoginResponse, type RefreshResponse } from "../../src/api/types";
import { buildApp } from "../../server/src/app";
import { DEMO_USERS } from "../../server/src/db/demoUsers";
import { accounts, refreshTokens, users } from "../../server/src/db/schema";
import { SEED_IDS } from "../../server/src/db/seed";
import { CONTRACT, FORMATS } from "../fixtures/contract";
import {
  bearer,
  createTestApp,
  expectAnswer,
  forgeAccessToken,
  getUser,
  login,
  messageOf,
  nowSeconds,
  refresh,
  signIn,
  verifyToken,
  type TestApp,
} from "./helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const U = SEED_IDS.users;

describe("POST /api/v2/auth/login", () => {
  it("signs in every demo user and answers tokens and the user", async () => {
    for (const demo of DEMO_USERS) {
      const response = await login(t.app, demo.email, demo.password);
      const body = expectAnswer<LoginResponse>(response, CONTRACT.login.ok);
      expect(body.user).toMatchObject({ email: demo.email, role: demo.role });
      const claims = decodeJwt(body.accessToken);
      expect(claims).toMatchObject({ sub: body.user.id, role: demo.role, accountId: body.user.accountId });
      expect(claims.exp! - claims.iat!).toBe(t.config.accessTokenTtlSeconds);
      expect(body.accessToken).toMatch(FORMATS.accessToken);
      expect(body.refreshToken).toMatch(FORMATS.refreshToken);
    }
  });

  it("records the time of the sign-in", async () => {
    const before = Date.now();
    await signIn(t.app, "manager@example.com");
    const [row] = await t.db.select().from(users).where(eq(users.id, U.manager));
    expect(row?.lastSignInAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("matches the email case-insensitively", async () => {
    const response = await login(t.app, "Admin@Example.COM");
    expect(response.statusCode).toBe(200);
    expect(response.json<LoginResponse>().user.id).toBe(U.admin);
  });

  it("refuses a wrong password with 401 and the wrong-credentials message", async () => {
    const response = await login(t.app, "admin@example.com", "not-the-password");
    expectAnswer(response, CONTRACT.login.wrongCredentials);
  });

  it("refuses an unknown email with the same answer", async () => {
    const response = await login(t.app, "nobody@example.com");
    expectAnswer(response, CONTRACT.login.wrongCredentials);
  });

  it("refuses a disabled user even with the right password", async () => {
    await t.db.update(users).set({ status: "disabled" }).where(eq(users.id, U.secondUser));
    try {
      const response = await login(t.app, "daniel.kim@example.com");
      expectAnswer(response, CONTRACT.login.disabled);
    } finally {
      await t.db.update(users).set({ status: "active" }).where(eq(users.id, U.secondUser));
    }
  });

  it("treats a deleted user as unknown", async () => {
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, U.secondUser));
    try {
      const response = await login(t.app, "daniel.kim@example.com");
      expectAnswer(response, CONTRACT.login.wrongCredentials);
    } finally {
      await t.db.update(users).set({ deletedAt: null }).where(eq(users.id, U.secondUser));
    }
  });
});

describe("POST /api/v2/auth/refresh", () => {
  it("rotates: the new tokens work, the old refresh token is refused, and its reuse revokes the family", async () => {
    const first = await signIn(t.app, "user@example.com");

    const rotated = await refresh(t.app, first.refreshToken);
    const second = expectAnswer<RefreshResponse>(rotated, CONTRACT.refresh.ok);
    expect(second.refreshToken).toMatch(FORMATS.refreshToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await verifyToken(t.app, second.accessToken)).statusCode).toBe(200);

    const third = (await refresh(t.app, second.refreshToken)).json<RefreshResponse>();

    const reuse = await refresh(t.app, first.refreshToken);
    expectAnswer(reuse, CONTRACT.refresh.reused);
    expect(messageOf(reuse)).not.toBe(TOKEN_EXPIRED);

    // The newest token of the family was never presented, yet it is dead now.
    const newest = await refresh(t.app, third.refreshToken);
    expect(newest.statusCode).toBe(401);
  });

  it("leaves other sign-ins of the same user alone when one family is revoked", async () => {
    const laptop = await signIn(t.app, "manager@example.com");
    const phone = await signIn(t.app, "manager@example.com");
    await refresh(t.app, laptop.refreshToken);
    await refresh(t.app, laptop.refreshToken); // reuse: revokes the laptop's family only
    expect((await refresh(t.app, phone.refreshToken)).statusCode).toBe(200);
  });

  it("refuses an unknown refresh token", async () => {
    const response = await refresh(t.app, "this-token-was-never-issued");
    expectAnswer(response, CONTRACT.refresh.unknown);
  });

  it("refuses an expired refresh token", async () => {
    const session = await signIn(t.app, "admin@example.com");
    await t.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.userId, U.admin));
    const response = await refresh(t.app, session.refreshToken);
    expectAnswer(response, CONTRACT.refresh.expired);
  });

  it("answers 499 for a deleted user's refresh token", async () => {
    const session = await signIn(t.app, "daniel.kim@example.com");
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, U.secondUser));
    try {
      const response = await refresh(t.app, session.refreshToken);
      expect(response.statusCode).toBe(DELETED_USER_STATUS);
      expectAnswer(response, CONTRACT.token.userDeleted);
    } finally {
      await t.db.update(users).set({ deletedAt: null }).where(eq(users.id, U.secondUser));
    }
  });
});

describe("POST /api/v2/auth/logout", () => {
  it("answers 204 and revokes the refresh token's family, without an access token", async () => {
    const session = await signIn(t.app, "pastdue@example.com");
    const rotated = (await refresh(t.app, session.refreshToken)).json<RefreshResponse>();

    const response = await t.app.inject({
      method: "POST",
      url: "/api/v2/auth/logout",
      payload: { refreshToken: rotated.refreshToken },
    });
    expectAnswer(response, CONTRACT.logout.ok);
    expect((await refresh(t.app, rotated.refreshToken)).statusCode).toBe(401);
  });

  it("answers 204 for a token it does not know (signing out twice is fine)", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v2/auth/logout",
      payload: { refreshToken: "unknown" },
    });
    expectAnswer(response, CONTRACT.logout.ok);
  });
});

describe("POST /api/verify-token and the access token check", () => {
  const adminClaims = { sub: U.admin, role: "Admin", accountId: SEED_IDS.accounts.brilliantGems };

  it("answers valid and the user for a valid token, with or without an empty JSON body", async () => {
    const session = await signIn(t.app, "admin@example.com");
    const response = await verifyToken(t.app, session.accessToken);
    expect(expectAnswer(response, CONTRACT.verifyToken.ok)).toEqual({ valid: true, user: session.user });

    const withEmptyJson = await t.app.inject({
      method: "POST",
      url: "/api/verify-token",
      headers: { ...bearer(session.accessToken), "content-type": "application/json" },
      payload: "",
    });
    expect(withEmptyJson.statusCode).toBe(200);
  });

  it("answers exactly 401 {message: token_expired} for an expired token", async () => {
    const token = await forgeAccessToken(t.db, adminClaims, {
      issuedAt: nowSeconds() - 600,
      expiresAt: nowSeconds() - 60,
    });
    const response = await verifyToken(t.app, token);
    expectAnswer(response, CONTRACT.token.expired);
  });

  it("expires tokens after the configured lifetime", async () => {
    // The lifetime is read from the token's claims, and an expired token's refusal is the test
    // above: waiting out a one-second token failed on a busy machine, where signing in and
    // verifying took longer than what was left of that second.
    const configured = buildApp({ db: t.db, config: { ...t.config, accessTokenTtlSeconds: 1234 } });
    try {
      const session = await signIn(configured, "admin@example.com");
      const { iat, exp } = decodeJwt(session.accessToken);
      expect(exp! - iat!).toBe(1234);
      expect((await verifyToken(configured, session.accessToken)).statusCode).toBe(200);
    } finally {
      await configured.close();
    }
  });

  it("answers 401 Unauthorized without a token, with a malformed one, or one signed with another key", async () => {
    const session = await signIn(t.app, "admin@example.com");
    const [header, payload] = session.accessToken.split(".");
    const candidates: (string | undefined)[] = [undefined, "", "garbage", `${header}.${payload}.invalidsignature`];
    for (const token of candidates) {
      const response = await verifyToken(t.app, token);
      expectAnswer(response, CONTRACT.token.missing);
    }
    const basic = await t.app.inject({
      method: "POST",
      url: "/api/verify-token",
      headers: { authorization: "Basic YTpi" },
    });
    expect(basic.json()).toEqual({ message: "Unauthorized" });
  });

  it("answers 499 {message: User deleted} for a deleted user's token", async () => {
    const session = await signIn(t.app, "daniel.kim@example.com");
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, U.secondUser));
    try {
      const response = await verifyToken(t.app, session.accessToken);
      expect(response.statusCode).toBe(DELETED_USER_STATUS);
      expectAnswer(response, CONTRACT.token.userDeleted);
    } finally {
      await t.db.update(users).set({ deletedAt: null }).where(eq(users.id, U.secondUser));
    }
  });

  it("answers 499 for a token of a user that does not exist", async () => {
    const token = await forgeAccessToken(
      t.db,
      { ...adminClaims, sub: "30000000-0000-4000-8000-0000000000ff" },
      { issuedAt: nowSeconds(), expiresAt: nowSeconds() + 60 },
    );
    expect((await verifyToken(t.app, token)).statusCode).toBe(DELETED_USER_STATUS);
  });

  it("refuses the token of a user disabled after signing in", async () => {
    const session = await signIn(t.app, "daniel.kim@example.com");
    await t.db.update(users).set({ status: "disabled" }).where(eq(users.id, U.secondUser));
    try {
      const response = await verifyToken(t.app, session.accessToken);
      expectAnswer(response, CONTRACT.token.userDisabled);
    } finally {
      await t.db.update(users).set({ status: "active" }).where(eq(users.id, U.secondUser));
    }
  });
});

describe("the session's other calls: GET users/{id} and GET v2/payments/subscription", () => {
  it("answers the signed-in user's record, a superset of the login's user, and 404 for an unknown id", async () => {
    const session = await signIn(t.app, "manager@example.com");
    const record = expectAnswer<Record<string, unknown>>(
      await getUser(t.app, session.accessToken, session.user.id),
      CONTRACT.currentUser.ok,
    );
    expect(record).toMatchObject(session.user);
    expectAnswer(
      await getUser(t.app, session.accessToken, "30000000-0000-4000-8000-0000000000ff"),
      CONTRACT.currentUser.notFound,
    );
  });

  it("answers each subscription state with its message", async () => {
    const expected = [
      ["admin@example.com", CONTRACT.subscription.active],
      ["pastdue@example.com", CONTRACT.subscription.pastDue],
      ["inactive@example.com", CONTRACT.subscription.inactive],
    ] as const;
    for (const [email, answer] of expected) {
      const session = await signIn(t.app, email);
      const response = await t.app.inject({
        method: "GET",
        url: "/api/v2/payments/subscription",
        headers: bearer(session.accessToken),
      });
      expect(expectAnswer(response, answer), email).toEqual(answer.body);
    }
  });

  it("answers inactive for a canceled subscription (the grace period), never past due", async () => {
    const session = await signIn(t.app, "admin@example.com");
    await t.db
      .update(accounts)
      .set({ subscriptionStatus: "canceled", subscriptionMessage: null })
      .where(eq(accounts.id, session.user.accountId));
    const response = await t.app.inject({
      method: "GET",
      url: "/api/v2/payments/subscription",
      headers: bearer(session.accessToken),
    });
    expect(expectAnswer(response, CONTRACT.subscription.canceled)).toEqual(CONTRACT.subscription.canceled.body);
  });
});
