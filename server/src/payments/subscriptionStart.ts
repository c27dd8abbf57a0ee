/**
 * Starting a subscription from /new-subscription (docs/api.md "New subscription"): the price with
 * its discount code, the card checks, the charge through the payment provider, and — in one
 * transaction — everything a paid subscription changes: the subscription, its payment, the
 * account's status, the lifecycle's pending steps (a payment makes them moot) and their activity
 * entries.
 *
 * Repeats are safe: the client sends a key per attempt, the payment's id derives from it (and the
 * account), and the account row is locked for the whole attempt, so a double click or a retry
 * finds the first attempt's payment and answers its outcome again instead of charging twice.
 */
import { createHash, randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { cardBrand, cardDigits, cardLabel, cardNumberValid, cvcValid, expiryProblem } from "../../../src/api/cards";
import {
  discountAmount,
  discountRefusal,
  normalizeDiscountCode,
  periodEnd,
  planOf,
  priceOf,
  type QuoteRequest,
  type StartSubscriptionRequest,
  type StartSubscriptionResponse,
  type SubscriptionQuote,
  UNKNOWN_DISCOUNT_CODE,
} from "../../../src/api/plans";
import type { SubscriptionState } from "../../../src/api/resources";
import { discounts, payments, subscriptions } from "../db/schema";
import { fieldError, HttpError, notFound } from "../http/errors";
import type { Caller } from "../resources/definition";
import { findRecord } from "../resources/list";
import { rowsOf, type Row, type Tx } from "../resources/sql";
import { actorOf, logActivity } from "../resources/writes";
import type { Database } from "../db/client";
import { paymentDefinition, subscriptionDefinition } from "./billing";
import { nextInvoiceNumber } from "./invoices";
import type { PaymentProvider } from "./provider";
import { DEFAULT_SUBSCRIPTION_MESSAGES } from "./subscriptionMessages";

/**
 * An account in these states may start a subscription: none running (inactive), the grace period
 * (canceled), or an unpaid one (past due: the new one replaces it, and the payment restores active).
 */
export const MAY_START: readonly SubscriptionState[] = ["inactive", "canceled", "past_due"];
export const ALREADY_SUBSCRIBED = "This account already has a subscription: there is nothing to start.";

type Reader = Pick<Database, "select">;

interface Priced {
  quote: SubscriptionQuote;
  /** The discount row that applies, to count its redemption. */
  discountId: string | null;
}

/** The price of a plan now, with its code (422 on discountCode when it does not apply). */
export async function priceSubscription(db: Reader, request: QuoteRequest, now: Date, lock = false): Promise<Priced> {
  const plan = planOf(request.plan);
  const price = priceOf(plan, request.interval);
  const code = normalizeDiscountCode(request.discountCode ?? "");
  let discount: SubscriptionQuote["discount"] = null;
  let discountId: string | null = null;
  if (code !== "") {
    const query = db.select().from(discounts).where(eq(discounts.code, code));
    // Starting locks the code's row: two accounts racing for its last redemption take turns.
    const [row] = lock ? await query.for("update") : await query;
    if (!row) throw fieldError(422, "discountCode", UNKNOWN_DISCOUNT_CODE);
    const refusal = discountRefusal(row, now, plan.currency);
    if (refusal !== null) throw fieldError(422, "discountCode", refusal);
    discount = {
      code: row.code,
      description: row.description,
      kind: row.kind,
      percentOff: row.kind === "percent" ? row.percentOff : null,
      amountOff: discountAmount(row, price),
    };
    discountId = row.id;
  }
  const quote: SubscriptionQuote = {
    plan: plan.id,
    planName: plan.name,
    interval: request.interval,
    currency: plan.currency,
    price,
    discount,
    total: price - (discount?.amountOff ?? 0),
    periodStart: now.toISOString(),
    periodEnd: periodEnd(now, request.interval).toISOString(),
  };
  return { quote, discountId };
}

/** The card's meaning, before anything is charged or written: 422 naming the field. */
export function checkCard(card: StartSubscriptionRequest["card"], now: Date): void {
  if (!cardNumberValid(card.number)) throw fieldError(422, "card.number", "This card number is not valid.");
  const expiry = expiryProblem(card.expiry, now);
  if (expiry === "format") throw fieldError(422, "card.expiry", "Enter the expiry date as MM/YY.");
  if (expiry === "expired") throw fieldError(422, "card.expiry", "This card has expired.");
  const brand = cardBrand(cardDigits(card.number)!);
  if (!cvcValid(card.cvc, brand))
    throw fieldError(
      422,
      "card.cvc",
      brand === "Amex" ? "Enter the 4 digits on the card." : "Enter the 3 digits on the back of the card.",
    );
  if (card.name.trim() === "") throw fieldError(422, "card.name", "Enter the name on the card.");
}

/**
 * The payment id an attempt's key stands for: the same key of the same account is the same
 * payment, and one account's key can never name another account's payment.
 */
export function paymentIdFor(accountId: string, idempotencyKey: string): string {
  const hex = createHash("sha256").update(`${accountId}:${idempotencyKey.toLowerCase()}`).digest("hex");
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  // A UUID like every other id (version 8: application-defined).
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export type StartOutcome = { ok: true; answer: StartSubscriptionResponse } | { ok: false; reason: string };

const ACTIVE_STATUS = { status: "active" as const, message: DEFAULT_SUBSCRIPTION_MESSAGES.active };
const asSuperAdmin = (caller: Caller): Caller => ({ ...caller, role: "SuperAdmin" });

/** What the first attempt with this key answered. */
async function replay(tx: Tx, caller: Caller, earlier: typeof payments.$inferSelect): Promise<StartOutcome> {
  if (earlier.status !== "succeeded" || earlier.subscriptionId === null)
    return { ok: false, reason: earlier.failureReason ?? "Your card was declined." };
  const subscription = await findRecord(tx, subscriptionDefinition, asSuperAdmin(caller), earlier.subscriptionId);
  const payment = await findRecord(tx, paymentDefinition, asSuperAdmin(caller), earlier.id);
  return { ok: true, answer: { subscription: subscription!, payment: payment!, status: ACTIVE_STATUS } };
}

export interface StartDeps {
  db: Database;
  provider: PaymentProvider;
  now: Date;
  log: { info(details: object, message: string): void };
}

/**
 * One attempt: the account locked, a repeat answered from its payment, 409 when the account needs
 * no new subscription, the price, the charge, then either the paid subscription (and all it
 * changes) or the failed payment row alone. Nothing else is written on a refusal.
 */
export async function startSubscription(
  { db, provider, now, log }: StartDeps,
  caller: Caller,
  request: StartSubscriptionRequest,
  idempotencyKey: string,
): Promise<StartOutcome> {
  checkCard(request.card, now);
  const paymentId = paymentIdFor(caller.accountId, idempotencyKey);
  return db.transaction(async (tx) => {
    const [account] = await rowsOf(
      tx,
      sql`select subscription_status, subscription_message from accounts where id = ${caller.accountId} for update`,
    );
    if (!account) throw notFound("Account not found.");
    const [earlier] = await tx.select().from(payments).where(eq(payments.id, paymentId));
    if (earlier) return replay(tx, caller, earlier);
    const status = account.subscription_status as SubscriptionState;
    if (!MAY_START.includes(status)) throw new HttpError(409, ALREADY_SUBSCRIBED);

    const { quote, discountId } = await priceSubscription(tx, request, now, true);
    const charge = await provider.charge({
      amount: quote.total,
      currency: quote.currency,
      card: request.card,
      description: `${quote.planName} (${quote.interval === "year" ? "yearly" : "monthly"})`,
      idempotencyKey: paymentId,
    });
    // The attempt's payment, whether the charge went through or not.
    const payment = {
      id: paymentId,
      accountId: caller.accountId,
      amount: quote.total,
      currency: quote.currency,
      method: "card" as const,
      methodDetail: cardLabel(charge.brand, charge.last4),
      invoiceNumber: await nextInvoiceNumber(tx, now),
      date: now,
    };
    const actor = actorOf(caller);

    if (!charge.ok) {
      // The refusal is kept as a failed payment (what the account's Payments and a super admin
      // see of the attempt); the subscription, the account and the lifecycle stay as they were.
      await tx.insert(payments).values({ ...payment, status: "failed", failureReason: charge.reason });
      await logCreated(tx, caller, "payments", paymentId);
      log.info({ paymentId, provider: provider.name }, "subscription charge declined");
      return { ok: false, reason: charge.reason };
    }

    const subscriptionId = randomUUID();
    await tx.insert(subscriptions).values({
      id: subscriptionId,
      accountId: caller.accountId,
      plan: quote.planName,
      // What each renewal costs: a code takes its part off this first payment only.
      price: quote.price,
      currency: quote.currency,
      interval: quote.interval,
      status: "active",
      currentPeriodStart: now,
      currentPeriodEnd: new Date(quote.periodEnd),
    });
    await tx.insert(payments).values({ ...payment, subscriptionId, status: "succeeded" });
    // A past-due subscription is replaced: it ends now, unpaid, and the new one runs from today.
    const replaced = await rowsOf(
      tx,
      sql`update subscriptions set status = 'canceled', canceled_at = ${now.toISOString()}::timestamptz,
          cancel_at_period_end = false, version = version + 1
        where account_id = ${caller.accountId} and status = 'past_due' and id <> ${subscriptionId}
        returning id`,
    );
    await tx.execute(
      sql`update accounts set subscription_status = 'active', subscription_message = null, version = version + 1
        where id = ${caller.accountId}`,
    );
    const canceled = await rowsOf(
      tx,
      sql`update scheduled_actions set canceled_at = ${now.toISOString()}::timestamptz, outcome = 'paid'
        where account_id = ${caller.accountId} and done_at is null and canceled_at is null
        returning id, kind, reason, run_at`,
    );
    if (discountId !== null) {
      await tx
        .update(discounts)
        .set({ redemptionCount: sql`${discounts.redemptionCount} + 1`, version: sql`${discounts.version} + 1` })
        .where(eq(discounts.id, discountId));
    }

    for (const row of replaced) {
      await logActivity(tx, {
        ...actor,
        action: "update",
        resource: "subscriptions",
        recordId: row.id as string,
        changes: { status: ["past_due", "canceled"] },
      });
    }
    await logCreated(tx, caller, "subscriptions", subscriptionId);
    await logCreated(tx, caller, "payments", paymentId);
    await logActivity(tx, {
      ...actor,
      action: "update",
      resource: "accounts",
      recordId: caller.accountId,
      changes: accountChanges(account),
    });
    // Each step made moot is an entry on the account, as a super admin's cancel is (lifecycle/routes.ts).
    for (const row of canceled) {
      await logActivity(tx, {
        ...actor,
        action: "cancel-scheduled",
        resource: "accounts",
        recordId: caller.accountId,
        changes: { kind: row.kind, reason: row.reason, runAt: row.run_at, outcome: "paid" },
      });
    }
    if (discountId !== null) await logRedemption(tx, caller, discountId);
    log.info(
      { paymentId, subscriptionId, provider: provider.name, reference: charge.reference },
      "subscription started",
    );
    return replay(tx, caller, (await tx.select().from(payments).where(eq(payments.id, paymentId)))[0]!);
  });
}

/** What the account's update changed: its status, and a custom message it may have had. */
function accountChanges(account: Row): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = { subscriptionStatus: [account.subscription_status, "active"] };
  if (account.subscription_message !== null) changes.subscriptionMessage = [account.subscription_message, null];
  return changes;
}

/** A create's entry holds the whole record, as the resources' creates do. */
async function logCreated(tx: Tx, caller: Caller, resource: "payments" | "subscriptions", id: string) {
  const record =
    resource === "payments"
      ? await findRecord(tx, paymentDefinition, asSuperAdmin(caller), id)
      : await findRecord(tx, subscriptionDefinition, asSuperAdmin(caller), id);
  await logActivity(tx, { ...actorOf(caller), action: "create", resource, recordId: id, changes: record as Row });
}

async function logRedemption(tx: Tx, caller: Caller, discountId: string) {
  const [row] = await tx
    .select({ count: discounts.redemptionCount })
    .from(discounts)
    .where(eq(discounts.id, discountId));
  const count = row?.count ?? 0;
  await logActivity(tx, {
    ...actorOf(caller),
    action: "update",
    resource: "discounts",
    recordId: discountId,
    changes: { redemptionCount: [count - 1, count] },
  });
}
