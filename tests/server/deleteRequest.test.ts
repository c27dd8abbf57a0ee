/**
 * The data-deletion request (docs/api.md "Public flows"): a code by email (the same answer for any
 * email), a resend after a 60-second cool-down, the code confirmed once within 15 minutes, and the
 * request scheduled: a person alone (a user deletion the lifecycle carries out 21 days later), or
 * the whole account when its owner asks (pending deletion, withdrawn if the account is restored).
 * Every refusal — wrong, expired, reused or killed code, unknown email, too soon, too many — leaves
 * the database as it was, but for the attempt or request it counts. Mail goes through a real SMTP
 * server in this process; the clock is moved, not waited for.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DATA_DELETION_DAYS,
  DELETE_REQUEST_SENT,
  DELETE_REQUEST_WRONG_CODE,
  deletionKindFor,
  type DeleteRequestConfirmed,
} from "../../src/api/deleteRequest";
import type { ScheduledAction } from "../../src/api/lifecycle";
import { movableClock } from "../../server/src/clock";
import { loadConfig } from "../../server/src/config";
import {
  accounts,
  activityLog,
  oneTimeCodes,
  publicRequests,
  refreshTokens,
  scheduledActions,
  subscriptions,
  tests,
  users,
} from "../../server/src/db/schema";
import { runLifecycle } from "../../server/src/lifecycle/scheduler";
import { FORGOTTEN_VALUE } from "../../server/src/lifecycle/forgetInActivity";
import { DAY_MS } from "../../server/src/lifecycle/steps";
import { hashCode, MAX_CODE_ATTEMPTS } from "../../server/src/publicFlows/codes";
import { DELETE_CONFIRM_LIMIT } from "../../server/src/publicFlows/deleteRequest";
import { startSmtpServer, type TestSmtpServer } from "../support/smtpServer";
import { OWNER_FLOWS_CONTRACT } from "../fixtures/ownerFlowsContract";
import { bearer, createTestApp, expectAnswer, freshIp, signIn, tablesDigest, type TestApp } from "./helpers";
import { A, tokens, U, type Who } from "./records";
import { call, listUrl } from "./resourceHelpers";

const START = new Date(Math.ceil(Date.now() / DAY_MS) * DAY_MS + 9 * 3_600_000);
const clock = movableClock(START);
let smtp: TestSmtpServer;
let t: TestApp;
let token: (who: Who) => Promise<string>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    clock,
    config: { mail: { ...loadConfig({}).mail, smtpUrl: smtp.url, publicUrl: "https://console.example.com" } },
  });
  token = tokens(() => t.app);
  // Paid far ahead: the lifecycle runs below move only what this file asks for.
  await t.db.update(subscriptions).set({ status: "active", currentPeriodEnd: new Date("2100-01-01T00:00:00Z") });
  await t.db.update(accounts).set({ subscriptionStatus: "active" });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const ask = (email: string, ip = freshIp()) =>
  t.app.inject({ method: "POST", url: "/api/delete-request", payload: { email }, remoteAddress: ip });
const confirm = (email: string, code: string, ip = freshIp()) =>
  t.app.inject({ method: "POST", url: "/api/delete-request/confirm", payload: { email, code }, remoteAddress: ip });

/** The code of the newest message to `to` (the code's subject), waiting for one sent after `since` messages. */
async function codeFor(to: string, since: number): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mail = smtp.messages
      .slice(since)
      .find((m) => (m.text ?? "").includes("Your code:") && JSON.stringify(m.to).includes(to));
    if (mail) return /Your code: (\d{6})/.exec(mail.text ?? "")![1]!;
    if (Date.now() > deadline) throw new Error(`no code for ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Everything a refusal must leave as it was (the counted attempts and requests are checked apart). */
const STATE = [scheduledActions, accounts, users, activityLog, refreshTokens];
const state = () => tablesDigest(t.db, STATE);

const expectWrongCode = (response: LightMyRequestResponse) => {
  expectAnswer(response, OWNER_FLOWS_CONTRACT.deleteRequest.wrongCode);
  expect(response.json()).toEqual({ message: DELETE_REQUEST_WRONG_CODE });
};

const codesOf = (email: string) =>
  t.db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.purpose, "delete-request"), eq(oneTimeCodes.email, email)));

describe("asking for a code", () => {
  // Where each email was asked from: the resend's cool-down refuses that address.
  const askedFrom: Record<string, string> = {
    "daniel.kim@example.com": freshIp(),
    "nobody-here@example.com": freshIp(),
  };

  it("answers a real and an unknown email alike; only the real one gets a code, stored hashed", async () => {
    const before = smtp.messages.length;
    const real = await ask("Daniel.Kim@Example.com", askedFrom["daniel.kim@example.com"]);
    const unknown = await ask("nobody-here@example.com", askedFrom["nobody-here@example.com"]);
    expectAnswer(real, OWNER_FLOWS_CONTRACT.deleteRequest.sent);
    expectAnswer(unknown, OWNER_FLOWS_CONTRACT.deleteRequest.sent);
    expect(real.json()).toEqual(unknown.json());
    expect(real.json()).toEqual({ message: DELETE_REQUEST_SENT, codeExpiresInSeconds: 900, resendAfterSeconds: 60 });

    const code = await codeFor("daniel.kim@example.com", before);
    expect(code).toMatch(/^\d{6}$/);
    const mail = smtp.messages.slice(before).find((m) => JSON.stringify(m.to).includes("daniel.kim@example.com"))!;
    expect(mail.subject).toBe("Gemtest: Your code to confirm a data-deletion request");
    expect(mail.text).toContain("Hello Daniel,");
    expect(mail.text).toContain(
      "https://console.example.com/delete-request-confirmation?email=daniel.kim%40example.com",
    );
    expect(mail.text).toContain("The code works once, for 15 minutes.");
    const [row] = await codesOf("daniel.kim@example.com");
    expect(row).toMatchObject({ codeHash: hashCode(code), userId: U.secondUser, usedAt: null });
    expect(row!.expiresAt.getTime() - clock.now().getTime()).toBe(15 * 60_000);
    expect(JSON.stringify(row)).not.toContain(code);
    expect(await codesOf("nobody-here@example.com")).toEqual([]);
  });

  it("a resend within 60 seconds from the same address is refused for any email with the seconds left, writing nothing", async () => {
    const digest = await tablesDigest(t.db, [oneTimeCodes, publicRequests]);
    clock.advance(15_000);
    for (const email of ["daniel.kim@example.com", "nobody-here@example.com"]) {
      const refused = await ask(email, askedFrom[email]);
      expectAnswer(refused, OWNER_FLOWS_CONTRACT.deleteRequest.tooSoon);
      expect(refused.headers["retry-after"]).toBe("45");
    }
    expect(await tablesDigest(t.db, [oneTimeCodes, publicRequests])).toEqual(digest);
    // From another address: the same answer as ever, but no new code (only the request is counted).
    const codes = await tablesDigest(t.db, [oneTimeCodes]);
    expectAnswer(await ask("daniel.kim@example.com"), OWNER_FLOWS_CONTRACT.deleteRequest.sent);
    expect(await tablesDigest(t.db, [oneTimeCodes])).toEqual(codes);
    // After the cool-down (counted from that last request) a new code comes, and only the newest works.
    clock.advance(61_000);
    const first = (await codesOf("daniel.kim@example.com"))[0]!;
    const before = smtp.messages.length;
    expect((await ask("daniel.kim@example.com")).statusCode).toBe(202);
    const second = await codeFor("daniel.kim@example.com", before);
    const rows = await codesOf("daniel.kim@example.com");
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.id === first.id)!.usedAt).not.toBeNull();
    expect(second).toMatch(/^\d{6}$/);
  });

  it("refuses malformed emails (400) and caps codes per address and per address and email (429)", async () => {
    for (const email of ["", "not-an-email", `${"a".repeat(250)}@example.com`, "a\u0000@example.com"]) {
      expect((await ask(email)).statusCode, email).toBe(400);
    }
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      expect((await ask(`cap-${i}@example.com`, ip)).statusCode).toBe(202);
    }
    const refused = await ask("cap-last@example.com", ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toBe("Too many requests. Try again in 60 minutes.");

    // One email from one address, each time after the cool-down: five requests an hour (docs/api.md), then 429
    // to that address, saying when the first of the five leaves the hour.
    const email = "cap-one@example.com";
    const asker = freshIp();
    for (let i = 0; i < 5; i++) {
      clock.advance(61_000);
      expect((await ask(email, asker)).statusCode).toBe(202);
    }
    clock.advance(61_000);
    const digest = await tablesDigest(t.db, [oneTimeCodes, publicRequests]);
    const capped = await ask(email, asker);
    expect(capped.statusCode).toBe(429);
    expect(capped.json<{ message: string }>().message).toBe("Too many requests. Try again in 55 minutes.");
    expect(capped.headers["retry-after"]).toBe(String(3600 - 5 * 61));
    expect(await tablesDigest(t.db, [oneTimeCodes, publicRequests])).toEqual(digest);
    // Another address asking for the same email is not refused.
    expect((await ask(email)).statusCode).toBe(202);
  });
});

describe("confirming", () => {
  it("refuses a wrong code, an unknown email, an expired, reused or killed code alike; only attempts are counted", async () => {
    const email = "user@example.com";
    let since = smtp.messages.length;
    expect((await ask(email)).statusCode).toBe(202);
    let code = await codeFor(email, since);
    const wrong = code === "000000" ? "111111" : "000000";

    const digest = await state();
    expectWrongCode(await confirm(email, wrong));
    expect((await codesOf(email))[0]!.attempts).toBe(1);
    expectWrongCode(await confirm("nobody-here@example.com", code));
    expectWrongCode(await confirm(email, "12ab"));
    expect(await state()).toEqual(digest);

    // Expired: 15 minutes after it was sent.
    clock.advance(15 * 60_000);
    expectWrongCode(await confirm(email, code));
    expect(await state()).toEqual(digest);

    // Killed: five wrong tries, then the right one is refused too.
    clock.advance(61_000);
    since = smtp.messages.length;
    expect((await ask(email)).statusCode).toBe(202);
    code = await codeFor(email, since);
    const other = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i++) expectWrongCode(await confirm(email, other));
    expectWrongCode(await confirm(email, code));
    expect(await state()).toEqual(digest);
  });

  it("schedules a user's own deletion 21 days ahead, spends the code, logs it and emails what happens", async () => {
    const email = "user@example.com";
    // An hour on: the confirmations tried above no longer count against this email's limit.
    clock.advance(3_600_000);
    const since = smtp.messages.length;
    expect((await ask(email)).statusCode).toBe(202);
    const code = await codeFor(email, since);
    const now = clock.now();
    const done = await confirm("User@Example.com", code);
    expectAnswer(done, OWNER_FLOWS_CONTRACT.deleteRequest.confirmedUser);
    const runAt = new Date(now.getTime() + DATA_DELETION_DAYS * DAY_MS).toISOString();
    expect(done.json<DeleteRequestConfirmed>()).toEqual({
      kind: "user-deletion",
      accountName: "Brilliant Gems Ltd",
      runAt,
    });

    // Spent: the same code again is refused, changing nothing.
    const digest = await state();
    expectWrongCode(await confirm(email, code));
    expect(await state()).toEqual(digest);

    const [action] = await t.db.select().from(scheduledActions).where(eq(scheduledActions.userId, U.user));
    expect(action).toMatchObject({
      kind: "user-deletion",
      reason: "deletion-request",
      accountId: A.brilliantGems,
      requestedBy: U.user,
      doneAt: null,
      canceledAt: null,
    });
    expect(action!.runAt.toISOString()).toBe(runAt);
    const [entry] = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, "delete-request"), eq(activityLog.recordId, U.user)));
    expect(entry).toMatchObject({ actorId: U.user, resource: "users", changes: { kind: "user-deletion", runAt } });

    const mail = await smtp.waitFor(email, /data-deletion request is confirmed/);
    expect(mail.text).toContain("Your user Uma Patel in Brilliant Gems Ltd will be deleted on");
    expect(mail.text).toContain("The tests you made stay with Brilliant Gems Ltd");

    // Super admins see it, with whose it is.
    const list = await call(
      t,
      await token("superAdmin"),
      "GET",
      listUrl("scheduled-actions", { filter: { kind: "user-deletion", state: "pending" } }),
    );
    const rows = list.json<ScheduledAction[]>();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: U.user,
      userName: "Uma Patel",
      reason: "deletion-request",
      requestedByName: "Uma Patel",
    });
  });

  it("the lifecycle carries it out when due: the person anonymised, their tests kept by the account", async () => {
    const uma = await signIn(t.app, "user@example.com");
    // Her tests not in Recover's bin (the run purges those past 15 days, whoever made them).
    const hers = and(eq(tests.createdBy, U.user), isNull(tests.deletedAt));
    const testsBefore = await t.db.select({ id: tests.id }).from(tests).where(hers);
    expect(testsBefore.length).toBeGreaterThan(0);

    const run = (days: number) => {
      const at = new Date(START.getTime() + days * DAY_MS);
      clock.set(at);
      return runLifecycle({ db: t.db, storage: t.storage, now: at });
    };
    // Her admin renames her: the activity log now holds her name and email, as entries about people do.
    const admin = await token("admin");
    const current = (await call(t, admin, "GET", `/api/users/${U.user}`)).json<{
      version: number;
      firstName: string;
    }>();
    const renamed = await call(t, admin, "PUT", `/api/users/${U.user}`, {
      version: current.version,
      firstName: current.firstName,
      lastName: "Patel-Okafor",
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const naming = () =>
      t.db
        .select({ id: activityLog.id, changes: activityLog.changes })
        .from(activityLog)
        .where(sql`${activityLog.changes}::text ~ ${"Patel|user@example\\.com"}`);
    const renameEntry = (await naming()).find((entry) => "lastName" in entry.changes);
    expect(renameEntry?.changes).toMatchObject({ lastName: ["Patel", "Patel-Okafor"] });

    await run(DATA_DELETION_DAYS - 1);
    expect((await t.db.select().from(users).where(eq(users.id, U.user)))[0]!.firstName).toBe("Uma");
    await run(DATA_DELETION_DAYS + 1);
    const [after] = await t.db.select().from(users).where(eq(users.id, U.user));
    expect(after).toMatchObject({
      firstName: "Deleted",
      lastName: "user",
      email: `deleted-${U.user}@deleted.invalid`,
      passwordHash: "",
      status: "disabled",
      avatar: null,
    });
    expect(after!.deletedAt).not.toBeNull();
    // The log keeps what happened, not who she was: no entry names her any more.
    expect(await naming()).toEqual([]);
    const [forgotten] = await t.db.select().from(activityLog).where(eq(activityLog.id, renameEntry!.id));
    expect(forgotten!.changes).toMatchObject({ lastName: [FORGOTTEN_VALUE, FORGOTTEN_VALUE] });
    expect(await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, U.user))).toEqual([]);
    const testsAfter = await t.db.select({ id: tests.id, accountId: tests.accountId }).from(tests).where(hers);
    expect(testsAfter.map((row) => row.id).sort()).toEqual(testsBefore.map((row) => row.id).sort());
    expect(testsAfter.every((row) => row.accountId === A.brilliantGems)).toBe(true);
    // Her session ends (499: deleted user), and the account lives on.
    const me = await t.app.inject({ method: "POST", url: "/api/verify-token", headers: bearer(uma.accessToken) });
    expect(me.statusCode).toBe(499);
    expect((await t.db.select().from(accounts).where(eq(accounts.id, A.brilliantGems)))[0]!.status).toBe("active");
    const [action] = await t.db.select().from(scheduledActions).where(eq(scheduledActions.userId, U.user));
    expect(action).toMatchObject({ outcome: "deleted" });
    // Done once: a second run finds nothing.
    expect((await run(DATA_DELETION_DAYS + 1)).actions).toBe(0);
    clock.set(START);
  });

  it("an account owner's request schedules the account's deletion; restoring the account withdraws it", async () => {
    clock.set(new Date(START.getTime() + 2 * 3_600_000));
    const email = "pastdue@example.com";
    const since = smtp.messages.length;
    expect((await ask(email)).statusCode).toBe(202);
    const code = await codeFor(email, since);
    const done = await confirm(email, code);
    expectAnswer(done, OWNER_FLOWS_CONTRACT.deleteRequest.confirmedAccount);
    expect(done.json<DeleteRequestConfirmed>()).toMatchObject({
      kind: "account-deletion",
      accountName: "Lapis Traders",
    });
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, A.lapisTraders));
    expect(account).toMatchObject({ status: "pending_deletion" });
    expect(account!.deletionRequestedAt?.toISOString()).toBe(clock.now().toISOString());
    const [entry] = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, "delete-request"), eq(activityLog.recordId, A.lapisTraders)));
    expect(entry).toMatchObject({
      resource: "accounts",
      actorId: U.pastDueAdmin,
      changes: { status: ["active", "pending_deletion"] },
    });
    const mail = await smtp.waitFor(email, /data-deletion request is confirmed/);
    expect(mail.text).toContain("The account Lapis Traders and everything in it");

    const sa = await token("superAdmin");
    const list = await call(
      t,
      sa,
      "GET",
      listUrl("scheduled-actions", { filter: { kind: "account-deletion", state: "pending" } }),
    );
    const row = list.json<ScheduledAction[]>().find((r) => r.accountId === A.lapisTraders);
    expect(row).toMatchObject({ reason: "deletion-request", requestedByName: "Priya Shah", userId: null });

    // Restored (Recover): the next run withdraws the deletion, as for a deletion asked by a super admin.
    const current = (await call(t, sa, "GET", `/api/accounts/${A.lapisTraders}`)).json<{ version: number }>();
    const restored = await call(t, sa, "POST", `/api/accounts/${A.lapisTraders}/restore`, { version: current.version });
    expect(restored.statusCode, restored.body).toBe(200);
    await runLifecycle({ db: t.db, storage: t.storage, now: clock.now() });
    const [withdrawn] = await t.db
      .select()
      .from(scheduledActions)
      .where(and(eq(scheduledActions.accountId, A.lapisTraders), eq(scheduledActions.kind, "account-deletion")));
    expect(withdrawn).toMatchObject({ outcome: "withdrawn" });
    expect(withdrawn!.canceledAt).not.toBeNull();
  });

  it("caps confirmations per address and email and per address (429), counting only the request", async () => {
    const email = "manager@example.com";
    const stranger = freshIp();
    for (let i = 0; i < DELETE_CONFIRM_LIMIT.perIpAndEmail!; i++)
      expectWrongCode(await confirm(email, "000000", stranger));
    const digest = await state();
    const refused = await confirm(email, "000000", stranger);
    expect(refused.statusCode).toBe(429);
    expect(await state()).toEqual(digest);
    // The stranger's tries do not refuse the person's, from their own address.
    expectWrongCode(await confirm(email, "000000"));

    // One address trying codes for many emails.
    const ip = freshIp();
    // 30 an hour (docs/api.md), written out: the test must not follow a changed limit.
    for (let i = 0; i < 30; i++) expectWrongCode(await confirm(`try-${i}@example.com`, "000000", ip));
    const fromAddress = await confirm("try-last@example.com", "000000", ip);
    expect(fromAddress.statusCode).toBe(429);
    expect(await state()).toEqual(digest);
  });
});

describe("who goes with a request", () => {
  it("the owner or the only active admin takes the account; anyone else, and super admins, go alone", () => {
    expect(deletionKindFor({ role: "User", isAccountOwner: false, otherActiveAdmins: 0 })).toBe("user-deletion");
    expect(deletionKindFor({ role: "Manager", isAccountOwner: false, otherActiveAdmins: 1 })).toBe("user-deletion");
    expect(deletionKindFor({ role: "Admin", isAccountOwner: false, otherActiveAdmins: 1 })).toBe("user-deletion");
    expect(deletionKindFor({ role: "Admin", isAccountOwner: false, otherActiveAdmins: 0 })).toBe("account-deletion");
    expect(deletionKindFor({ role: "User", isAccountOwner: true, otherActiveAdmins: 2 })).toBe("account-deletion");
    expect(deletionKindFor({ role: "SuperAdmin", isAccountOwner: true, otherActiveAdmins: 0 })).toBe("user-deletion");
  });
});
