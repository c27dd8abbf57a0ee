/**
 * Forgot password (docs/api.md "Public flows"): the request always answers the
 * same 202; an active user's address gets a single-use, one-hour link through a real SMTP server;
 * the new password signs the user out everywhere. Every refusal — expired, reused, replaced or
 * unknown link, a user gone since, too many requests, invalid input — leaves the database as it
 * was (the counted request aside); an unknown email is answered exactly like a known one.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { movableClock } from "../../server/src/clock";
import { activityLog, oneTimeCodes, refreshTokens, users } from "../../server/src/db/schema";
import { DEMO_PASSWORD } from "../../server/src/db/demoUsers";
import { CONTRACT } from "../fixtures/contract";
import type { TestSmtpServer } from "../support/smtpServer";
import { expectAnswer, freshIp, getUser, login, refresh, signIn, type TestApp } from "./helpers";
import { appWithMail, expectNothingChanged, flowState, mailsTo, tokenOf } from "./publicFlowHelpers";

const FORGOT = CONTRACT.forgotPassword;
const SUBJECT = /Reset your password/;
const clock = movableClock();
let t: TestApp;
let smtp: TestSmtpServer;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, smtp, close } = await appWithMail(clock));
});
afterAll(() => close());
// Each test in an hour of its own: the per-email limit (3 an hour) never couples them.
beforeEach(() => clock.advance(61 * 60 * 1000));

const ask = (email: string, ip = freshIp()) =>
  t.app.inject({ method: "POST", url: "/api/forgot-password", payload: { email }, remoteAddress: ip });
const reset = (token: string, password: string, ip = freshIp()) =>
  t.app.inject({ method: "POST", url: "/api/forgot-password/reset", payload: { token, password }, remoteAddress: ip });

/** The first reset email to `email` among those that arrived after the first `after` messages. */
async function waitNewer(email: string, after: number) {
  const deadline = Date.now() + 15000;
  for (;;) {
    const mail = smtp.messages
      .slice(after)
      .find((m) => JSON.stringify(m.to).toLowerCase().includes(email.toLowerCase()) && SUBJECT.test(m.subject ?? ""));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no new reset mail to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Asks for a link for `email` and answers the token of the email that arrives. */
async function linkFor(email: string): Promise<string> {
  const before = smtp.messages.length;
  expectAnswer(await ask(email), FORGOT.accepted);
  return tokenOf(await waitNewer(email, before), t.config.mail.publicUrl, "/forgot-password");
}

const userRow = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0]!;

describe("forgot password → reset", () => {
  it("emails a one-hour link; the new password signs out every session and ends the lockout", async () => {
    const email = "user@example.com";
    const phone = await signIn(t.app, email);
    const laptop = await signIn(t.app, email);
    // Locked out by wrong passwords (5 for this email from this address): the reset is the way back in.
    const ip = freshIp();
    for (let i = 0; i < 5; i += 1) await login(t.app, email, "wrong password", ip);
    expect((await login(t.app, email, DEMO_PASSWORD, ip)).statusCode).toBe(429);

    const token = await linkFor("USER@example.com");
    const [code] = await t.db
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.purpose, "reset-password"), eq(oneTimeCodes.email, email)));
    const user = await userRow(email);
    expect(code).toMatchObject({ userId: user.id, usedAt: null });
    expect(code!.expiresAt.getTime() - code!.createdAt.getTime()).toBe(60 * 60 * 1000);
    expect(JSON.stringify(code)).not.toContain(token);

    expectAnswer(await reset(token, "a brand new secret"), FORGOT.reset);
    const after = await userRow(email);
    expect(after.passwordHash).not.toBe(user.passwordHash);
    expect(after.passwordHash).toMatch(/^\$argon2id\$/);
    // Signed out everywhere: neither earlier sign-in refreshes.
    for (const session of [phone, laptop]) {
      const refused = await refresh(t.app, session.refreshToken);
      expect(refused.statusCode).toBe(401);
      // ...and their access tokens are refused at once, not when they expire.
      expect((await getUser(t.app, session.accessToken, session.user.id)).statusCode).toBe(401);
    }
    const live = await t.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, user.id), sql`${refreshTokens.revokedAt} is null`));
    expect(live).toEqual([]);
    expect((await login(t.app, email, DEMO_PASSWORD, ip)).statusCode).toBe(401);
    expect((await login(t.app, email, "a brand new secret", ip)).statusCode).toBe(200);
    const entries = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, "reset-password"), eq(activityLog.recordId, user.id)));
    expect(entries).toMatchObject([{ actorId: user.id, resource: "users", changes: {} }]);

    // The link worked once.
    await expectNothingChanged(
      t,
      () => reset(token, "yet another secret"),
      (response) => expectAnswer(response, FORGOT.linkNotValid),
      1,
    );
    // A link lengthened by a mail client: refused by the schema, naming the token.
    expectAnswer(await reset(`${token}${"x".repeat(200)}`, "yet another secret"), FORGOT.tokenTooLong);
  });

  it("answers an unknown, a disabled or an invited user's email exactly like a known one, and sends nothing", async () => {
    await t.db.update(users).set({ status: "disabled" }).where(eq(users.email, "pastdue@example.com"));
    await t.db.update(users).set({ status: "invited" }).where(eq(users.email, "inactive@example.com"));
    const known = await ask("manager@example.com");
    await mailsTo(smtp, "manager@example.com", SUBJECT, 1);
    for (const email of ["nobody@example.com", "pastdue@example.com", "inactive@example.com"]) {
      const before = await flowState(t);
      const answer = await ask(email);
      expect([answer.statusCode, answer.body]).toEqual([known.statusCode, known.body]);
      expectAnswer(answer, FORGOT.accepted);
      // Another request's mail, sent after this one's lookup began: by then this one is done.
      await linkFor("admin@example.com");
      expect(smtp.messages.some((mail) => JSON.stringify(mail.to).includes(email))).toBe(false);
      const after = await flowState(t);
      expect(after.resources).toEqual(before.resources);
      const codes = await t.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.email, email));
      expect(codes).toEqual([]);
    }
  });
});

describe("refusals change nothing", () => {
  it("an unknown token, or a link replaced by a newer one", async () => {
    const first = await linkFor("admin@example.com");
    const second = await linkFor("admin@example.com");
    for (const token of [first, "z".repeat(43), `${second}x`]) {
      await expectNothingChanged(
        t,
        () => reset(token, "a brand new secret"),
        (response) => expectAnswer(response, FORGOT.linkNotValid),
        1,
      );
    }
  });

  it("a link past its hour", async () => {
    const token = await linkFor("admin@example.com");
    clock.advance(60 * 60 * 1000);
    await expectNothingChanged(
      t,
      () => reset(token, "a brand new secret"),
      (response) => expectAnswer(response, FORGOT.linkNotValid),
      1,
    );
  });

  it("a user disabled or deleted since the link was sent", async () => {
    for (const change of [{ status: "disabled" as const }, { deletedAt: new Date() }]) {
      const token = await linkFor("manager@example.com");
      await t.db.update(users).set(change).where(eq(users.email, "manager@example.com"));
      try {
        await expectNothingChanged(
          t,
          () => reset(token, "a brand new secret"),
          (response) => expectAnswer(response, FORGOT.linkNotValid),
          1,
        );
      } finally {
        await t.db
          .update(users)
          .set({ status: "active", deletedAt: null })
          .where(eq(users.email, "manager@example.com"));
      }
    }
  });

  it("invalid input: 400 before anything is counted", async () => {
    const token = await linkFor("admin@example.com");
    const cases: [string, unknown, string][] = [
      ["/api/forgot-password/reset", { token, password: "short" }, FORGOT.shortPassword.body.message],
      ["/api/forgot-password/reset", { token, password: " ".repeat(10) }, "password must not be empty"],
      ["/api/forgot-password/reset", { token }, "password is required"],
      ["/api/forgot-password/reset", { token: "", password: "long enough" }, "token must not be empty"],
      [
        "/api/forgot-password/reset",
        { token: "a\u0000b", password: "long enough" },
        "token must not contain NUL or unpaired surrogate characters",
      ],
      ["/api/forgot-password", { email: "not an email" }, "email must be a valid email address"],
      ["/api/forgot-password", { email: "a@b.example", extra: 1 }, "extra is not an allowed field"],
    ];
    for (const [url, payload, message] of cases) {
      await expectNothingChanged(
        t,
        () => t.app.inject({ method: "POST", url, payload: payload as object, remoteAddress: freshIp() }),
        (response) => {
          expect(response.statusCode, response.body).toBe(400);
          expect(response.json().message).toBe(message);
        },
        0,
      );
    }
    expectAnswer(await reset(token, "1234567"), FORGOT.shortPassword);
  });

  it("too many requests from one address for one email, or from one address: 429, not counted, nothing sent", async () => {
    const email = "admin@example.com";
    const earlier = (await mailsTo(smtp, email, SUBJECT, 0)).length;
    const asker = freshIp();
    for (let i = 0; i < 3; i += 1) expectAnswer(await ask(email, asker), FORGOT.accepted);
    // The accepted ones' emails are sent after the answer: once they are out, all is still.
    await mailsTo(smtp, email, SUBJECT, earlier + 3);
    await expectNothingChanged(
      t,
      () => ask(email, asker),
      (response) => {
        expectAnswer(response, FORGOT.tooMany);
        expect(response.headers["retry-after"]).toBe("3600");
      },
      0,
    );

    const ip = freshIp();
    for (let i = 0; i < 20; i += 1) expectAnswer(await ask(`stranger-${i}@example.com`, ip), FORGOT.accepted);
    await expectNothingChanged(
      t,
      () => ask("stranger-20@example.com", ip),
      (response) => expectAnswer(response, FORGOT.tooMany),
      0,
    );
    for (let i = 0; i < 20; i += 1) expectAnswer(await reset("q".repeat(43), "long enough", ip), FORGOT.linkNotValid);
    await expectNothingChanged(
      t,
      () => reset("q".repeat(43), "long enough", ip),
      (response) => expectAnswer(response, FORGOT.resetTooMany),
      0,
    );
  });
});
