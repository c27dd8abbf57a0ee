/**
 * No free work for strangers (docs/api.md "Sessions", docs/decisions.md "No free work for
 * strangers"): anonymous endpoints that hash a password look up their code first and are
 * rate-limited; sign-in does one Argon2 verification of a real-cost hash whoever asks; an ended
 * sign-in's access tokens are refused too. Argon2 is counted, not timed: timing is noisy on CI.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Invitation } from "../../src/api/resources";
import type { LoginResponse } from "../../src/api/types";
import { DECOY_HASH, hashPassword } from "../../server/src/auth/passwords";
import { users } from "../../server/src/db/schema";
import { issueCode } from "../../server/src/publicFlows/codes";
import { INVITATION_ACCEPT_LIMIT } from "../../server/src/users/invitations";
import { RESET_PASSWORD_LIMIT } from "../../server/src/publicFlows/forgotPassword";
import { CONTRACT } from "../fixtures/contract";
import {
  bearer,
  createTestApp,
  expectAnswer,
  freshIp,
  getUser,
  login,
  messageOf,
  refresh,
  signIn,
  verifyToken,
  type TestApp,
} from "./helpers";
import { tokens } from "./records";
import { appWithMail, mailsTo } from "./publicFlowHelpers";
import { call } from "./resourceHelpers";

/** Every Argon2 hash and verification the service does, counted through the library itself. */
const argon = vi.hoisted(() => ({ hashes: 0, verified: [] as string[] }));
vi.mock("@node-rs/argon2", async (importOriginal) => {
  const real = await importOriginal<typeof import("@node-rs/argon2")>();
  return {
    ...real,
    hash: (...args: Parameters<typeof real.hash>) => {
      argon.hashes += 1;
      return real.hash(...args);
    },
    verify: (...args: Parameters<typeof real.verify>) => {
      argon.verified.push(String(args[0]));
      return real.verify(...args);
    },
  };
});

/** Runs `action` and answers it with the Argon2 work it caused. */
async function counted<T>(action: () => Promise<T>): Promise<{ result: T; hashes: number; verified: string[] }> {
  argon.hashes = 0;
  argon.verified = [];
  const result = await action();
  return { result, hashes: argon.hashes, verified: [...argon.verified] };
}

/** `$argon2id$v=19$m=…,t=…,p=…$`: the part of a hash that sets its cost. */
const costOf = (hash: string) => hash.split("$").slice(0, 4).join("$");

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = await tokens(() => t.app)("admin");
});
afterAll(() => t.close());

let invited = 0;
async function invite(): Promise<Invitation> {
  invited += 1;
  const response = await call(t, adminToken, "POST", "/api/invitations", {
    email: `stranger-guest${invited}@example.com`,
    firstName: "Guest",
    lastName: `Number ${invited}`,
    role: "User",
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Invitation>();
}

const GOOD = { firstName: "Grace", lastName: "Hopper", password: "correct horse" };
const accept = (code: string, ip = freshIp(), body: unknown = GOOD) =>
  t.app.inject({ method: "POST", url: `/api/invitations/${code}/accept`, payload: body as object, remoteAddress: ip });
const reset = (token: string, ip = freshIp()) =>
  t.app.inject({
    method: "POST",
    url: "/api/forgot-password/reset",
    payload: { token, password: "a brand new password" },
    remoteAddress: ip,
  });
const logout = (refreshToken: string) =>
  t.app.inject({ method: "POST", url: "/api/v2/auth/logout", payload: { refreshToken } });

describe("sign-in costs the same whoever asks", () => {
  it("the decoy hash has the cost of a real one", async () => {
    expect(costOf(DECOY_HASH)).toBe(costOf(await hashPassword("anything")));
  });

  it("verifies exactly one real-cost hash for an unknown email, an invited user, a wrong password and a disabled user", async () => {
    const [stored] = await t.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.email, "user@example.com"));
    const realCost = costOf(stored!.hash);
    const invitation = await invite();
    const disabledId = randomUUID();
    const disabled = `stranger-disabled-${disabledId.slice(0, 8)}@example.com`;
    const [template] = await t.db.select().from(users).where(eq(users.email, "user@example.com"));
    await t.db.insert(users).values({ ...template!, id: disabledId, email: disabled, status: "disabled" });

    const cases: [string, string, number][] = [
      ["nobody-at-all@example.com", "wrong password", 401],
      [invitation.email, "wrong password", 401],
      ["user@example.com", "wrong password", 401],
      [disabled, "wrong password", 401],
    ];
    for (const [email, password, status] of cases) {
      const { result, hashes, verified } = await counted(() => login(t.app, email, password));
      expect(result.statusCode, email).toBe(status);
      expect(hashes, email).toBe(0);
      expect(verified.map(costOf), email).toEqual([realCost]);
    }
  });
});

describe("invitation accept: the code first, and a limit", () => {
  it("hashes nothing for an unknown, a used or a disabled user's code; once for a good one", async () => {
    const unknown = await counted(() => accept("no-such-code"));
    expect(unknown.result.statusCode).toBe(404);
    expect(unknown.hashes).toBe(0);

    const invitation = await invite();
    const good = await counted(() => accept(invitation.code));
    expect(good.result.statusCode, good.result.body).toBe(200);
    expect(good.hashes).toBe(1);

    const used = await counted(() => accept(invitation.code));
    expect(used.result.statusCode).toBe(404);
    expect(used.hashes).toBe(0);

    const another = await invite();
    await t.db.update(users).set({ status: "disabled" }).where(eq(users.email, another.email));
    const refused = await counted(() => accept(another.code));
    expect(refused.result.statusCode).toBe(409);
    expect(refused.hashes).toBe(0);
  });

  it(`answers 429 after ${INVITATION_ACCEPT_LIMIT.perIp} tries from one address, hashing nothing`, async () => {
    const ip = freshIp();
    for (let i = 0; i < INVITATION_ACCEPT_LIMIT.perIp; i += 1) {
      expect((await accept(`guess-${i}`, ip)).statusCode).toBe(404);
    }
    const invitation = await invite();
    const blocked = await counted(() => accept(invitation.code, ip));
    expect(blocked.result.statusCode).toBe(429);
    expect(messageOf(blocked.result)).toMatch(/^Too many requests\. Try again in \d+ minutes?\.$/);
    expect(blocked.hashes).toBe(0);
    // Another address is not affected, and the invitation is still good.
    expect((await accept(invitation.code)).statusCode).toBe(200);
  });
});

describe("password reset: the link first", () => {
  const resetLink = async (email: string) => {
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    return issueCode(t.db, {
      purpose: "reset-password",
      email,
      userId: user!.id,
      ttlMs: 60 * 60 * 1000,
      form: "link",
      now: new Date(),
    });
  };

  it("hashes nothing for an unknown or a used link; once for a good one", async () => {
    const unknown = await counted(() => reset("x".repeat(43)));
    expect(unknown.result.statusCode).toBe(404);
    expect(unknown.hashes).toBe(0);

    const token = await resetLink("pastdue@example.com");
    const good = await counted(() => reset(token));
    expect(good.result.statusCode, good.result.body).toBe(204);
    expect(good.hashes).toBe(1);

    const used = await counted(() => reset(token));
    expect(used.result.statusCode).toBe(404);
    expect(used.hashes).toBe(0);
  });

  it(`answers 429 after ${RESET_PASSWORD_LIMIT.perIp} tries from one address, hashing nothing`, async () => {
    const ip = freshIp();
    for (let i = 0; i < RESET_PASSWORD_LIMIT.perIp; i += 1) {
      expect((await reset(`guess-${i}`.padEnd(43, "x"), ip)).statusCode).toBe(404);
    }
    const blocked = await counted(() => reset("y".repeat(43), ip));
    expect(blocked.result.statusCode).toBe(429);
    expect(blocked.hashes).toBe(0);
  });

  it("register confirm never hashes (the password was hashed when the link was issued)", async () => {
    const unknown = await counted(() =>
      t.app.inject({ method: "POST", url: "/api/register/confirm", payload: { token: "z".repeat(43) } }),
    );
    expect(unknown.result.statusCode).toBe(404);
    expect(unknown.hashes).toBe(0);
  });
});

describe("register hashes only when it sends a link", () => {
  it("an email in use gets its mail without a hash; a free one gets its link and one hash", async () => {
    const { t: mailed, smtp, close } = await appWithMail();
    try {
      const register = (email: string) =>
        mailed.app.inject({
          method: "POST",
          url: "/api/register",
          remoteAddress: freshIp(),
          payload: {
            firstName: "Ada",
            lastName: "Lovelace",
            email,
            password: "analytical-engine",
            accountName: "Lovelace Gems",
            country: "GB",
          },
        });
      const taken = await counted(async () => {
        expect((await register("user@example.com")).statusCode).toBe(202);
        await mailsTo(smtp, "user@example.com", /You already have an account/, 1);
      });
      expect(taken.hashes).toBe(0);
      const free = await counted(async () => {
        expect((await register("stranger-free@lovelace-gems.example.com")).statusCode).toBe(202);
        await mailsTo(smtp, "stranger-free@lovelace-gems.example.com", /Confirm your email address/, 1);
      });
      expect(free.hashes).toBe(1);
    } finally {
      await close();
    }
  });
});

describe("an ended sign-in's access tokens are refused too", () => {
  const stillWorks = async (session: LoginResponse) =>
    expect((await getUser(t.app, session.accessToken, session.user.id)).statusCode).toBe(200);
  const refused = async (accessToken: string, userId: string) => {
    // token_expired: the console refreshes once, the refresh is refused (the sign-in ended), and it
    // goes to /login (spec §7). A plain 401 would leave it on the page with an error.
    expectAnswer(await verifyToken(t.app, accessToken), CONTRACT.token.expired);
    expectAnswer(await getUser(t.app, accessToken, userId), CONTRACT.token.expired);
  };

  it("after logout, and only that sign-in's", async () => {
    const session = await signIn(t.app, "manager@example.com");
    const other = await signIn(t.app, "manager@example.com");
    await stillWorks(session);
    expect((await logout(session.refreshToken)).statusCode).toBe(204);
    await refused(session.accessToken, session.user.id);
    await stillWorks(other);
  });

  it("after a refresh token is reused: the old and the new access tokens both", async () => {
    const session = await signIn(t.app, "manager@example.com");
    const rotated = await refresh(t.app, session.refreshToken);
    expect(rotated.statusCode).toBe(200);
    const next = rotated.json<{ accessToken: string; refreshToken: string }>();
    // A plain refresh ends nothing: the earlier access token works until it expires.
    await stillWorks(session);
    expect((await getUser(t.app, next.accessToken, session.user.id)).statusCode).toBe(200);

    expect((await refresh(t.app, session.refreshToken)).statusCode).toBe(401);
    await refused(session.accessToken, session.user.id);
    await refused(next.accessToken, session.user.id);
  });

  it("refuses a token that names no sign-in, or another user's", async () => {
    const session = await signIn(t.app, "manager@example.com");
    const [, payload] = session.accessToken.split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString()) as { sid: string };
    expect(typeof claims.sid).toBe("string");
    // Signed with the service's key but without `sid`, or with someone else's sign-in.
    const { SignJWT } = await import("jose");
    const { settings } = await import("../../server/src/db/schema");
    const [secret] = await t.db.select().from(settings).where(eq(settings.key, "jwt_secret"));
    const key = new TextEncoder().encode(secret!.value);
    const sign = (extra: Record<string, unknown>) =>
      new SignJWT({ role: "Manager", accountId: session.user.accountId, ...extra })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(session.user.id)
        .setIssuedAt()
        .setExpirationTime("5m")
        .sign(key);
    const admin = await signIn(t.app, "admin@example.com");
    const adminSid = (
      JSON.parse(Buffer.from(admin.accessToken.split(".")[1]!, "base64url").toString()) as {
        sid: string;
      }
    ).sid;
    // No sign-in named: a malformed token, refused as any other.
    expectAnswer(await verifyToken(t.app, await sign({})), CONTRACT.token.missing);
    await refused(await sign({ sid: adminSid }), session.user.id);
    await refused(await sign({ sid: randomUUID() }), session.user.id);
    expect(
      (
        await t.app.inject({
          method: "GET",
          url: `/api/users/${session.user.id}`,
          headers: bearer(await sign({ sid: claims.sid })),
        })
      ).statusCode,
    ).toBe(200);
  });
});
