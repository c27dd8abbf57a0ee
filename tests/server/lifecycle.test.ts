/**
 * The lifecycle (spec §4, §9; server/src/lifecycle/): the clock is moved across each boundary —
 * 6/7/8 days past due, 20/21/22 days of grace, 14/15/16 days after an account deletion or a
 * test deletion — and each run is repeated, so a transition done twice would show. A run stopped
 * between two transitions (as a crash would) loses nothing and repeats nothing on the next, and
 * two runs at once do each transition once.
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { movableClock } from "../../server/src/clock";
import {
  accounts,
  activityLog,
  bulkDownloads,
  businesses,
  devices,
  invitations,
  oneTimeCodes,
  payments,
  refreshTokens,
  scheduledActions,
  subscriptions,
  tests,
  users,
} from "../../server/src/db/schema";
import { runLifecycle } from "../../server/src/lifecycle/scheduler";
import { hashCode, issueCode } from "../../server/src/publicFlows/codes";
import { DAY_MS } from "../../server/src/lifecycle/steps";
import { FORGOTTEN_VALUE } from "../../server/src/lifecycle/forgetInActivity";
import { createTestApp, signIn, type TestApp } from "./helpers";
import { hashPassword } from "../../server/src/auth/passwords";
import { READ_ONLY_DURING_GRACE } from "../../server/src/lifecycle/grace";
import { insertTest, tokens, type Who } from "./records";
import { call, expectRefused, listUrl } from "./resourceHelpers";
import { CONTRACT } from "../fixtures/contract";
import { shapeDifferences } from "../fixtures/shape";
import type { ScheduledAction } from "../../src/api/lifecycle";
import { DEMO_PASSWORD } from "../../server/src/db/demoUsers";

const START = new Date("2030-03-01T12:00:00.000Z");
const clock = movableClock(START);
let t: TestApp;
let token: (who: Who) => Promise<string>;

beforeAll(async () => {
  // Sign-ins that outlast the clock's jumps (up to three years here): the runs' purge would
  // otherwise remove their expired refresh tokens, and with them the sign-ins the guard checks.
  t = await createTestApp({ clock, config: { refreshTokenTtlDays: 3650 } });
  token = tokens(() => t.app);
  for (const who of ["superAdmin", "admin", "manager", "user"] as const) await token(who);
  // The seed's own subscriptions are paid far ahead, so the lifecycle moves only this file's accounts.
  await t.db
    .update(subscriptions)
    .set({ status: "active", cancelAtPeriodEnd: false, currentPeriodEnd: new Date("2100-01-01T00:00:00Z") });
  await t.db.update(accounts).set({ subscriptionStatus: "active" });
});
afterAll(() => t.close());

/** A run at `at`, twice: the second must find nothing left to do. */
async function runAt(at: Date) {
  clock.set(at);
  const first = await runLifecycle({ db: t.db, storage: t.storage, now: at });
  const second = await runLifecycle({ db: t.db, storage: t.storage, now: at });
  expect(second.pastDue + second.actions).toBe(0);
  return first;
}

const after = (days: number, base = START) => new Date(base.getTime() + days * DAY_MS);

/** A super admin's deletion of an account, after the password re-check it needs (spec §6). */
async function deleteAccount(accountId: string) {
  const superAdmin = await token("superAdmin");
  await call(t, superAdmin, "POST", "/api/users/password/check", { password: DEMO_PASSWORD });
  return call(t, superAdmin, "DELETE", `/api/accounts/${accountId}`);
}

/** An account of its own: an admin, a business, a device, a test with photos, a subscription ending at START, a payment. */
async function freshAccount(name: string, subscription: { status?: "active" | "past_due"; periodEnd?: Date } = {}) {
  const accountId = randomUUID();
  const businessId = randomUUID();
  const userId = randomUUID();
  const deviceId = randomUUID();
  const subscriptionId = randomUUID();
  await t.db.insert(accounts).values({
    id: accountId,
    name,
    email: `${accountId}@example.com`,
    subscriptionStatus: subscription.status ?? "active",
    ownerId: userId,
  });
  await t.db.insert(businesses).values({ id: businessId, accountId, name: `${name} shop`, ownerId: userId });
  await t.db.insert(users).values({
    id: userId,
    accountId,
    businessId,
    firstName: "Owner",
    lastName: name,
    email: `owner-${accountId}@example.com`,
    passwordHash: "x",
    role: "Admin",
  });
  await t.db
    .insert(devices)
    .values({ id: deviceId, serialNumber: `LC-${accountId}`, typeCode: 6501, name: "Counter", accountId, businessId });
  const end = subscription.periodEnd ?? START;
  await t.db.insert(subscriptions).values({
    id: subscriptionId,
    accountId,
    plan: "Professional",
    price: 14900,
    currency: "GBP",
    interval: "month",
    status: subscription.status ?? "active",
    currentPeriodStart: after(-30, end),
    currentPeriodEnd: end,
  });
  await t.db.insert(payments).values({
    id: randomUUID(),
    accountId,
    subscriptionId,
    amount: 14900,
    currency: "GBP",
    status: "succeeded",
    method: "card",
    methodDetail: "Visa •••• 4242",
    invoiceNumber: `INV-L-${accountId}`,
    date: after(-30, end),
  });
  const test = await insertTest(t.db, t.storage, { accountId, businessId, createdBy: userId, deviceId, photos: 2 });
  return { accountId, userId, deviceId, subscriptionId, test };
}

/** The fresh account's Admin, given the demo password and signed in: their access token. */
async function signInAsOwner(userId: string): Promise<string> {
  await t.db
    .update(users)
    .set({ passwordHash: await hashPassword(DEMO_PASSWORD) })
    .where(eq(users.id, userId));
  const [owner] = await t.db.select().from(users).where(eq(users.id, userId));
  return (await signIn(t.app, owner!.email)).accessToken;
}

const accountOf = async (id: string) => (await t.db.select().from(accounts).where(eq(accounts.id, id)))[0]!;
const subscriptionOf = async (id: string) =>
  (await t.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
const pendingOf = (accountId: string) =>
  t.db
    .select()
    .from(scheduledActions)
    .where(
      and(
        eq(scheduledActions.accountId, accountId),
        isNull(scheduledActions.doneAt),
        isNull(scheduledActions.canceledAt),
      ),
    );
/** The actions logged about a record, oldest first (each run is its own transaction, so its own time). */
const entriesOf = async (recordId: string) =>
  (await t.db.select().from(activityLog).where(eq(activityLog.recordId, recordId)).orderBy(activityLog.createdAt)).map(
    (entry) => entry.action,
  );

describe("unpaid: past due for 7 days, then 21 days of grace, then the account is deleted", () => {
  it("moves at each boundary and not a moment before, each transition once", async () => {
    const { accountId, userId, subscriptionId, test } = await freshAccount("Garnet & Co");

    await runAt(after(-1 / 24));
    expect((await subscriptionOf(subscriptionId)).status).toBe("active");

    await runAt(after(1 / 24));
    expect((await subscriptionOf(subscriptionId)).status).toBe("past_due");
    expect((await accountOf(accountId)).subscriptionStatus).toBe("past_due");
    const [cancelation] = await pendingOf(accountId);
    expect(cancelation).toMatchObject({ kind: "subscription-cancelation", reason: "unpaid", requestedBy: null });
    expect(cancelation!.runAt).toEqual(after(7));

    await runAt(after(6));
    await runAt(after(7 - 1 / 86_400));
    expect((await subscriptionOf(subscriptionId)).status).toBe("past_due");

    await runAt(after(7));
    const canceled = await subscriptionOf(subscriptionId);
    expect(canceled).toMatchObject({ status: "canceled", graceEndsAt: after(28) });
    expect((await accountOf(accountId)).subscriptionStatus).toBe("canceled");
    const [deletion] = await pendingOf(accountId);
    expect(deletion).toMatchObject({ kind: "account-deletion", reason: "unpaid" });
    expect(deletion!.runAt).toEqual(after(28));

    await runAt(after(8));
    await runAt(after(7 + 20));
    expect((await accountOf(accountId)).status).toBe("active");
    expect(await t.storage.size(test.storageKeys[0]!)).not.toBeNull();

    // What the log said of the account and its owner before (as a create and an edit write it).
    await t.db.insert(activityLog).values([
      {
        id: randomUUID(),
        actorId: null,
        action: "create",
        resource: "accounts",
        recordId: accountId,
        changes: { name: "Garnet & Co", email: "garnet@example.com", phone: "+44 20 7946 0000", country: "GB" },
      },
      {
        id: randomUUID(),
        actorId: userId,
        action: "update",
        resource: "users",
        recordId: userId,
        changes: { lastName: ["Garnet", "Garnet-Hale"] },
      },
    ]);

    await runAt(after(7 + 21));
    const gone = await accountOf(accountId);
    expect(gone).toMatchObject({ status: "deleted", name: "Deleted account", phone: "" });
    expect(gone.email).not.toContain("example.com");
    const [owner] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(owner).toMatchObject({ firstName: "Deleted", lastName: "user", passwordHash: "", status: "disabled" });
    expect(owner!.deletedAt).not.toBeNull();
    expect(await t.db.select().from(tests).where(eq(tests.accountId, accountId))).toEqual([]);
    expect(await t.db.select().from(devices).where(eq(devices.accountId, accountId))).toEqual([]);
    for (const key of test.storageKeys) expect(await t.storage.size(key)).toBeNull();
    // Payments stay for accounting, with no card details.
    const kept = await t.db.select().from(payments).where(eq(payments.accountId, accountId));
    expect(kept).toHaveLength(1);
    expect(kept[0]!.methodDetail).toBeNull();
    expect(await pendingOf(accountId)).toEqual([]);

    await runAt(after(7 + 22));
    expect(await entriesOf(subscriptionId)).toEqual(["past-due", "cancel"]);
    expect(await entriesOf(accountId)).toEqual(["create", "delete"]);
    // The log keeps what happened; the account's and its people's names, emails and phones are gone from it.
    const naming = await t.db
      .select()
      .from(activityLog)
      .where(sql`${activityLog.changes}::text ~ ${"Garnet|example\\.com|7946"}`);
    expect(naming).toEqual([]);
    const [created] = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.recordId, accountId), eq(activityLog.action, "create")));
    expect(created!.changes).toEqual({
      name: FORGOTTEN_VALUE,
      email: FORGOTTEN_VALUE,
      phone: FORGOTTEN_VALUE,
      country: "GB",
    });
    // Nobody can sign in as the deleted owner: the list of accounts does not show it either.
    const list = await call(t, await token("superAdmin"), "GET", "/api/accounts?range=[0,99]");
    expect(list.json<{ id: string }[]>().map((row) => row.id)).not.toContain(accountId);
  });

  it("paying while past due makes the steps moot: active again, nothing is canceled or deleted", async () => {
    const { accountId, userId, subscriptionId } = await freshAccount("Paid Again", { periodEnd: after(40) });
    await runAt(after(40.1));
    expect((await accountOf(accountId)).subscriptionStatus).toBe("past_due");
    // The account's Admin pays on day 1 of the 7 (POST subscriptions/start, as the console does).
    const as = await signInAsOwner(userId);
    clock.set(after(41));
    const paid = await t.app.inject({
      method: "POST",
      url: "/api/subscriptions/start",
      headers: { authorization: `Bearer ${as}`, "idempotency-key": randomUUID() },
      payload: {
        plan: "professional",
        interval: "month",
        card: { number: "4242 4242 4242 4242", expiry: "12/39", cvc: "123", name: "Owner" },
      },
    });
    expect(paid.statusCode).toBe(201);
    expect((await accountOf(accountId)).subscriptionStatus).toBe("active");
    expect((await subscriptionOf(subscriptionId)).status).toBe("canceled");

    await runAt(after(47));
    await runAt(after(69));
    const [done] = await t.db.select().from(scheduledActions).where(eq(scheduledActions.accountId, accountId));
    expect(done).toMatchObject({ outcome: "paid" });
    expect(await accountOf(accountId)).toMatchObject({ status: "active", subscriptionStatus: "active" });
  });
  it("a renewal paid some other way (not subscriptions/start, which withdraws the steps) makes the unpaid step moot when it comes due", async () => {
    const { accountId, subscriptionId } = await freshAccount("Paid Elsewhere", { periodEnd: after(50) });
    await runAt(after(50.1));
    const [unpaid] = await pendingOf(accountId);
    expect(unpaid).toMatchObject({ kind: "subscription-cancelation", reason: "unpaid" });
    // The card on file is charged again (the payment provider's renewal): active, a period ahead.
    await t.db
      .update(subscriptions)
      .set({ status: "active", currentPeriodEnd: after(80) })
      .where(eq(subscriptions.id, subscriptionId));
    await runAt(after(57.1));
    const [done] = await t.db.select().from(scheduledActions).where(eq(scheduledActions.id, unpaid!.id));
    expect(done).toMatchObject({ outcome: "paid" });
    expect((await subscriptionOf(subscriptionId)).status).toBe("active");
    expect(await pendingOf(accountId)).toEqual([]);
  });
});

describe("what people ask for", () => {
  it("cancel at period end schedules a cancelation at the period end (who asked); resume withdraws it", async () => {
    const { accountId, subscriptionId } = await freshAccount("Opal Lane", { periodEnd: after(100) });
    const admin = await token("superAdmin");
    const cancel = async () => {
      const sub = await subscriptionOf(subscriptionId);
      return call(t, admin, "POST", `/api/subscriptions/${subscriptionId}/cancel`, { version: sub.version });
    };
    expect((await cancel()).statusCode).toBe(200);
    await runAt(after(90));
    const [action] = await pendingOf(accountId);
    expect(action).toMatchObject({ kind: "subscription-cancelation", reason: "owner-request" });
    expect(action!.runAt).toEqual(after(100));
    expect(action!.requestedBy).toEqual(expect.any(String));

    const sub = await subscriptionOf(subscriptionId);
    const resumed = await call(t, admin, "POST", `/api/subscriptions/${subscriptionId}/resume`, {
      version: sub.version,
    });
    expect(resumed.statusCode, resumed.body).toBe(200);
    await runAt(after(91));
    expect(await pendingOf(accountId)).toEqual([]);

    expect((await cancel()).statusCode).toBe(200);
    await runAt(after(99));
    expect((await subscriptionOf(subscriptionId)).status).toBe("active");
    await runAt(after(100));
    expect(await subscriptionOf(subscriptionId)).toMatchObject({ status: "canceled", graceEndsAt: after(121) });
    expect(await pendingOf(accountId)).toMatchObject([{ kind: "account-deletion", reason: "owner-request" }]);
  });

  it("an account deletion runs 15 days after it was asked for (Recover's window); a restore withdraws it", async () => {
    const first = await freshAccount("Topaz Row", { periodEnd: after(400) });
    const second = await freshAccount("Beryl Yard", { periodEnd: after(400) });
    const admin = await token("superAdmin");
    clock.set(after(200));
    for (const { accountId } of [first, second]) {
      // The request is stamped with the service's clock: the test's.
      expect((await deleteAccount(accountId)).statusCode).toBe(200);
    }
    await runAt(after(200));
    expect((await pendingOf(first.accountId))[0]!.runAt).toEqual(after(215));
    const restored = await call(t, admin, "POST", "/api/deleted-accounts/restore", { ids: [second.accountId] });
    expect(restored.statusCode).toBe(200);

    await runAt(after(214));
    expect((await accountOf(first.accountId)).status).toBe("pending_deletion");
    await runAt(after(215));
    expect((await accountOf(first.accountId)).status).toBe("deleted");
    await runAt(after(216));
    expect((await accountOf(second.accountId)).status).toBe("active");
    expect(await pendingOf(second.accountId)).toEqual([]);
  });
});

describe("purges", () => {
  it("removes a test deleted 15 days ago with its files, not one deleted 14 days ago", async () => {
    const base = after(300);
    const old = await insertTest(t.db, t.storage, { deletedAt: base });
    const recent = await insertTest(t.db, t.storage, { deletedAt: after(1, base) });
    await runAt(after(14, base));
    expect(await t.db.select().from(tests).where(eq(tests.id, old.id))).toHaveLength(1);
    await runAt(after(15, base));
    expect(await t.db.select().from(tests).where(eq(tests.id, old.id))).toEqual([]);
    for (const key of old.storageKeys) expect(await t.storage.size(key)).toBeNull();
    expect(await t.db.select().from(tests).where(eq(tests.id, recent.id))).toHaveLength(1);
    await runAt(after(16, base));
    expect(await t.db.select().from(tests).where(eq(tests.id, recent.id))).toEqual([]);
    expect(await entriesOf(old.id)).toEqual(["purge"]);
  });
});

const downloadRows = async (id: string) =>
  (await t.db.select().from(bulkDownloads).where(eq(bulkDownloads.id, id))).length;
const codeRows = async (code: string) =>
  (
    await t.db
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.codeHash, hashCode(code)))
  ).length;

/** A bulk download that finished at `at`: ready with its zip, or failed. */
async function finishedDownload(userId: string, status: "ready" | "failed", at: Date, storageKey?: string) {
  const id = randomUUID();
  await t.db.insert(bulkDownloads).values({
    id,
    userId,
    testIds: [],
    status,
    progress: status === "ready" ? 1 : 0,
    estimatedSeconds: 1,
    storageKey: storageKey ?? null,
    finishedAt: at,
  });
  return id;
}

describe("cleaning up", () => {
  it("removes a bulk download's zip a day after it was ready, refresh tokens and emailed codes a day after they expired", async () => {
    const base = after(400);
    const zip = await t.storage.put(Buffer.from("zip bytes"));
    const [superAdmin] = await t.db.select().from(users).where(eq(users.email, "superadmin@example.com"));
    const download = await finishedDownload(superAdmin!.id, "ready", base, zip.key);
    const token = randomUUID();
    await t.db.insert(refreshTokens).values({
      id: token,
      userId: superAdmin!.id,
      familyId: randomUUID(),
      tokenHash: `hash-${token}`,
      expiresAt: base,
    });
    const code = await issueCode(t.db, {
      purpose: "reset-password",
      email: "someone@example.com",
      ttlMs: 3_600_000,
      form: "link",
      now: after(-1 / 24, base),
    });
    const present = async () => ({
      download: await downloadRows(download),
      zip: await t.storage.size(zip.key),
      token: (await t.db.select().from(refreshTokens).where(eq(refreshTokens.id, token))).length,
      code: await codeRows(code),
    });
    await runAt(after(0.99, base));
    expect(await present()).toEqual({ download: 1, zip: zip.size, token: 1, code: 1 });
    await runAt(after(1.01, base));
    expect(await present()).toEqual({ download: 0, zip: null, token: 0, code: 0 });
  });
});

describe("cleaning up what is finished", () => {
  it("removes a failed bulk download a day on, an emailed code a day after it was used, and invitations a month after they were accepted or expired", async () => {
    const base = after(450);
    const [superAdmin] = await t.db.select().from(users).where(eq(users.email, "superadmin@example.com"));
    const download = await finishedDownload(superAdmin!.id, "failed", base);
    // Used at `base`, though it would stay valid for another week.
    const code = await issueCode(t.db, {
      purpose: "reset-password",
      email: "used@example.com",
      ttlMs: 7 * DAY_MS,
      form: "link",
      now: after(-1 / 24, base),
    });
    await t.db
      .update(oneTimeCodes)
      .set({ usedAt: base })
      .where(eq(oneTimeCodes.codeHash, hashCode(code)));
    const invitation = async (expiresAt: Date, acceptedAt: Date | null) => {
      const id = randomUUID();
      await t.db.insert(invitations).values({
        id,
        code: `code-${id}`,
        email: `${id}@example.com`,
        role: "User",
        accountId: superAdmin!.accountId,
        userId: superAdmin!.id,
        invitedBy: superAdmin!.id,
        expiresAt,
        acceptedAt,
      });
      return id;
    };
    const accepted = await invitation(after(7, base), base);
    const expired = await invitation(base, null);
    const present = async () => ({
      download: await downloadRows(download),
      code: await codeRows(code),
      invitations: (
        await t.db
          .select()
          .from(invitations)
          .where(inArray(invitations.id, [accepted, expired]))
      ).length,
    });
    await runAt(after(0.99, base));
    expect(await present()).toEqual({ download: 1, code: 1, invitations: 2 });
    await runAt(after(1.01, base));
    expect(await present()).toEqual({ download: 0, code: 0, invitations: 2 });
    await runAt(after(29.9, base));
    expect((await present()).invitations).toBe(2);
    await runAt(after(30.1, base));
    expect((await present()).invitations).toBe(0);
  });
});

describe("restarts and several instances", () => {
  it("a run stopped after its first transition loses nothing and repeats nothing on the next", async () => {
    const base = after(500);
    // Everything the earlier tests left due is done first: the stopped run below meets only these two.
    await runAt(after(-1 / 24, base));
    const a = await freshAccount("Jade One", { periodEnd: base });
    const b = await freshAccount("Jade Two", { periodEnd: base });
    const at = after(1, base);
    clock.set(at);
    let transitions = 0;
    const crash = new Error("killed between two transitions");
    await expect(
      runLifecycle({
        db: t.db,
        storage: t.storage,
        now: at,
        afterTransition: () => {
          transitions++;
          throw crash;
        },
      }),
    ).rejects.toBe(crash);
    expect(transitions).toBe(1);
    const statuses = async () =>
      [(await subscriptionOf(a.subscriptionId)).status, (await subscriptionOf(b.subscriptionId)).status].sort();
    expect(await statuses()).toEqual(["active", "past_due"]);
    await runAt(at);
    expect(await statuses()).toEqual(["past_due", "past_due"]);
    expect(await entriesOf(a.subscriptionId)).toEqual(["past-due"]);
    expect(await entriesOf(b.subscriptionId)).toEqual(["past-due"]);
  });

  it("two runs at once do each transition once", async () => {
    const base = after(600);
    const accountsMade = await Promise.all(
      ["Onyx 1", "Onyx 2", "Onyx 3", "Onyx 4"].map((name) => freshAccount(name, { periodEnd: base })),
    );
    const at = after(8, base);
    clock.set(at);
    await Promise.all([
      runLifecycle({ db: t.db, storage: t.storage, now: after(1, base) }),
      runLifecycle({ db: t.db, storage: t.storage, now: after(1, base) }),
    ]);
    await Promise.all([
      runLifecycle({ db: t.db, storage: t.storage, now: at }),
      runLifecycle({ db: t.db, storage: t.storage, now: at }),
    ]);
    for (const { subscriptionId, accountId } of accountsMade) {
      expect(await entriesOf(subscriptionId)).toEqual(["past-due", "cancel"]);
      const actions = await t.db.select().from(scheduledActions).where(eq(scheduledActions.accountId, accountId));
      expect(actions.map((action) => [action.kind, action.outcome]).sort()).toEqual([
        ["account-deletion", null],
        ["subscription-cancelation", "canceled"],
      ]);
    }
  });
});

describe("GET scheduled-actions, cancel and run now (super admins, after a password re-check)", () => {
  const confirm = async (who: Who) =>
    expect(
      (await call(t, await token(who), "POST", "/api/users/password/check", { password: DEMO_PASSWORD })).json(),
    ).toEqual({ isCorrect: true });

  it("lists the pending actions with account, reason, when and who asked; others get 403", async () => {
    const { accountId } = await freshAccount("Amber Listing", { periodEnd: after(5000) });
    const admin = await token("superAdmin");
    clock.set(after(701));
    expect((await deleteAccount(accountId)).statusCode).toBe(200);
    await runLifecycle({ db: t.db, storage: t.storage, now: after(701) });
    const list = await call(t, admin, "GET", listUrl("scheduled-actions", { filter: { accountId, state: "pending" } }));
    expect(list.statusCode, list.body).toBe(200);
    const [row] = list.json<ScheduledAction[]>();
    expect(shapeDifferences(CONTRACT.lifecycle.list.body[0], row)).toEqual([]);
    expect(row).toMatchObject({
      kind: "account-deletion",
      reason: "owner-request",
      accountName: "Amber Listing",
      requestedById: expect.any(String),
      requestedByName: "Sophie Carter",
      state: "pending",
    });
    for (const who of ["admin", "manager", "user"] as const) {
      await expectRefused(t, async () => call(t, await token(who), "GET", listUrl("scheduled-actions")), 403);
    }
  });

  it("schedules an account deletion as soon as it is asked for, not at the next run", async () => {
    const { accountId } = await freshAccount("Amber Soon", { periodEnd: after(5000) });
    clock.set(after(750));
    expect((await deleteAccount(accountId)).statusCode).toBe(200);
    for (let i = 0; i < 100 && (await pendingOf(accountId)).length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await pendingOf(accountId)).toMatchObject([{ kind: "account-deletion", reason: "owner-request" }]);
  });

  it("cancels an account deletion asked for: the account is active again and the scheduler does not ask again", async () => {
    const { accountId } = await freshAccount("Amber Cancel", { periodEnd: after(5000) });
    const admin = await token("superAdmin");
    clock.set(after(801));
    expect((await deleteAccount(accountId)).statusCode).toBe(200);
    await runAt(after(801));
    const [pending] = await pendingOf(accountId);
    const url = `/api/scheduled-actions/${pending!.id}/cancel`;
    await t.db.update(users).set({ passwordConfirmedAt: null }).where(eq(users.email, "superadmin@example.com"));
    const refused = await expectRefused(t, () => call(t, admin, "POST", url), 403);
    expect(refused).toEqual(CONTRACT.lifecycle.recheck.body);
    await confirm("superAdmin");
    const canceled = await call(t, admin, "POST", url);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json()).toMatchObject({ state: "canceled", outcome: "canceled by a super admin" });
    expect((await accountOf(accountId)).status).toBe("active");
    await runAt(after(830));
    expect(await pendingOf(accountId)).toEqual([]);
    expect((await accountOf(accountId)).status).toBe("active");
    expect((await call(t, admin, "POST", url)).statusCode).toBe(409);
    expect(await entriesOf(accountId)).toContain("cancel-scheduled");
  });

  it("canceling an owner's scheduled subscription cancelation resumes the subscription: it renews again", async () => {
    const { accountId, subscriptionId } = await freshAccount("Amber Resume", { periodEnd: after(950) });
    const admin = await token("superAdmin");
    const sub = await subscriptionOf(subscriptionId);
    const asked = await call(t, admin, "POST", `/api/subscriptions/${subscriptionId}/cancel`, { version: sub.version });
    expect(asked.statusCode, asked.body).toBe(200);
    await runAt(after(940));
    const [pending] = await pendingOf(accountId);
    expect(pending).toMatchObject({ kind: "subscription-cancelation", reason: "owner-request" });
    expect((await subscriptionOf(subscriptionId)).cancelAtPeriodEnd).toBe(true);
    await confirm("superAdmin");
    const canceled = await call(t, admin, "POST", `/api/scheduled-actions/${pending!.id}/cancel`);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(await subscriptionOf(subscriptionId)).toMatchObject({ status: "active", cancelAtPeriodEnd: false });
    await runAt(after(951));
    expect((await subscriptionOf(subscriptionId)).status).not.toBe("canceled");
  });

  it("runs a cancelation now: the subscription is canceled, its grace begins, and the deletion is scheduled", async () => {
    const { accountId, subscriptionId } = await freshAccount("Amber Run", { periodEnd: after(900) });
    const admin = await token("superAdmin");
    // Asked before the period end, as a cancel at period end must be (the last test left the clock past it).
    clock.set(after(840));
    const sub = await subscriptionOf(subscriptionId);
    expect(
      (await call(t, admin, "POST", `/api/subscriptions/${subscriptionId}/cancel`, { version: sub.version }))
        .statusCode,
    ).toBe(200);
    await runAt(after(850));
    const [pending] = await pendingOf(accountId);
    // Run now, like Cancel, asks for the password again first.
    await t.db.update(users).set({ passwordConfirmedAt: null }).where(eq(users.email, "superadmin@example.com"));
    const refused = await expectRefused(
      t,
      () => call(t, admin, "POST", `/api/scheduled-actions/${pending!.id}/run`),
      403,
    );
    expect(refused).toEqual(CONTRACT.lifecycle.recheck.body);
    await confirm("superAdmin");
    const ran = await call(t, admin, "POST", `/api/scheduled-actions/${pending!.id}/run`);
    expect(ran.statusCode, ran.body).toBe(200);
    expect(ran.json()).toMatchObject({ state: "done", outcome: "canceled" });
    expect(await subscriptionOf(subscriptionId)).toMatchObject({ status: "canceled", graceEndsAt: after(871) });
    expect(await pendingOf(accountId)).toMatchObject([{ kind: "account-deletion" }]);
    expect((await call(t, admin, "POST", `/api/scheduled-actions/${pending!.id}/run`)).statusCode).toBe(409);
    expect((await call(t, admin, "POST", `/api/scheduled-actions/${randomUUID()}/run`)).statusCode).toBe(404);
  });
});

describe("the grace period: read and export only", () => {
  it("refuses an account's changes while canceled, allows reads, exports and paying; says until when", async () => {
    const { userId, test } = await freshAccount("Agate Grace", { periodEnd: after(1000) });
    const as = await signInAsOwner(userId);
    const rename = () =>
      call(t, as, "PUT", `/api/v2/tests/${test.id}`, {
        name: "Renamed in grace",
        sku: "",
        customer: "",
        vendorName: "",
        description: "",
        notes: "",
      });
    expect((await rename()).statusCode).toBe(200);

    await runAt(after(1000.5));
    await runAt(after(1007));
    const status = await call(t, as, "GET", "/api/v2/payments/subscription");
    expect(status.json()).toEqual({
      status: "inactive",
      message: expect.stringContaining("read-only for 21 days more (until"),
      readOnlyUntil: after(1028).toISOString(),
    });

    const refused = await expectRefused(t, rename, 403);
    expect(refused.message).toBe(READ_ONLY_DURING_GRACE);
    expect((await call(t, as, "GET", `/api/v3/tests/${test.id}`)).statusCode).toBe(200);
    const zip = await call(t, as, "POST", `/api/tests/download/${test.id}`, { fileIds: test.fileIds });
    expect(zip.statusCode).toBe(200);
    // A super admin is never restricted.
    const sa = await call(t, await token("superAdmin"), "PUT", `/api/v2/tests/${test.id}`, {
      name: "Fixed by support",
      sku: "",
      customer: "",
      vendorName: "",
      description: "",
      notes: "",
    });
    expect(sa.statusCode).toBe(200);
  });

  it("says the days left while past due", async () => {
    const { userId } = await freshAccount("Agate Due", { periodEnd: after(1100) });
    const as = await signInAsOwner(userId);
    await runAt(after(1102));
    expect((await call(t, as, "GET", "/api/v2/payments/subscription")).json()).toEqual({
      status: "past_due",
      message: `Your payment is past due. Pay within 5 days (by ${after(1107).toISOString().slice(0, 10)}) to keep full access: after that your subscription is canceled.`,
    });
  });

  it("lets a grace account make exactly the writes whose routes allow it, and schedules after exactly the routes that ask", async () => {
    // Declared in each route's own config (auth/guard.ts RouteBehaviour), shown in the document.
    const document = (await t.app.inject({ method: "GET", url: "/api/docs/openapi.json" })).json<{
      paths: Record<string, Record<string, Record<string, unknown>>>;
    }>();
    const flagged = (flag: string) =>
      Object.entries(document.paths).flatMap(([path, operations]) =>
        Object.entries(operations)
          .filter(([, operation]) => operation[flag] === true)
          .map(([method]) => `${method.toUpperCase()} ${path}`),
      );
    // Sessions, exports, one's own settings and paying (spec §4: "read and export only").
    expect(flagged("x-allowed-during-grace").sort()).toEqual(
      [
        "POST /api/verify-token",
        "POST /api/users/password/check",
        "POST /api/bulk-downloads",
        "POST /api/tests/download/{id}",
        "POST /api/ai/test/{id}/group/{group}/trigger",
        "PUT /api/users/me/preferences",
        "POST /api/users/me/password",
        "POST /api/subscriptions/quote",
        "POST /api/subscriptions/start",
      ].sort(),
    );
    expect(flagged("x-schedules-lifecycle").sort()).toEqual(
      [
        "DELETE /api/accounts/{id}",
        "PUT /api/accounts/{id}",
        "POST /api/accounts/{id}/restore",
        "POST /api/deleted-accounts/restore",
        "POST /api/subscriptions/{id}/cancel",
        "POST /api/subscriptions/{id}/resume",
      ].sort(),
    );
  });
});
