/**
 * Register (docs/api.md "Public flows"): a request always answers the same 202;
 * the confirmation link arrives through a real SMTP server; confirming creates the account (no
 * subscription), its first location and its owner in one transaction and signs the owner in.
 * Every refusal — expired, reused, replaced or unknown link, a taken email, too many requests,
 * invalid input — leaves the database as it was (the counted request aside).
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { movableClock } from "../../server/src/clock";
import { accounts, activityLog, businesses, oneTimeCodes, subscriptions, users } from "../../server/src/db/schema";
import type { LoginResponse } from "../../src/api/types";
import type { RegisterRequest } from "../../src/api/register";
import { CONTRACT } from "../fixtures/contract";
import type { TestSmtpServer } from "../support/smtpServer";
import { bearer, expectAnswer, freshIp, login, refresh, signIn, type TestApp } from "./helpers";
import { appWithMail, expectNothingChanged, flowState, mailsTo, tokenOf } from "./publicFlowHelpers";

const REGISTER = CONTRACT.register;
const clock = movableClock();
let t: TestApp;
let smtp: TestSmtpServer;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, smtp, close } = await appWithMail(clock));
});
afterAll(() => close());

let serial = 0;
const details = (overrides: Partial<RegisterRequest> = {}): RegisterRequest => {
  serial += 1;
  return {
    firstName: "Ada",
    lastName: "Lovelace",
    email: `ada-${serial}@lovelace-gems.example.com`,
    password: "analytical-engine",
    accountName: "Lovelace Gems",
    country: "GB",
    phone: "+44 20 7946 0000",
    ...overrides,
  };
};

const register = (body: unknown, ip = freshIp()) =>
  t.app.inject({ method: "POST", url: "/api/register", payload: body as object, remoteAddress: ip });
const confirm = (token: string, ip = freshIp()) =>
  t.app.inject({ method: "POST", url: "/api/register/confirm", payload: { token }, remoteAddress: ip });

/** Registers and answers the token of the confirmation email that arrives. */
async function registered(body: RegisterRequest): Promise<string> {
  expectAnswer(await register(body), REGISTER.accepted);
  const mail = await smtp.waitFor(body.email, /Confirm your email address/);
  smtp.messages.splice(smtp.messages.indexOf(mail), 1);
  return tokenOf(mail, t.config.mail.publicUrl, "/register");
}

const usersWith = (email: string) =>
  t.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);

describe("register → confirm", () => {
  it("emails a link, creates nothing until it is confirmed, then the owner is signed in on an inactive account", async () => {
    const body = details({ email: "Ada.Owner@Lovelace-Gems.example.com", firstName: "  Ada ", phone: undefined });
    const before = await flowState(t);
    const token = await registered(body);
    const email = "ada.owner@lovelace-gems.example.com";

    // Nothing in accounts or users yet; the details wait in the code, the password only hashed.
    expect(await usersWith(email)).toEqual([]);
    expect((await flowState(t)).resources).toEqual(before.resources);
    const [code] = await t.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.email, email));
    expect(code).toMatchObject({ purpose: "register", usedAt: null, userId: null });
    expect(code!.payload).toMatchObject({ firstName: "Ada", accountName: "Lovelace Gems", country: "GB", phone: "" });
    expect(String(code!.payload.passwordHash)).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(code)).not.toContain(body.password);
    expect(JSON.stringify(code)).not.toContain(token);
    expect(code!.expiresAt.getTime() - code!.createdAt.getTime()).toBe(24 * 60 * 60 * 1000);
    // Sign-in does not work before the email is confirmed.
    expect((await login(t.app, email, body.password)).statusCode).toBe(401);

    const session = expectAnswer<LoginResponse>(await confirm(token), REGISTER.confirmed);
    expect(session.user).toMatchObject({ firstName: "Ada", lastName: "Lovelace", email, role: "Admin" });

    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, session.user.accountId));
    expect(account).toMatchObject({
      name: "Lovelace Gems",
      email,
      country: "GB",
      phone: "",
      status: "active",
      subscriptionStatus: "inactive",
      ownerId: session.user.id,
    });
    const [business] = await t.db.select().from(businesses).where(eq(businesses.accountId, account!.id));
    expect(business).toMatchObject({ id: session.user.businessId, name: "Lovelace Gems", ownerId: session.user.id });
    const [owner] = await usersWith(email);
    expect(owner).toMatchObject({ status: "active", role: "Admin", businessId: business!.id });
    expect(owner!.passwordHash).toBe(code!.payload.passwordHash);
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.accountId, account!.id))).toEqual([]);
    const entries = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.resource, "accounts"), eq(activityLog.recordId, account!.id)));
    expect(entries.map((entry) => [entry.action, entry.actorId])).toEqual([["register", session.user.id]]);
    expect(JSON.stringify(entries)).not.toContain("argon2");

    // The console's subscription gate then sends the owner to /new-subscription.
    const status = await t.app.inject({
      method: "GET",
      url: "/api/v2/payments/subscription",
      headers: bearer(session.accessToken),
    });
    // …where the owner, the new account's one admin, is named as the one who may pay.
    expect(status.json()).toEqual({
      ...CONTRACT.subscription.inactive.body,
      admins: [{ name: "Ada Lovelace", email }],
    });
    expect((await refresh(t.app, session.refreshToken)).statusCode).toBe(200);
    expect((await login(t.app, email, body.password)).statusCode).toBe(200);

    // The link worked once.
    await expectNothingChanged(
      t,
      () => confirm(token),
      (response) => expectAnswer(response, REGISTER.linkNotValid),
      1,
    );
  });

  it("answers a taken email exactly like a free one, and emails the address that it is in use instead", async () => {
    const free = details();
    const taken = details({ email: "Manager@Example.com" });
    const freeAnswer = await register(free);
    await smtp.waitFor(free.email, /Confirm your email address/);
    const before = await flowState(t);
    const takenAnswer = await register(taken);
    expect([takenAnswer.statusCode, takenAnswer.body]).toEqual([freeAnswer.statusCode, freeAnswer.body]);
    expectAnswer(takenAnswer, REGISTER.accepted);

    const mail = await smtp.waitFor("manager@example.com", /You already have an account/);
    // Greeted as the address's own user, not by the name typed into the form.
    const [manager] = await usersWith("manager@example.com");
    expect(mail.text).toContain(`Hello ${manager!.firstName},`);
    expect(mail.text).toContain(`${t.config.mail.publicUrl}/login`);
    expect(mail.text).toContain(`${t.config.mail.publicUrl}/forgot-password`);
    expect(mail.text).not.toMatch(/token=/);
    // No code, no account: only the request was counted.
    expect(await flowState(t)).toEqual({ ...before, requests: before.requests + 1 });
  });

  it("treats an account's own email as taken too", async () => {
    const accountEmail = (await t.db.select({ email: accounts.email }).from(accounts).limit(1))[0]!.email;
    expect(await usersWith(accountEmail)).toEqual([]);
    const before = await flowState(t);
    expectAnswer(await register(details({ email: accountEmail })), REGISTER.accepted);
    const mail = await smtp.waitFor(accountEmail, /You already have an account/);
    expect(mail.text).toContain("Hello,");
    expect(await flowState(t)).toEqual({ ...before, requests: before.requests + 1 });
  });

  it("two confirmations at once: one account, the other is told the link was used", async () => {
    const body = details();
    const token = await registered(body);
    const answers = await Promise.all([confirm(token), confirm(token)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404]);
    expect(await usersWith(body.email)).toHaveLength(1);
  });
});

describe("refusals change nothing", () => {
  it("an unknown token, or a link replaced by a newer registration", async () => {
    const body = details();
    const first = await registered(body);
    const second = await registered(body);
    for (const token of [first, "x".repeat(43), second.slice(0, -1)]) {
      await expectNothingChanged(
        t,
        () => confirm(token),
        (response) => expectAnswer(response, REGISTER.linkNotValid),
        1,
      );
    }
    expectAnswer(await confirm(second), REGISTER.confirmed);
  });

  it("a link past its 24 hours", async () => {
    const body = details();
    const token = await registered(body);
    clock.advance(24 * 60 * 60 * 1000);
    try {
      await expectNothingChanged(
        t,
        () => confirm(token),
        (response) => expectAnswer(response, REGISTER.linkNotValid),
        "any",
      );
    } finally {
      clock.set(new Date());
    }
  });

  it("an email taken between the request and the confirmation: 409, nothing created, the link kept", async () => {
    const body = details();
    const token = await registered(body);
    const { accessToken } = await signIn(t.app, "superadmin@example.com");
    const created = await t.app.inject({
      method: "POST",
      url: "/api/accounts",
      headers: bearer(accessToken),
      payload: { name: "Quicker Gems", email: body.email.toUpperCase(), country: "FR" },
    });
    expect(created.statusCode, created.body).toBe(201);
    for (let i = 0; i < 2; i += 1) {
      await expectNothingChanged(
        t,
        () => confirm(token),
        (response) => expectAnswer(response, REGISTER.emailTaken),
        1,
      );
    }
    expect(await usersWith(body.email)).toEqual([]);
  });

  it("invalid input: 400 before anything is counted or sent", async () => {
    const cases: [Partial<RegisterRequest> & Record<string, unknown>, string | typeof REGISTER.unknownCountry][] = [
      [{ password: "short" }, "password must be at least 8 characters long"],
      // Spaces only: as good as no password (outside review: accepted and signed in with).
      [{ password: " ".repeat(12) }, "password must not be empty"],
      [{ country: "XX" }, REGISTER.unknownCountry.body.message],
      [{ country: "gb" }, "country is not in the expected format"],
      [{ accountName: "   " }, REGISTER.blankName.body.message],
      [{ firstName: "Ada\u0000" }, "firstName must not contain NUL or unpaired surrogate characters"],
      [{ phone: "call me" }, "phone is not in the expected format"],
      [{ email: "not-an-email" }, "email must be a valid email address"],
      [{ lastName: "L".repeat(81) }, "lastName must be at most 80 characters long"],
      [{ role: "SuperAdmin" }, "role is not an allowed field"],
    ];
    for (const [overrides, message] of cases) {
      const sent = details(overrides as Partial<RegisterRequest>);
      await expectNothingChanged(
        t,
        () => register(sent),
        (response) => {
          expect(response.statusCode, response.body).toBe(400);
          expect(response.json().message).toBe(message);
        },
        0,
      );
    }
    expectAnswer(await register(details({ country: "XX" })), REGISTER.unknownCountry);
    expectAnswer(await register(details({ accountName: " " })), REGISTER.blankName);
    expectAnswer(await register(details({ password: "1234567" })), REGISTER.shortPassword);
  });

  it("too many requests from one address for one email, or from one address: 429, not counted, nothing sent", async () => {
    const body = details();
    const asker = freshIp();
    for (let i = 0; i < 3; i += 1) expectAnswer(await register(body, asker), REGISTER.accepted);
    // The emails of the accepted ones are sent after the answer: once they are out, all is still.
    await mailsTo(smtp, body.email, /Confirm your email address/, 3);
    await expectNothingChanged(
      t,
      () => register(body, asker),
      (response) => {
        expectAnswer(response, REGISTER.tooMany);
        expect(response.headers["retry-after"]).toBe("3600");
      },
      0,
    );

    const ip = freshIp();
    const many = Array.from({ length: 10 }, () => details());
    for (const one of many) expectAnswer(await register(one, ip), REGISTER.accepted);
    for (const one of many) await smtp.waitFor(one.email, /Confirm your email address/);
    await expectNothingChanged(
      t,
      () => register(details(), ip),
      (response) => expectAnswer(response, REGISTER.tooMany),
      0,
    );

    for (let i = 0; i < 20; i += 1) expectAnswer(await confirm("y".repeat(43), ip), REGISTER.linkNotValid);
    await expectNothingChanged(
      t,
      () => confirm("y".repeat(43), ip),
      (response) => expectAnswer(response, REGISTER.confirmTooMany),
      0,
    );
  });
});
