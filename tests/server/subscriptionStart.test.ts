/**
 * /new-subscription's service side (docs/api.md "New subscription"): the plans, the price with a
 * discount code, and starting a subscription through the payment provider — everything a paid
 * subscription changes in one transaction, exactly one failed payment row for a refused card,
 * nothing at all for any other refusal, and never two charges for one attempt.
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CARD_FIELD_MAX_LENGTH } from "../../src/api/cards";
import type { StartSubscriptionRequest, StartSubscriptionResponse, SubscriptionQuote } from "../../src/api/plans";
import { DISCOUNT_CODE_MAX_LENGTH } from "../../src/api/rules";
import { movableClock } from "../../server/src/clock";
import {
  accounts,
  activityLog,
  discounts,
  payments,
  scheduledActions,
  subscriptions,
  users,
} from "../../server/src/db/schema";
import { loadConfig } from "../../server/src/config";
import { invoiceDayPrefix } from "../../server/src/payments/invoices";
import { testPaymentProvider, TEST_CARDS, type TestPaymentProvider } from "../../server/src/payments/provider";
import { SUBSCRIPTION_CONTRACT as C } from "../fixtures/subscriptionContract";
import { bearer, createTestApp, expectAnswer, signIn, tablesDigest, type TestApp } from "./helpers";
import { A, tokens, U, type Who } from "./records";

const DAY = 86_400_000;
let t: TestApp;
let provider: TestPaymentProvider;
let token: (who: Who) => Promise<string>;
const clock = movableClock(new Date());

beforeAll(async () => {
  provider = testPaymentProvider();
  t = await createTestApp({ clock, paymentProvider: provider });
  token = tokens(() => t.app);
  // Signed in up front: a sign-in is an activity entry, which would blur the "nothing changed" checks.
  for (const who of ["superAdmin", "admin", "manager", "user"] as const) await token(who);
});
afterAll(() => t.close());

/** Everything a start may write: a refusal leaves all of it as it was. */
const state = () => tablesDigest(t.db, [accounts, subscriptions, payments, scheduledActions, discounts, activityLog]);

const GOOD_CARD = { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123", name: "Maya Visser" };
const START: StartSubscriptionRequest = { plan: "professional", interval: "month", card: GOOD_CARD };

interface Customer {
  accountId: string;
  adminId: string;
  token: string;
}

let customers = 0;
/** A new account without a subscription (as POST accounts makes one) and its Admin, signed in. */
async function inactiveCustomer(status: "inactive" | "canceled" | "past_due" = "inactive"): Promise<Customer> {
  customers += 1;
  const accountId = randomUUID();
  const adminId = randomUUID();
  const [template] = await t.db.select().from(users).where(eq(users.id, U.admin));
  await t.db.insert(accounts).values({
    id: accountId,
    name: `Onyx Studio ${customers}`,
    email: `office${customers}@onyx.example.com`,
    subscriptionStatus: status,
    subscriptionMessage: status === "canceled" ? "Your subscription was canceled." : null,
  });
  const email = `owner${customers}@onyx.example.com`;
  await t.db.insert(users).values({
    id: adminId,
    accountId,
    firstName: "Maya",
    lastName: "Visser",
    email,
    passwordHash: template!.passwordHash,
    role: "Admin",
    status: "active",
  });
  return { accountId, adminId, token: (await signIn(t.app, email)).accessToken };
}

const post = (bearerToken: string | undefined, url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url,
    headers: { ...(bearerToken === undefined ? {} : bearer(bearerToken)), ...headers },
    payload: payload as Record<string, unknown>,
  });

const quote = (bearerToken: string, body: object) => post(bearerToken, "/api/subscriptions/quote", body);
const start = (bearerToken: string, body: object = START, key: string = randomUUID()) =>
  post(bearerToken, "/api/subscriptions/start", body, { "idempotency-key": key });

async function expectUnchanged(send: () => Promise<LightMyRequestResponse>, answer: { status: number; body: unknown }) {
  const before = await state();
  const charges = provider.charges.length;
  const response = await send();
  expectAnswer(response, { ...answer, exact: true });
  expect(await state()).toEqual(before);
  expect(provider.charges.length).toBe(charges);
  return response;
}

const accountOf = async (id: string) => (await t.db.select().from(accounts).where(eq(accounts.id, id)))[0]!;
const paymentsOf = (accountId: string) => t.db.select().from(payments).where(eq(payments.accountId, accountId));
const entriesBy = (actorId: string) =>
  t.db.select().from(activityLog).where(eq(activityLog.actorId, actorId)).orderBy(activityLog.createdAt);

async function schedule(accountId: string, kind: "account-deletion" | "subscription-cancelation", done = false) {
  const id = randomUUID();
  await t.db.insert(scheduledActions).values({
    id,
    kind,
    accountId,
    reason: "unpaid",
    runAt: new Date(clock.now().getTime() + 10 * DAY),
    ...(done ? { doneAt: clock.now(), outcome: "deleted" } : {}),
  });
  return id;
}

describe("GET plans", () => {
  it("answers every plan with its prices to anyone signed in", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/plans", headers: bearer(await token("user")) });
    expect(expectAnswer(response, C.plans)).toEqual(C.plans.body);
    expect((await t.app.inject({ method: "GET", url: "/api/plans" })).statusCode).toBe(401);
  });
});

describe("POST subscriptions/quote", () => {
  let customer: Customer;
  beforeAll(async () => {
    customer = await inactiveCustomer();
  });

  it("prices a plan per interval, without a code", async () => {
    const monthly = expectAnswer<SubscriptionQuote>(
      await quote(customer.token, { plan: "professional", interval: "month" }),
      C.quote.ok,
    );
    expect(monthly).toMatchObject({ price: 14900, total: 14900, discount: null, currency: "GBP" });
    expect(monthly.periodStart).toBe(clock.now().toISOString());
    const yearly = (await quote(customer.token, { plan: "starter", interval: "year", discountCode: "" })).json();
    expect(yearly).toMatchObject({ planName: "Starter", price: 49000, total: 49000, discount: null });
    expect(new Date(yearly.periodEnd).getUTCFullYear()).toBe(clock.now().getUTCFullYear() + 1);
  });

  it("takes a percent code off the first payment, whatever case it is typed in", async () => {
    const priced = expectAnswer<SubscriptionQuote>(
      await quote(customer.token, { plan: "professional", interval: "month", discountCode: "  welcome10 " }),
      C.quote.ok,
    );
    expect(priced).toMatchObject({
      price: 14900,
      total: 13410,
      discount: { code: "WELCOME10", kind: "percent", percentOff: 10, amountOff: 1490 },
    });
  });

  it("takes an amount code in the plan's currency, up to the price", async () => {
    await t.db.insert(discounts).values([
      { id: randomUUID(), code: "GBP20", kind: "amount", amountOff: 2000, currency: "GBP" },
      { id: randomUUID(), code: "GBPHUGE", kind: "amount", amountOff: 1_000_000, currency: "GBP" },
    ]);
    expect(
      (await quote(customer.token, { plan: "starter", interval: "month", discountCode: "GBP20" })).json(),
    ).toMatchObject({
      total: 2900,
      discount: { kind: "amount", percentOff: null, amountOff: 2000 },
    });
    expect(
      (await quote(customer.token, { plan: "starter", interval: "month", discountCode: "GBPHUGE" })).json(),
    ).toMatchObject({
      total: 0,
      discount: { amountOff: 4900 },
    });
  });

  it("refuses a code that does not apply on the code field, changing nothing", async () => {
    const plan = { plan: "professional", interval: "month" };
    await expectUnchanged(() => quote(customer.token, { ...plan, discountCode: "NOPE" }), C.quote.unknownCode);
    // FAIR-2025: seeded 60 to 30 days ago, in EUR.
    await expectUnchanged(() => quote(customer.token, { ...plan, discountCode: "FAIR-2025" }), C.quote.expiredCode);
    await expectUnchanged(() => quote(customer.token, { ...plan, discountCode: "OLD5" }), C.quote.inactiveCode);
    await t.db.insert(discounts).values([
      {
        id: randomUUID(),
        code: "SOON",
        kind: "percent",
        percentOff: 5,
        validFrom: new Date(clock.now().getTime() + DAY),
      },
      { id: randomUUID(), code: "EUR10", kind: "amount", amountOff: 1000, currency: "EUR" },
      { id: randomUUID(), code: "GONE", kind: "percent", percentOff: 5, redemptionLimit: 3, redemptionCount: 3 },
    ]);
    const refusalOf = async (code: string) => (await quote(customer.token, { ...plan, discountCode: code })).json();
    expect(await refusalOf("SOON")).toEqual({
      message: "discountCode: This code is not valid yet.",
      errors: { discountCode: "This code is not valid yet." },
    });
    expect((await refusalOf("EUR10")).errors).toEqual({
      discountCode: "This code is for prices in EUR, and this plan is in GBP.",
    });
    expect((await refusalOf("GONE")).errors).toEqual({ discountCode: "This code has been used up." });
  });

  it("reads validity on the service's clock", async () => {
    await t.db.insert(discounts).values({
      id: randomUUID(),
      code: "UNTIL-TOMORROW",
      kind: "percent",
      percentOff: 20,
      validTo: new Date(clock.now().getTime() + DAY),
    });
    const body = { plan: "starter", interval: "month", discountCode: "UNTIL-TOMORROW" };
    expect((await quote(customer.token, body)).statusCode).toBe(200);
    clock.advance(2 * DAY);
    try {
      expect((await quote(customer.token, body)).json().errors).toEqual({ discountCode: "This code has expired." });
    } finally {
      clock.advance(-2 * DAY);
    }
  });

  it("refuses a bad body (400) and every role but Admin (403)", async () => {
    expect((await quote(customer.token, { plan: "gold", interval: "month" })).statusCode).toBe(400);
    expect((await quote(customer.token, { plan: "starter", interval: "week" })).statusCode).toBe(400);
    expect((await quote(customer.token, { plan: "starter", interval: "month", extra: 1 })).statusCode).toBe(400);
    // A field the schema refuses is named in errors, in the schema's words (the console says its own).
    const month = { plan: "starter", interval: "month" };
    expectAnswer(await quote(customer.token, { ...month, discountCode: "A\u0000" }), C.quote.codeWithNul);
    expectAnswer(
      await quote(customer.token, { ...month, discountCode: "A".repeat(DISCOUNT_CODE_MAX_LENGTH + 1) }),
      C.quote.codeTooLong,
    );
    // The longest code is the schema's: refused as unknown, not as malformed.
    expectAnswer(
      await quote(customer.token, { ...month, discountCode: "A".repeat(DISCOUNT_CODE_MAX_LENGTH) }),
      C.quote.unknownCode,
    );
    for (const who of ["superAdmin", "manager", "user"] as const) {
      expectAnswer(await quote(await token(who), { plan: "starter", interval: "month" }), C.start.forbidden);
    }
  });
});

describe("POST subscriptions/start", () => {
  it("starts the subscription: account active, subscription, paid payment, lifecycle canceled, activity", async () => {
    const customer = await inactiveCustomer();
    const pending = [
      await schedule(customer.accountId, "account-deletion"),
      await schedule(customer.accountId, "subscription-cancelation"),
    ];
    const done = await schedule(customer.accountId, "account-deletion", true);
    const [welcome] = await t.db.select().from(discounts).where(eq(discounts.code, "WELCOME10"));
    const charges = provider.charges.length;

    const response = await start(customer.token, { ...START, discountCode: "welcome10" });
    const answer = expectAnswer<StartSubscriptionResponse>(response, C.start.ok);

    // The charge: once, the discounted total, the key standing for the payment.
    expect(provider.charges.length).toBe(charges + 1);
    expect(provider.charges.at(-1)).toMatchObject({
      amount: 13410,
      currency: "GBP",
      idempotencyKey: answer.payment.id,
    });

    const now = clock.now();
    expect(answer.subscription).toMatchObject({
      accountId: customer.accountId,
      plan: "Professional",
      price: 14900,
      currency: "GBP",
      interval: "month",
      status: "active",
      currentPeriodStart: now.toISOString(),
      cancelAtPeriodEnd: false,
    });
    const end = new Date(answer.subscription.currentPeriodEnd);
    expect(end.getUTCMonth()).toBe((now.getUTCMonth() + 1) % 12);
    expect(end.getTime() - now.getTime()).toBeGreaterThanOrEqual(28 * DAY);
    expect(end.getTime() - now.getTime()).toBeLessThanOrEqual(31 * DAY);
    expect(answer.payment).toMatchObject({
      subscriptionId: answer.subscription.id,
      amount: 13410,
      status: "succeeded",
      method: "card",
      methodDetail: "Visa •••• 4242",
      date: now.toISOString(),
      failureReason: null,
    });
    expect(answer.payment.invoiceNumber).toMatch(/^INV-\d{6}-\d{3}$/);
    expect(answer.status).toEqual({ status: "active", message: "Your subscription is active." });

    // The account: active, and GET v2/payments/subscription says so.
    const account = await accountOf(customer.accountId);
    expect(account).toMatchObject({ subscriptionStatus: "active", subscriptionMessage: null, version: 2 });
    const status = await t.app.inject({
      method: "GET",
      url: "/api/v2/payments/subscription",
      headers: bearer(customer.token),
    });
    expect(status.json()).toEqual({ status: "active", message: "Your subscription is active." });

    // The lifecycle's pending steps are moot; a step already done stays as it was.
    const steps = await t.db.select().from(scheduledActions).where(eq(scheduledActions.accountId, customer.accountId));
    for (const id of pending) {
      expect(steps.find((step) => step.id === id)).toMatchObject({ canceledAt: now, outcome: "paid", doneAt: null });
    }
    expect(steps.find((step) => step.id === done)).toMatchObject({ canceledAt: null, outcome: "deleted" });

    // The code's redemption is counted.
    const [counted] = await t.db.select().from(discounts).where(eq(discounts.id, welcome!.id));
    expect(counted!.redemptionCount).toBe(welcome!.redemptionCount + 1);

    // One entry per change, by the admin.
    const entries = await entriesBy(customer.adminId);
    expect(entries.map((entry) => [entry.action, entry.resource, entry.recordId]).sort()).toEqual(
      [
        ["create", "subscriptions", answer.subscription.id],
        ["create", "payments", answer.payment.id],
        ["update", "accounts", customer.accountId],
        ["cancel-scheduled", "accounts", customer.accountId],
        ["cancel-scheduled", "accounts", customer.accountId],
        ["update", "discounts", welcome!.id],
        // The sign-in of inactiveCustomer().
        ["sign-in", "users", customer.adminId],
      ].sort(),
    );
    const accountEntry = entries.find((entry) => entry.resource === "accounts" && entry.action === "update")!;
    const stepEntries = entries.filter((entry) => entry.action === "cancel-scheduled").map((entry) => entry.changes);
    expect(stepEntries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "account-deletion", reason: "unpaid", outcome: "paid" }),
        expect.objectContaining({ kind: "subscription-cancelation", reason: "unpaid", outcome: "paid" }),
      ]),
    );
    expect(accountEntry.changes).toEqual({ subscriptionStatus: ["inactive", "active"] });
    expect(entries.find((entry) => entry.resource === "payments")!.changes).toMatchObject({ amount: 13410 });

    // Neither the card number nor its CVC is kept anywhere.
    const [kept] = (
      (await t.db.execute(
        sql`select (select count(*) from payments p where p::text like '%4242424242424242%' or p::text like '%4242 4242 4242 4242%')
           + (select count(*) from activity_log l where l::text like '%4242424242424242%' or l::text like '%4242 4242 4242 4242%') as n`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(Number(kept!.n)).toBe(0);
  });

  it("answers a repeated key with the first outcome and never charges twice (a double click)", async () => {
    const customer = await inactiveCustomer();
    const key = randomUUID();
    const charges = provider.charges.length;
    const [first, second] = await Promise.all([start(customer.token, START, key), start(customer.token, START, key)]);
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode, second.body).toBe(201);
    expect(first.headers.location).toBe(
      `/api/subscriptions/${first.json<{ subscription: { id: string } }>().subscription.id}`,
    );
    expect(second.json()).toEqual(first.json());
    const third = await start(customer.token, START, key);
    expect(third.json()).toEqual(first.json());
    expect(provider.charges.length).toBe(charges + 1);
    expect(await paymentsOf(customer.accountId)).toHaveLength(1);
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.accountId, customer.accountId))).toHaveLength(
      1,
    );

    // Another attempt (a new key) finds the account subscribed: 409, nothing charged.
    await expectUnchanged(() => start(customer.token), C.start.alreadySubscribed);
  });

  it("records a refused card as one failed payment and changes nothing else; the next card goes through", async () => {
    const customer = await inactiveCustomer();
    const step = await schedule(customer.accountId, "account-deletion");
    const before = await accountOf(customer.accountId);
    const declinedCard = { ...GOOD_CARD, number: TEST_CARDS.declined };
    const key = randomUUID();

    expectAnswer(await start(customer.token, { ...START, card: declinedCard }, key), C.start.declined);
    const [failed, ...others] = await paymentsOf(customer.accountId);
    expect(others).toHaveLength(0);
    expect(failed).toMatchObject({
      status: "failed",
      subscriptionId: null,
      amount: 14900,
      method: "card",
      methodDetail: "Visa •••• 0002",
      failureReason: "Your card was declined.",
    });
    expect(await accountOf(customer.accountId)).toEqual(before);
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.accountId, customer.accountId))).toHaveLength(
      0,
    );
    const [pending] = await t.db.select().from(scheduledActions).where(eq(scheduledActions.id, step));
    expect(pending).toMatchObject({ canceledAt: null, doneAt: null });
    const entries = (await entriesBy(customer.adminId)).filter((entry) => entry.action !== "sign-in");
    expect(entries.map((entry) => [entry.action, entry.resource, entry.recordId])).toEqual([
      ["create", "payments", failed!.id],
    ]);

    // The same key again: the same refusal, no second charge, no second row.
    await expectUnchanged(() => start(customer.token, { ...START, card: declinedCard }, key), C.start.declined);

    expectAnswer(
      await start(customer.token, { ...START, card: { ...GOOD_CARD, number: TEST_CARDS.insufficientFunds } }),
      C.start.insufficientFunds,
    );
    const started = expectAnswer<StartSubscriptionResponse>(await start(customer.token), C.start.ok);
    expect(started.payment.invoiceNumber).not.toBe(failed!.invoiceNumber);
    expect((await accountOf(customer.accountId)).subscriptionStatus).toBe("active");
    const [canceled] = await t.db.select().from(scheduledActions).where(eq(scheduledActions.id, step));
    expect(canceled).toMatchObject({ outcome: "paid" });
    expect(await paymentsOf(customer.accountId)).toHaveLength(3);
  });

  it("lets an account in its grace period (canceled) start again", async () => {
    const customer = await inactiveCustomer("canceled");
    const answer = expectAnswer<StartSubscriptionResponse>(
      await start(customer.token, { ...START, plan: "enterprise", interval: "year" }),
      C.start.ok,
    );
    expect(answer.subscription).toMatchObject({ plan: "Enterprise", price: 499000, interval: "year" });
    expect(await accountOf(customer.accountId)).toMatchObject({
      subscriptionStatus: "active",
      subscriptionMessage: null,
    });
    const entry = (await entriesBy(customer.adminId)).find(
      (row) => row.action === "update" && row.resource === "accounts",
    )!;
    expect(entry.changes).toEqual({
      subscriptionStatus: ["canceled", "active"],
      subscriptionMessage: ["Your subscription was canceled.", null],
    });
  });

  it("refuses card details that cannot be a card's on their field (422), charging and writing nothing", async () => {
    const customer = await inactiveCustomer();
    const withCard = (card: Partial<typeof GOOD_CARD>) => ({ ...START, card: { ...GOOD_CARD, ...card } });
    await expectUnchanged(
      () => start(customer.token, withCard({ number: "4242 4242 4242 4241" })),
      C.start.invalidNumber,
    );
    await expectUnchanged(() => start(customer.token, withCard({ number: "4242" })), C.start.invalidNumber);
    await expectUnchanged(() => start(customer.token, withCard({ number: "4242-abcd" })), C.start.invalidNumber);
    const lastMonth = new Date(Date.UTC(clock.now().getUTCFullYear(), clock.now().getUTCMonth() - 1, 15));
    const expiry = `${String(lastMonth.getUTCMonth() + 1).padStart(2, "0")}/${String(lastMonth.getUTCFullYear() % 100).padStart(2, "0")}`;
    await expectUnchanged(() => start(customer.token, withCard({ expiry })), C.start.expiredCard);
    const fieldOf = async (card: Partial<typeof GOOD_CARD>) => {
      const before = await state();
      const body = (await start(customer.token, withCard(card))).json<{ errors: Record<string, string> }>();
      expect(await state()).toEqual(before);
      return body.errors;
    };
    expect(await fieldOf({ expiry: "13/30" })).toEqual({ "card.expiry": "Enter the expiry date as MM/YY." });
    expect(await fieldOf({ cvc: "12" })).toEqual({ "card.cvc": "Enter the 3 digits on the back of the card." });
    expect(await fieldOf({ number: "3782 822463 10005", cvc: "123" })).toEqual({
      "card.cvc": "Enter the 4 digits on the card.",
    });
    expect(await fieldOf({ name: "   " })).toEqual({ "card.name": "Enter the name on the card." });
    // A discount code that does not apply: nothing charged either.
    await expectUnchanged(() => start(customer.token, { ...START, discountCode: "NOPE" }), C.quote.unknownCode);
  });

  it("refuses a malformed request (400) with nothing written", async () => {
    const customer = await inactiveCustomer();
    const refused = async (send: () => Promise<LightMyRequestResponse>, message: string) => {
      const before = await state();
      const response = await send();
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toBe(message);
      expect(await state()).toEqual(before);
    };
    const url = "/api/subscriptions/start";
    await refused(() => post(customer.token, url, START), "idempotency-key is required");
    await refused(
      () => post(customer.token, url, START, { "idempotency-key": "twice" }),
      "idempotency-key must be a valid id",
    );
    await refused(
      () => start(customer.token, { ...START, plan: "gold" }),
      "plan must be one of: starter, professional, enterprise",
    );
    const withName = (name: string) => start(customer.token, { ...START, card: { ...GOOD_CARD, name } });
    await refused(() => withName("A\u0000B"), C.start.nameWithNul.body.message);
    expectAnswer(await withName("A\u0000B"), C.start.nameWithNul);
    await refused(() => withName("A".repeat(CARD_FIELD_MAX_LENGTH.name + 1)), C.start.nameTooLong.body.message);
    expectAnswer(await withName("A".repeat(CARD_FIELD_MAX_LENGTH.name + 1)), C.start.nameTooLong);
    await refused(
      () => start(customer.token, { ...START, card: { ...GOOD_CARD, pin: "1234" } }),
      "card.pin is not an allowed field",
    );
    await refused(
      () => start(customer.token, { ...START, card: { ...GOOD_CARD, number: "4".repeat(33) } }),
      "card.number must be at most 32 characters long",
    );
    const { card: _card, ...noCard } = START;
    await refused(() => start(customer.token, noCard), "card is required");
  });

  it("is an Admin's: super admins, managers and users are refused (403), guests 401", async () => {
    for (const who of ["superAdmin", "manager", "user"] as const) {
      await expectUnchanged(async () => start(await token(who)), C.start.forbidden);
    }
    const before = await state();
    expect(
      (await post(undefined, "/api/subscriptions/start", START, { "idempotency-key": randomUUID() })).statusCode,
    ).toBe(401);
    expect(await state()).toEqual(before);
  });

  it("refuses an account whose subscription is active (409)", async () => {
    await expectUnchanged(async () => start(await token("admin")), C.start.alreadySubscribed);
    expect(await paymentsOf(A.obsidian)).toHaveLength(0);
  });

  it("lets a past-due account pay: active again, the unpaid subscription ends, its cancelation is moot", async () => {
    const customer = await inactiveCustomer("past_due");
    const unpaidId = randomUUID();
    await t.db.insert(subscriptions).values({
      id: unpaidId,
      accountId: customer.accountId,
      plan: "Professional",
      price: 14900,
      currency: "GBP",
      interval: "month",
      status: "past_due",
      currentPeriodStart: new Date(clock.now().getTime() - 33 * DAY),
      currentPeriodEnd: new Date(clock.now().getTime() - 3 * DAY),
    });
    const step = await schedule(customer.accountId, "subscription-cancelation");

    const answer = expectAnswer<StartSubscriptionResponse>(await start(customer.token), C.start.ok);
    expect(answer.status.status).toBe("active");
    expect(await accountOf(customer.accountId)).toMatchObject({ subscriptionStatus: "active" });
    const [unpaid] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, unpaidId));
    expect(unpaid).toMatchObject({ status: "canceled", canceledAt: clock.now() });
    const [canceled] = await t.db.select().from(scheduledActions).where(eq(scheduledActions.id, step));
    expect(canceled).toMatchObject({ outcome: "paid" });
    const entry = (await entriesBy(customer.adminId)).find(
      (row) => row.resource === "subscriptions" && row.recordId === unpaidId,
    );
    expect(entry).toMatchObject({ action: "update", changes: { status: ["past_due", "canceled"] } });
    // Paid: a second attempt has nothing left to start.
    await expectUnchanged(() => start(customer.token), C.start.alreadySubscribed);
  });

  it("numbers a day's invoices one after the other", async () => {
    const first = expectAnswer<StartSubscriptionResponse>(await start((await inactiveCustomer()).token), C.start.ok);
    const second = expectAnswer<StartSubscriptionResponse>(await start((await inactiveCustomer()).token), C.start.ok);
    const number = (invoice: string) => Number(invoice.split("-")[2]);
    expect(second.payment.invoiceNumber.slice(0, 11)).toBe(first.payment.invoiceNumber.slice(0, 11));
    expect(number(second.payment.invoiceNumber)).toBe(number(first.payment.invoiceNumber) + 1);
    const [row] = await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.id, second.payment.id), eq(payments.invoiceNumber, second.payment.invoiceNumber)));
    expect(row).toBeDefined();
  });
});

describe("the test payment provider (PAYMENT_PROVIDER=test)", () => {
  const charge = (provider: TestPaymentProvider, number: string, idempotencyKey: string = randomUUID()) =>
    provider.charge({ amount: 100, currency: "GBP", card: { ...GOOD_CARD, number }, description: "x", idempotencyKey });

  it("answers per card number as card processors' test modes do", async () => {
    const test = testPaymentProvider();
    expect(await charge(test, "4242 4242 4242 4242")).toMatchObject({ ok: true, brand: "Visa", last4: "4242" });
    expect(await charge(test, "5555555555554444")).toMatchObject({ ok: true, brand: "Mastercard", last4: "4444" });
    expect(await charge(test, TEST_CARDS.declined)).toEqual({
      ok: false,
      reason: "Your card was declined.",
      brand: "Visa",
      last4: "0002",
    });
    expect(await charge(test, TEST_CARDS.insufficientFunds)).toMatchObject({
      ok: false,
      reason: "Your card has insufficient funds.",
    });
    expect(await charge(test, "4242424242424241")).toMatchObject({
      ok: false,
      reason: "Your card number is incorrect.",
    });
  });

  it("charges once per idempotency key", async () => {
    const test = testPaymentProvider();
    const first = await charge(test, TEST_CARDS.succeeds, "k1");
    expect(await charge(test, TEST_CARDS.succeeds, "k1")).toEqual(first);
    expect(test.charges).toHaveLength(1);
  });

  it("is the default, and the only provider PAYMENT_PROVIDER names today", () => {
    expect(loadConfig({}).paymentProvider).toBe("test");
    expect(loadConfig({ PAYMENT_PROVIDER: "test" }).paymentProvider).toBe("test");
    expect(() => loadConfig({ PAYMENT_PROVIDER: "stripe" })).toThrow(
      'PAYMENT_PROVIDER must be one of test, got "stripe"',
    );
  });

  it("numbers after the day's highest invoice, whatever the digits of the date", async () => {
    const prefix = invoiceDayPrefix(clock.now());
    const customer = await inactiveCustomer();
    await t.db.insert(payments).values({
      id: randomUUID(),
      accountId: customer.accountId,
      amount: 100,
      currency: "GBP",
      status: "succeeded",
      method: "invoice",
      invoiceNumber: `${prefix}120`,
      date: clock.now(),
    });
    const started = expectAnswer<StartSubscriptionResponse>(await start(customer.token), C.start.ok);
    expect(started.payment.invoiceNumber).toBe(`${prefix}121`);
  });
});
